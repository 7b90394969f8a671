import http from 'node:http'
import https from 'node:https'
import tls from 'node:tls'
import { type NotificationAuthSchema, parseHttpUrl, type Static } from '@plazo/contract'
import type { CertificateStore } from './certificates.ts'
import { DeliveryError, type PostRequest, type PostResponse, post } from './http-post.ts'
import { type OAuth2Credentials, OAuth2TokenCache, snippet } from './oauth2-tokens.ts'
import { signatureHeaders } from './signature.ts'

export type NotificationAuth = Static<typeof NotificationAuthSchema>

export const USER_AGENT = 'Plazo-Webhooks/1.0'

/** Where one notification goes and how: read at each try. */
export interface Destination {
  url: string
  auth: NotificationAuth | null
  /** The signing secrets, each signing the notification (two during a rotation's overlap). */
  secrets: readonly string[]
  /**
   * The Standard Webhooks headers to send instead of signing with `secrets`: the integration check sends
   * notifications signed its own ways (forged, stale, none…).
   */
  signatureHeaders?: Readonly<Record<string, string>> | undefined
}

export interface Outcome {
  ok: boolean
  statusCode: number | null
  error: string | null
  /** How long the receiver asked to be left alone (`Retry-After` on a 429 or 503), in ms. */
  retryAfterMs?: number | undefined
  /** The receiver answered 410 Gone: the endpoint is gone for good, the event is not tried again by itself. */
  gone?: boolean | undefined
  /** The first 2 KB of the answer's body (UTF-8, cut on a character); none for a 2XX, whose body is not read. */
  responseExcerpt?: string | undefined
}

/** How much of an endpoint's answer a try keeps, in bytes. */
export const RESPONSE_EXCERPT_BYTES = 2048

export interface SenderOptions {
  certificates: CertificateStore
  now: () => Date
  timeoutMs: number
  trustedCertificates?: readonly string[] | undefined
  post?: ((request: PostRequest) => Promise<PostResponse>) | undefined
}

/**
 * The HTTP side of a try: signs the notification, authenticates as `notification_auth` says (static header,
 * OAuth2 password grant with a token cache, or the sandbox client certificate) and POSTs it once, within the
 * timeout. A receiver's failure is an Outcome; only Plazo's own failures throw.
 */
export class NotificationSender {
  readonly #certificates: CertificateStore
  readonly #now: () => Date
  readonly #timeoutMs: number
  readonly #post: (request: PostRequest) => Promise<PostResponse>
  readonly #tokens: OAuth2TokenCache
  readonly #ca: string[] | undefined
  readonly #httpAgent: http.Agent
  readonly #httpsAgent: https.Agent
  #clientCertAgent: Promise<https.Agent> | undefined

  constructor(options: SenderOptions) {
    this.#certificates = options.certificates
    this.#now = options.now
    this.#timeoutMs = options.timeoutMs
    this.#post = options.post ?? post
    this.#ca = options.trustedCertificates?.length
      ? [...tls.rootCertificates, ...options.trustedCertificates]
      : undefined
    // Idle sockets are closed before the usual 5 s keep-alive of servers, so a reused socket is rarely one
    // the receiver is closing at that moment.
    const agentOptions = { keepAlive: true, timeout: 4_000, maxSockets: 64 }
    this.#httpAgent = new http.Agent(agentOptions)
    this.#httpsAgent = new https.Agent({ ...agentOptions, ...(this.#ca ? { ca: this.#ca } : {}) })
    this.#tokens = new OAuth2TokenCache({
      post: (request) => this.#post({ ...request, agent: this.#agentFor(request.url) }),
      timeoutMs: () => this.#timeoutMs,
      now: this.#now,
      userAgent: USER_AGENT,
    })
  }

  /** Sends `body`, the event's JSON text, to `destination`. */
  async send(eventId: string, body: string, destination: Destination): Promise<Outcome> {
    try {
      const url = parseHttpUrl(destination.url)
      if (!url)
        throw new DeliveryError(`notification_url ${destination.url} is not a usable http or https URL`)
      const auth = destination.auth
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT }
      let agent: http.Agent = this.#agentFor(url)
      let oauth: OAuth2Credentials | undefined
      if (auth && 'authorization_header' in auth) {
        headers.authorization = auth.authorization_header
        if (auth.content_type) headers['content-type'] = auth.content_type
      } else if (auth && 'url' in auth) {
        oauth = auth
      } else if (auth && 'authorization_cert' in auth && auth.authorization_cert) {
        if (url.protocol !== 'https:') {
          throw new DeliveryError('authorization_cert needs an https notification_url')
        }
        agent = await this.#clientCertificateAgent()
      }
      const send = async (accessToken?: string): Promise<PostResponse> => {
        const signed =
          destination.signatureHeaders ?? signatureHeaders(destination.secrets, eventId, body, this.#now())
        return this.#post({
          url,
          body,
          agent,
          timeoutMs: this.#timeoutMs,
          // A 2XX status line is the acknowledgement: a slow or broken body after it must not turn a delivery
          // into a failure that sends the notification again.
          statusDecides: true,
          headers: {
            ...headers,
            ...signed,
            ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
          },
        })
      }
      let response: PostResponse
      if (oauth) {
        const token = await this.#tokens.token(oauth)
        response = await send(token)
        if (response.statusCode === 401) {
          // The receiver no longer accepts the cached token (revoked, or expired early): one fresh token, once.
          this.#tokens.invalidate(oauth, token)
          response = await send(await this.#tokens.token(oauth))
        }
      } else {
        response = await send()
      }
      if (response.statusCode >= 200 && response.statusCode <= 299) {
        return { ok: true, statusCode: response.statusCode, error: null }
      }
      const throttled = response.statusCode === 429 || response.statusCode === 503
      return {
        ok: false,
        statusCode: response.statusCode,
        error: `HTTP ${response.statusCode}${snippet(response.body)}`,
        responseExcerpt: excerpt(response.body),
        retryAfterMs: throttled ? retryAfterMs(response.retryAfter, this.#now()) : undefined,
        gone: response.statusCode === 410,
      }
    } catch (error) {
      if (error instanceof DeliveryError) return { ok: false, statusCode: null, error: error.message }
      throw error
    }
  }

  /** Closes the sockets kept alive. */
  async destroy(): Promise<void> {
    this.#httpAgent.destroy()
    this.#httpsAgent.destroy()
    if (this.#clientCertAgent) (await this.#clientCertAgent.catch(() => undefined))?.destroy()
  }

  #agentFor(url: URL): http.Agent {
    return url.protocol === 'https:' ? this.#httpsAgent : this.#httpAgent
  }

  #clientCertificateAgent(): Promise<https.Agent> {
    this.#clientCertAgent ??= this.#certificates.get().then(
      ({ client }) =>
        new https.Agent({
          keepAlive: true,
          timeout: 4_000,
          maxSockets: 64,
          ...(this.#ca ? { ca: this.#ca } : {}),
          // The chain up to (not including) the root the receiver trusts: here just the client certificate.
          cert: client.certificate,
          key: client.privateKey,
        }),
    )
    this.#clientCertAgent.catch(() => {
      this.#clientCertAgent = undefined
    })
    return this.#clientCertAgent
  }
}

/** IMF-fixdate, the form HTTP dates are sent in: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/

/**
 * A `Retry-After` value in ms from `now`: delay-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when it is
 * absent, malformed or in the past.
 */
export function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  if (!HTTP_DATE.test(text)) return undefined
  const at = Date.parse(text)
  if (Number.isNaN(at) || at <= now.getTime()) return undefined
  return at - now.getTime()
}

/** The first RESPONSE_EXCERPT_BYTES of a body, never cutting a character in two. */
export function excerpt(body: string): string {
  const bytes = Buffer.from(body, 'utf8')
  if (bytes.length <= RESPONSE_EXCERPT_BYTES) return body
  // A UTF-8 continuation byte is 10xxxxxx: step back to the start of the character the cut falls in.
  let end = RESPONSE_EXCERPT_BYTES
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--
  return bytes.subarray(0, end).toString('utf8')
}
