import { Plazo, type PlazoTokens } from '@plazo/node'
import { apiUrl, readConfig, writeConfig } from './config.ts'
import { CliError } from './errors.ts'

export interface GlobalOptions {
  json?: boolean
  debug?: boolean
  apiUrl?: string
}

/**
 * An SDK client for a command. Credentials, first found wins: PLAZO_ACCESS_TOKEN; PLAZO_USERNAME +
 * PLAZO_PASSWORD; the tokens `plazo login` stored. The SDK refreshes an expired token by itself and hands the
 * new tokens to `onTokens`, which keeps them in the stored configuration (when they came from there).
 */
export class Session {
  readonly plazo: Plazo
  readonly apiUrl: string

  constructor(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env) {
    this.apiUrl = apiUrl(options.apiUrl, env)
    const stored = readConfig(env)
    const persist = !env.PLAZO_ACCESS_TOKEN && !(env.PLAZO_USERNAME && env.PLAZO_PASSWORD)
    const onTokens = (tokens: PlazoTokens) => {
      if (persist) saveTokens(tokens, this.apiUrl, env)
    }
    const common = { apiUrl: this.apiUrl, onTokens, maxNetworkRetries: 1, timeout: 15_000 }
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

/** Stores the tokens of a login (never a password), for the next `plazo` command. */
export function saveTokens(tokens: PlazoTokens, url: string, env: NodeJS.ProcessEnv = process.env): void {
  writeConfig(
    {
      api_url: url,
      access_token: tokens.accessToken,
      ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
      ...(tokens.expiresIn
        ? { expires_at: new Date(Date.now() + tokens.expiresIn * 1000).toISOString() }
        : {}),
    },
    env,
  )
}
