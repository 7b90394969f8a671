import type {
  EmbeddedCheckoutSessionRequest,
  EmbeddedCreateResponse,
  GetSessionResponse,
  HppCheckoutSessionRequest,
  HppCreateResponse,
  LoginResponseSchema,
  Static,
} from '@plazo/contract'
import type { DemoConfig } from './config.ts'

/** The Plazo API answered with an error. */
export class PlazoApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Plazo API answered ${status}: ${JSON.stringify(body)}`)
    this.name = 'PlazoApiError'
  }
}

/**
 * The store's server-side Plazo client: logs in with the store's credentials, keeps the access token and logs
 * in again when it expires. Only this server holds the credentials and the token.
 */
export class PlazoClient {
  readonly #config: DemoConfig
  #token: Promise<string> | undefined

  constructor(config: DemoConfig) {
    this.#config = config
  }

  async #login(): Promise<string> {
    const res = await fetch(`${this.#config.apiUrl}/api/v2/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: this.#config.username, password: this.#config.password }),
    })
    const body = (await res.json()) as Static<typeof LoginResponseSchema>
    if (!res.ok) throw new PlazoApiError(res.status, body)
    return body.access_token
  }

  async #call<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
    this.#token ??= this.#login()
    const token = await this.#token.catch((error: unknown) => {
      this.#token = undefined
      throw error
    })
    const res = await fetch(`${this.#config.apiUrl}/api/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (res.status === 401 && !retried) {
      // The token expired or was revoked: log in again once.
      this.#token = undefined
      return this.#call(method, path, body, true)
    }
    const text = await res.text()
    const parsed: unknown = text ? JSON.parse(text) : undefined
    if (!res.ok) throw new PlazoApiError(res.status, parsed)
    return parsed as T
  }

  createEmbeddedSession(request: EmbeddedCheckoutSessionRequest): Promise<EmbeddedCreateResponse> {
    return this.#call('POST', '/checkout/', request)
  }

  createHppSession(request: HppCheckoutSessionRequest): Promise<HppCreateResponse> {
    return this.#call('POST', '/checkout/', request)
  }

  getSession(id: string): Promise<GetSessionResponse> {
    return this.#call('GET', `/checkout/${encodeURIComponent(id)}/`)
  }

  /** The secret the API signs webhooks with (Standard Webhooks), or undefined if this API has no such call. */
  async webhookSecret(): Promise<string | undefined> {
    try {
      const body = await this.#call<{ payload: { secret: string } }>('GET', '/webhooks/secret/')
      return body.payload.secret
    } catch (error) {
      if (error instanceof PlazoApiError && error.status === 404) return undefined
      throw error
    }
  }
}
