import { Plazo } from '@plazo/node'
import { apiUrl, readConfig, writeConfig } from './config.ts'
import { CliError } from './errors.ts'

export interface GlobalOptions {
  json?: boolean
  debug?: boolean
  apiUrl?: string
}

/**
 * An SDK client for a command. Credentials, first found wins: PLAZO_ACCESS_TOKEN; PLAZO_USERNAME +
 * PLAZO_PASSWORD; the tokens `plazo login` stored. The SDK refreshes an expired token by itself; the fetch
 * given to it keeps the tokens it obtains in the stored configuration (when they came from there), and
 * remembers the last token sent, which the event stream (not an SDK call) uses.
 */
export class Session {
  readonly plazo: Plazo
  readonly apiUrl: string
  #token: string | undefined

  constructor(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env) {
    this.apiUrl = apiUrl(options.apiUrl, env)
    const stored = readConfig(env)
    const persist = !env.PLAZO_ACCESS_TOKEN && !(env.PLAZO_USERNAME && env.PLAZO_PASSWORD)
    const fetch = async (request: Request): Promise<Response> => {
      const authorization = request.headers.get('authorization')
      if (authorization?.startsWith('Bearer ')) this.#token = authorization.slice(7)
      const response = await globalThis.fetch(request)
      if (persist && response.ok && /\/auth\/(refresh|login)\/?$/.test(new URL(request.url).pathname)) {
        const body = (await response.clone().json()) as Tokens
        this.#token = body.access_token
        saveTokens(body, this.apiUrl, env)
      }
      return response
    }
    const common = { apiUrl: this.apiUrl, fetch, maxNetworkRetries: 1, timeout: 15_000 }
    if (env.PLAZO_ACCESS_TOKEN) {
      this.#token = env.PLAZO_ACCESS_TOKEN
      this.plazo = new Plazo({ ...common, accessToken: env.PLAZO_ACCESS_TOKEN })
    } else if (env.PLAZO_USERNAME && env.PLAZO_PASSWORD) {
      this.plazo = new Plazo({ ...common, username: env.PLAZO_USERNAME, password: env.PLAZO_PASSWORD })
    } else if (stored.access_token) {
      this.#token = stored.access_token
      this.plazo = new Plazo({
        ...common,
        accessToken: stored.access_token,
        ...(stored.refresh_token ? { refreshToken: stored.refresh_token } : {}),
      })
    } else {
      throw new CliError(
        'not logged in: run `plazo login`, or set PLAZO_ACCESS_TOKEN or PLAZO_USERNAME and PLAZO_PASSWORD',
      )
    }
  }

  /** A valid bearer token: the last one sent, or one the SDK gets (logging in or refreshing) for a cheap call. */
  async token(renew = false): Promise<string> {
    if (renew || this.#token === undefined) {
      const before = this.#token
      await this.plazo.webhooks.secret()
      if (renew && this.#token === before) await this.plazo.webhooks.secret()
    }
    if (this.#token === undefined) throw new CliError('could not get an access token')
    return this.#token
  }
}

export interface Tokens {
  access_token: string
  refresh_token?: string
  expires_in?: number
}

export function saveTokens(tokens: Tokens, url: string, env: NodeJS.ProcessEnv = process.env): void {
  writeConfig(
    {
      api_url: url,
      access_token: tokens.access_token,
      ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
      ...(tokens.expires_in
        ? { expires_at: new Date(Date.now() + tokens.expires_in * 1000).toISOString() }
        : {}),
    },
    env,
  )
}
