import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { errorFromAnswer, PlazoAuthenticationError, PlazoConnectionError, type PlazoError } from './errors.ts'

/** A fetch implementation: the global `fetch`, or one that answers in-process (tests, an MCP server). */
export type FetchLike = (request: Request) => Promise<Response>

/** Per-call options of every method. */
export interface RequestOptions {
  /** The Idempotency-Key of a POST. Without it the SDK makes one per call and keeps it across its retries. */
  idempotencyKey?: string
}

export interface TransportOptions {
  apiUrl: string
  maxNetworkRetries: number
  timeout: number
  fetch: FetchLike
  credentials: Credentials
  onTokens?: ((tokens: PlazoTokens) => void) | undefined
}

/** Tokens the client obtained by a login or a refresh (`onTokens`, `Plazo.login()`). */
export interface PlazoTokens {
  accessToken: string
  /** The refresh token of this login (absent if the API gave none). */
  refreshToken?: string
  /** Seconds the access token lives, as the API said. */
  expiresIn?: number
}

export type Credentials =
  | { username: string; password: string }
  | { accessToken: string; refreshToken?: string | undefined }

interface Tokens {
  accessToken: string
  refreshToken: string | undefined
  expiresIn?: number | undefined
}

/** How a call is sent: `auth: false` for the login and refresh calls themselves. */
interface SendOptions extends RequestOptions {
  auth?: boolean
  /**
   * Return a 2xx answer with its body unread (a stream); the timeout then covers only the wait for the headers,
   * and `signal` ends the stream.
   */
  stream?: boolean
  signal?: AbortSignal | undefined
}

export interface JsonInit {
  query?: Record<string, unknown>
  body?: unknown
  auth?: boolean
  idempotencyKey?: string
  accept?: string
}

const IN_PROGRESS = 'plazo.idempotency.in_progress'
const INITIAL_DELAY_MS = 500
const MAX_DELAY_MS = 8_000

/** The delay before retry number `attempt` (0-based): exponential, capped, with half of it random (jitter). */
export function backoffDelay(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_DELAY_MS)
  const ceiling = Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** attempt)
  return ceiling / 2 + Math.random() * (ceiling / 2)
}

async function parseBody(response: Response, bytes: ArrayBuffer): Promise<unknown> {
  if (bytes.byteLength === 0) return undefined
  const body = new TextDecoder().decode(bytes)
  if (!(response.headers.get('content-type') ?? '').includes('json')) return body
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

/**
 * Sends every call of the SDK: adds the bearer token (logging in lazily, renewing once on a 401), the
 * Idempotency-Key of a POST, a timeout per try, and retries with backoff on no answer, a 5xx or a 409
 * "request in progress". Answers other than 2xx become PlazoError subclasses; a 2xx is returned with its body
 * already read, so a connection cut while reading it is retried like any other.
 */
export class Transport {
  readonly apiUrl: string
  readonly #options: TransportOptions
  #tokens: Promise<Tokens> | undefined
  /** `logout()` ended the only login this client had (it was given an access token). */
  #loggedOut = false

  constructor(options: TransportOptions) {
    this.#options = options
    this.apiUrl = options.apiUrl.replace(/\/+$/, '')
    const { credentials } = options
    if ('accessToken' in credentials) {
      this.#tokens = Promise.resolve({
        accessToken: credentials.accessToken,
        refreshToken: credentials.refreshToken,
      })
    }
  }

  /** A fetch for openapi-fetch that sends through this transport with the given per-call options. */
  fetcher(options: SendOptions = {}): FetchLike {
    return (request) => this.send(request, options)
  }

  async send(request: Request, options: SendOptions = {}): Promise<Response> {
    const auth = options.auth ?? true
    const body = request.body === null ? undefined : await request.arrayBuffer()
    const headers = new Headers(request.headers)
    if (request.method === 'POST' && auth && !headers.has('idempotency-key')) {
      headers.set('idempotency-key', options.idempotencyKey ?? randomUUID())
    }
    let renewed = false
    for (let attempt = 0; ; attempt++) {
      const token = auth ? await this.#accessToken() : undefined
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`)
      let response: Response
      let bytes: ArrayBuffer
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(new Error('timed out')), this.#options.timeout)
      const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal
      try {
        response = await this.#options.fetch(
          new Request(request.url, { method: request.method, headers, body: body ?? null, signal }),
        )
        if (options.stream && response.ok) {
          clearTimeout(timer)
          return response
        }
        bytes = await response.arrayBuffer()
      } catch (cause) {
        clearTimeout(timer)
        if (options.signal?.aborted) throw cause
        if (attempt < this.#options.maxNetworkRetries) {
          await sleep(backoffDelay(attempt, null))
          continue
        }
        throw new PlazoConnectionError({
          message: `No answer from the Plazo API at ${request.method} ${request.url} after ${attempt + 1} ${attempt === 0 ? 'try' : 'tries'}: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        })
      }
      clearTimeout(timer)
      if (response.ok) {
        return new Response(bytes, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        })
      }
      const parsed = await parseBody(response, bytes)
      const requestId = response.headers.get('x-request-id') ?? undefined
      if (response.status === 401 && token !== undefined && !renewed) {
        // An expired or revoked token: renew it once and repeat the call (this does not count as a retry).
        renewed = true
        await this.#renew(token, errorFromAnswer(401, parsed, requestId))
        attempt--
        continue
      }
      const inProgress =
        response.status === 409 && (parsed as { exception?: unknown } | undefined)?.exception === IN_PROGRESS
      if ((response.status >= 500 || inProgress) && attempt < this.#options.maxNetworkRetries) {
        await sleep(backoffDelay(attempt, response.headers.get('retry-after')))
        continue
      }
      throw errorFromAnswer(response.status, parsed, requestId)
    }
  }

  /** Sends a JSON call built here (for the login, the refresh and `Plazo.request`) and returns its parsed body. */
  async json(method: string, path: string, init: JsonInit): Promise<unknown> {
    const response = await this.send(this.#build(method, path, init), this.#sendOptions(init))
    return parseBody(response, await response.arrayBuffer())
  }

  /** Like `json`, but answers the Response with its body unread (event streams). */
  stream(method: string, path: string, init: JsonInit & { signal?: AbortSignal }): Promise<Response> {
    return this.send(this.#build(method, path, init), {
      ...this.#sendOptions(init),
      stream: true,
      signal: init.signal,
    })
  }

  #sendOptions(init: JsonInit): SendOptions {
    const options: SendOptions = { auth: init.auth ?? true }
    if (init.idempotencyKey !== undefined) options.idempotencyKey = init.idempotencyKey
    return options
  }

  #build(method: string, path: string, init: JsonInit): Request {
    const url = new URL(`${this.apiUrl}/${path.replace(/^\/+/, '')}`)
    for (const [name, value] of Object.entries(init.query ?? {})) {
      if (value === undefined || value === null) continue
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item))
    }
    const headers = new Headers({ accept: init.accept ?? 'application/json' })
    if (init.body !== undefined) headers.set('content-type', 'application/json')
    return new Request(url, {
      method,
      headers,
      body: init.body === undefined ? null : JSON.stringify(init.body),
    })
  }

  /**
   * Ends the current login (`POST /auth/logout` with its access token) and forgets its tokens. Nothing to end
   * before the first call; a token the API already refuses (401) is ended too. A client given an access token
   * has no login left afterwards; one given a username and password logs in again on its next call.
   */
  async logout(): Promise<{ status: 'ok' }> {
    const current = this.#tokens
    const tokens = await current?.catch(() => undefined)
    if (this.#tokens === current) this.#tokens = undefined
    if (!('username' in this.#options.credentials)) this.#loggedOut = true
    if (tokens === undefined) return { status: 'ok' }
    const request = this.#build('POST', '/auth/logout', {})
    request.headers.set('authorization', `Bearer ${tokens.accessToken}`)
    try {
      const response = await this.send(request, { auth: false })
      return (await parseBody(response, await response.arrayBuffer())) as { status: 'ok' }
    } catch (error) {
      if (!(error instanceof PlazoAuthenticationError)) throw error
      return { status: 'ok' }
    }
  }

  #accessToken(): Promise<string> {
    this.#tokens ??= this.#login()
    const tokens = this.#tokens
    return tokens.then(
      (value) => value.accessToken,
      (error: unknown) => {
        // A failed login is not cached: the next call tries again.
        if (this.#tokens === tokens) this.#tokens = undefined
        throw error
      },
    )
  }

  /**
   * Logs in now with the username and password given (a new login even if one is current), keeps its tokens
   * for the calls that follow and answers them.
   */
  async login(): Promise<PlazoTokens> {
    const login = this.#login()
    this.#tokens = login
    try {
      const { accessToken, refreshToken, expiresIn } = await login
      return {
        accessToken,
        ...(refreshToken !== undefined ? { refreshToken } : {}),
        ...(expiresIn !== undefined ? { expiresIn } : {}),
      }
    } catch (error) {
      if (this.#tokens === login) this.#tokens = undefined
      throw error
    }
  }

  /** Tells `onTokens` of tokens the API just gave; a throwing callback does not fail the call. */
  #obtained(
    body: { access_token: string; refresh_token?: string; expires_in?: number },
    refreshToken?: string,
  ) {
    const tokens: Tokens = {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? refreshToken,
      expiresIn: typeof body.expires_in === 'number' ? body.expires_in : undefined,
    }
    try {
      this.#options.onTokens?.({
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken !== undefined ? { refreshToken: tokens.refreshToken } : {}),
        ...(tokens.expiresIn !== undefined ? { expiresIn: tokens.expiresIn } : {}),
      })
    } catch {
      // The caller's storage failing must not fail its API call.
    }
    return tokens
  }

  async #login(): Promise<Tokens> {
    const { credentials } = this.#options
    if (!('username' in credentials)) {
      throw new PlazoAuthenticationError({
        message: this.#loggedOut
          ? 'This client logged out: create a new one with a new access token.'
          : 'The access token expired and no credentials were given.',
      })
    }
    const body = (await this.json('POST', '/auth/login', {
      body: { username: credentials.username, password: credentials.password },
      auth: false,
    })) as { access_token: string; refresh_token?: string; expires_in?: number }
    return this.#obtained(body)
  }

  async #refresh(refreshToken: string): Promise<Tokens> {
    const body = (await this.json('POST', '/auth/refresh', {
      body: { refresh_token: refreshToken },
      auth: false,
    })) as { access_token: string; refresh_token?: string; expires_in?: number }
    return this.#obtained(body, refreshToken)
  }

  /** Renews the token `stale` (unless another call already did): refresh token first, then a new login. */
  async #renew(stale: string, unauthorized: PlazoError): Promise<void> {
    const current = this.#tokens
    const tokens = await current?.catch(() => undefined)
    if (tokens !== undefined && tokens.accessToken !== stale) return
    const canLogin = 'username' in this.#options.credentials
    if (tokens?.refreshToken === undefined && !canLogin) throw unauthorized
    const renewal = (async () => {
      if (tokens?.refreshToken !== undefined) {
        try {
          return await this.#refresh(tokens.refreshToken)
        } catch {
          if (!canLogin) throw unauthorized
        }
      }
      return this.#login()
    })()
    this.#tokens = renewal
    try {
      await renewal
    } catch (error) {
      if (this.#tokens === renewal) this.#tokens = undefined
      throw error
    }
  }
}
