import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * What `plazo` keeps between runs, in `$XDG_CONFIG_HOME/plazo/config.json` (default `~/.config/plazo/`), mode
 * 0600: the tokens of `plazo login` (never a password) and the signing secret of `plazo listen`, so a
 * receiver configured once keeps verifying across runs.
 */
export interface StoredConfig {
  api_url?: string
  access_token?: string
  refresh_token?: string
  /** When the access token expires (ISO time). */
  expires_at?: string
  /** The `whsec_` secret `plazo listen` signs with. */
  listen_secret?: string
}

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config')
  return join(base, 'plazo')
}

export const configFile = (env: NodeJS.ProcessEnv = process.env): string =>
  join(configDir(env), 'config.json')

export function readConfig(env: NodeJS.ProcessEnv = process.env): StoredConfig {
  try {
    return JSON.parse(readFileSync(configFile(env), 'utf8')) as StoredConfig
  } catch {
    return {}
  }
}

/** Merges `changes` into the stored configuration; the file is written 0600, its folder 0700. */
export function writeConfig(changes: StoredConfig, env: NodeJS.ProcessEnv = process.env): StoredConfig {
  const next = { ...readConfig(env), ...changes }
  store(next, env)
  return next
}

function store(config: StoredConfig, env: NodeJS.ProcessEnv): void {
  mkdirSync(configDir(env), { recursive: true, mode: 0o700 })
  writeFileSync(configFile(env), `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  chmodSync(configFile(env), 0o600)
}

/** Removes the tokens of `plazo login`, keeping the rest (the API URL, the listen secret). */
export function forgetTokens(env: NodeJS.ProcessEnv = process.env): void {
  const { access_token: _access, refresh_token: _refresh, expires_at: _expires, ...rest } = readConfig(env)
  store(rest, env)
}

export const DEFAULT_API_URL = 'http://localhost:4000/api/v2'

/** The API base: PLAZO_API_URL, else what login stored, else the local sandbox. */
export function apiUrl(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const url = option || env.PLAZO_API_URL || readConfig(env).api_url || DEFAULT_API_URL
  return url.replace(/\/+$/, '')
}
