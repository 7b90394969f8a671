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
 * given to it keeps the tokens it obtains in the stored configuration (when they came from there).
 */
export class Session {
  readonly plazo: Plazo
  readonly apiUrl: string

  constructor(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env) {
    this.apiUrl = apiUrl(options.apiUrl, env)
    const stored = readConfig(env)
    const persist = !env.PLAZO_ACCESS_TOKEN && !(env.PLAZO_USERNAME && env.PLAZO_PASSWORD)
    const fetch = async (request: Request): Promise<Response> => {
      const response = await globalThis.fetch(request)
      if (persist && response.ok && /\/auth\/(refresh|login)\/?$/.test(new URL(request.url).pathname)) {
        const body = (await response.clone().json()) as Tokens
        saveTokens(body, this.apiUrl, env)
      }
      return response
    }
    const common = { apiUrl: this.apiUrl, fetch, maxNetworkRetries: 1, timeout: 15_000 }
    if (env.PLAZO_ACCESS_TOKEN) {
      this.plazo = new Plazo({ ...common, accessToken: env.PLAZO_ACCESS_TOKEN })
    } else if (env.PLAZO_USERNAME && env.PLAZO_PASSWORD) {
      this.plazo = new Plazo({ ...common, username: env.PLAZO_USERNAME, password: env.PLAZO_PASSWORD })
    } else if (stored.access_token) {
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
