import { createApi } from './resources/api.ts'
import { CheckoutSessions } from './resources/checkout-sessions.ts'
import { HostedPages } from './resources/hpp.ts'
import { Orders } from './resources/orders.ts'
import { TestHelpers } from './resources/test-helpers.ts'
import { Webhooks } from './resources/webhooks.ts'
import { type Credentials, type FetchLike, type JsonInit, type PlazoTokens, Transport } from './transport.ts'

export const DEFAULT_API_URL = 'http://localhost:4000/api/v2'

interface CommonOptions {
  /** Base URL with `/api/v2`. Default: `PLAZO_API_URL`, else `http://localhost:4000/api/v2`. */
  apiUrl?: string
  /** Retries after no answer, a 5xx or a 409 "request in progress" (default 2; 0 turns them off). */
  maxNetworkRetries?: number
  /** Milliseconds to wait for each try's whole answer (default 30 000). */
  timeout?: number
  /** A fetch implementation taking a `Request` (default: the global `fetch`). */
  fetch?: FetchLike
  /**
   * Called with the new tokens each time the client logs in or refreshes its token, so a program can keep them
   * (the `plazo` CLI stores them for its next run). Never called with the password; an exception it throws is
   * ignored.
   */
  onTokens?: (tokens: PlazoTokens) => void
}

/** Username and password (the SDK logs in by itself), or an access token (and its refresh token, if any). */
export type PlazoOptions = CommonOptions &
  (
    | { username: string; password: string; accessToken?: never; refreshToken?: never }
    | { accessToken: string; refreshToken?: string; username?: never; password?: never }
  )

/** A call to any endpoint, for those the SDK has no method for yet (`Plazo.request`). */
export interface PlazoRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Path under the API URL, e.g. `/checkout/4b1c…` (the `/api/v2` prefix is the API URL's). */
  path: string
  query?: Record<string, string | number | boolean | undefined | Array<string | number | boolean>>
  body?: unknown
  idempotencyKey?: string
}

function jsonInit(request: PlazoRequest): JsonInit {
  const init: JsonInit = {}
  if (request.query !== undefined) init.query = request.query
  if (request.body !== undefined) init.body = request.body
  if (request.idempotencyKey !== undefined) init.idempotencyKey = request.idempotencyKey
  return init
}

function integer(name: string, value: number, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw new TypeError(`Plazo: ${name} must be an integer of at least ${minimum}, got ${value}`)
  }
  return value
}

/**
 * The Plazo API client. Logs in lazily on the first call, renews an expired token once and repeats the call,
 * sends an Idempotency-Key with every POST and retries what can be retried.
 *
 * ```js
 * const plazo = new Plazo({ username: 'demo@plazo.test', password: 'plazo-sandbox' })
 * const session = await plazo.checkoutSessions.create({ merchant, cart, ui: { mode: 'hpp' } })
 * ```
 */
export class Plazo {
  readonly checkoutSessions: CheckoutSessions
  readonly orders: Orders
  readonly hpp: HostedPages
  readonly webhooks: Webhooks
  readonly testHelpers: TestHelpers
  /** The base URL every call goes to. */
  readonly apiUrl: string
  readonly #transport: Transport

  constructor(options: PlazoOptions) {
    let credentials: Credentials
    if (typeof options.accessToken === 'string' && options.accessToken !== '') {
      credentials = { accessToken: options.accessToken, refreshToken: options.refreshToken }
    } else if (typeof options.username === 'string' && typeof options.password === 'string') {
      credentials = { username: options.username, password: options.password }
    } else {
      throw new TypeError('Plazo: give { username, password } or { accessToken }')
    }
    const fetchImpl: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request))
    this.#transport = new Transport({
      apiUrl: options.apiUrl ?? process.env.PLAZO_API_URL ?? DEFAULT_API_URL,
      maxNetworkRetries: integer('maxNetworkRetries', options.maxNetworkRetries ?? 2, 0),
      timeout: integer('timeout', options.timeout ?? 30_000, 1),
      fetch: fetchImpl,
      credentials,
      onTokens: options.onTokens,
    })
    this.apiUrl = this.#transport.apiUrl
    const api = createApi(this.#transport)
    this.checkoutSessions = new CheckoutSessions(api)
    this.orders = new Orders(api)
    this.hpp = new HostedPages(api)
    this.webhooks = new Webhooks(api)
    this.testHelpers = new TestHelpers(api)
  }

  /**
   * A client from the environment: `PLAZO_ACCESS_TOKEN`, else `PLAZO_USERNAME` and `PLAZO_PASSWORD`, and
   * `PLAZO_API_URL`. The samples of the docs start this way.
   */
  static fromEnv(options: CommonOptions = {}, env: NodeJS.ProcessEnv = process.env): Plazo {
    const apiUrl = options.apiUrl ?? env.PLAZO_API_URL ?? DEFAULT_API_URL
    if (env.PLAZO_ACCESS_TOKEN) return new Plazo({ ...options, apiUrl, accessToken: env.PLAZO_ACCESS_TOKEN })
    if (env.PLAZO_USERNAME && env.PLAZO_PASSWORD) {
      return new Plazo({ ...options, apiUrl, username: env.PLAZO_USERNAME, password: env.PLAZO_PASSWORD })
    }
    throw new TypeError('Plazo.fromEnv: set PLAZO_ACCESS_TOKEN, or PLAZO_USERNAME and PLAZO_PASSWORD')
  }

  /**
   * Ends this client's login: its access and refresh tokens, and every pair refreshed from them, stop working
   * at once (`POST /auth/logout`). A client given a username and password logs in again on its next call; one
   * given an access token has none left and throws `PlazoAuthenticationError`.
   */
  logout(): Promise<{ status: 'ok' }> {
    return this.#transport.logout()
  }

  /**
   * Logs in now with the username and password this client was given and answers the tokens (also given to
   * `onTokens`). Calls log in by themselves; this is for a program that wants the login checked or its tokens,
   * as `plazo login` does. Throws `PlazoAuthenticationError` for wrong credentials.
   */
  login(): Promise<PlazoTokens> {
    return this.#transport.login()
  }

  /**
   * Calls any endpoint through the same login, token renewal, Idempotency-Key, retries and errors as the
   * methods; answers its parsed JSON body (a string if the answer is not JSON, undefined if empty). For
   * endpoints the SDK has no method for yet; the answer is not typed.
   */
  request<T = unknown>(request: PlazoRequest): Promise<T> {
    return this.#transport.json(request.method, request.path, jsonInit(request)) as Promise<T>
  }

  /**
   * Opens a streaming answer (Server-Sent Events and the like) with the same login and token renewal: resolves
   * with the `Response` once a 2xx arrives (its `body` unread), or throws the PlazoError of any other answer.
   * `timeout` covers only the wait for the headers; `signal` closes the stream. Not retried once it is open.
   */
  stream(request: PlazoRequest & { signal?: AbortSignal; accept?: string }): Promise<Response> {
    const init: JsonInit & { signal?: AbortSignal } = jsonInit(request)
    init.accept = request.accept ?? 'text/event-stream'
    if (request.signal !== undefined) init.signal = request.signal
    return this.#transport.stream(request.method, request.path, init)
  }
}
