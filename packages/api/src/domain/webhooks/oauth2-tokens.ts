import { createHash } from 'node:crypto'
import { type OAuth2PasswordAuthSchema, parseHttpUrl, type Static } from '@plazo/contract'
import { DeliveryError, type PostRequest, type PostResponse } from './http-post.ts'

export type OAuth2Credentials = Static<typeof OAuth2PasswordAuthSchema>

interface CachedToken {
  accessToken: string
  /** Epoch ms after which the token is not used again; undefined when the server gave no `expires_in`. */
  expiresAt: number | undefined
}

/** Tokens are dropped this long before `expires_in` runs out, so none expires on its way to the receiver. */
const EXPIRY_MARGIN_MS = 5_000
/** Bounds the memory a merchant with many distinct credentials can take. */
const MAX_ENTRIES = 1_000

export interface OAuth2TokenCacheOptions {
  post: (request: PostRequest) => Promise<PostResponse>
  timeoutMs: () => number
  now: () => Date
  userAgent: string
}

/**
 * Access tokens of the OAuth2 password grant (`notification_auth` with `url`, `client_id`, `client_secret`,
 * `username`, `password`), cached per set of credentials until `expires_in` passes. Concurrent deliveries with
 * the same credentials share one token request. Kept in memory: each API node fetches its own token.
 */
export class OAuth2TokenCache {
  readonly #options: OAuth2TokenCacheOptions
  readonly #tokens = new Map<string, CachedToken>()
  readonly #inFlight = new Map<string, Promise<CachedToken>>()

  constructor(options: OAuth2TokenCacheOptions) {
    this.#options = options
  }

  /** A valid access token for these credentials, from the cache or the token endpoint. */
  async token(credentials: OAuth2Credentials): Promise<string> {
    const key = cacheKey(credentials)
    const cached = this.#tokens.get(key)
    if (cached && (cached.expiresAt === undefined || cached.expiresAt > this.#options.now().getTime())) {
      return cached.accessToken
    }
    let pending = this.#inFlight.get(key)
    if (!pending) {
      pending = this.#fetch(credentials).finally(() => this.#inFlight.delete(key))
      this.#inFlight.set(key, pending)
    }
    const fresh = await pending
    this.#tokens.delete(key)
    if (this.#tokens.size >= MAX_ENTRIES) this.#tokens.delete(this.#tokens.keys().next().value as string)
    this.#tokens.set(key, fresh)
    return fresh.accessToken
  }

  /** The receiver refused `accessToken` (401): forget it, unless a newer token already replaced it. */
  invalidate(credentials: OAuth2Credentials, accessToken: string): void {
    const key = cacheKey(credentials)
    if (this.#tokens.get(key)?.accessToken === accessToken) this.#tokens.delete(key)
  }

  async #fetch(credentials: OAuth2Credentials): Promise<CachedToken> {
    const fetchedAt = this.#options.now().getTime()
    const url = parseHttpUrl(credentials.url)
    if (!url) throw new DeliveryError(`OAuth2 token url ${credentials.url} is not a usable http or https URL`)
    const body = new URLSearchParams({
      grant_type: 'password',
      username: credentials.username,
      password: credentials.password,
      client_id: credentials.client_id,
      client_secret: credentials.client_secret,
    }).toString()
    let response: PostResponse
    try {
      response = await this.#options.post({
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'user-agent': this.#options.userAgent,
        },
        body,
        timeoutMs: this.#options.timeoutMs(),
      })
    } catch (error) {
      throw new DeliveryError(`OAuth2 token request failed: ${(error as Error).message}`)
    }
    if (response.statusCode < 200 || response.statusCode > 299) {
      throw new DeliveryError(
        `OAuth2 token request failed: HTTP ${response.statusCode}${snippet(response.body)}`,
      )
    }
    let parsed: { access_token?: unknown; expires_in?: unknown; token_type?: unknown }
    try {
      parsed = JSON.parse(response.body) as typeof parsed
    } catch {
      throw new DeliveryError('OAuth2 token response is not JSON')
    }
    if (typeof parsed?.access_token !== 'string' || parsed.access_token === '') {
      throw new DeliveryError('OAuth2 token response has no access_token')
    }
    if (typeof parsed.token_type === 'string' && parsed.token_type.toLowerCase() !== 'bearer') {
      throw new DeliveryError(`OAuth2 token_type ${parsed.token_type} is not supported: expected Bearer`)
    }
    const expiresIn = Number(parsed.expires_in)
    return {
      accessToken: parsed.access_token,
      expiresAt:
        parsed.expires_in !== undefined && Number.isFinite(expiresIn)
          ? fetchedAt + expiresIn * 1000 - Math.min(EXPIRY_MARGIN_MS, expiresIn * 100)
          : undefined,
    }
  }
}

function cacheKey(credentials: OAuth2Credentials): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        credentials.url,
        credentials.client_id,
        credentials.client_secret,
        credentials.username,
        credentials.password,
      ]),
    )
    .digest('hex')
}

/** `: <first 200 characters>` of a response body, for error messages. */
export function snippet(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim()
  if (text === '') return ''
  return `: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`
}
