import { isIP } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createPasswordVerifier, type PasswordVerifier } from './password.ts'

/** The gate's settings, read from the environment once at start and validated (DESIGN.md, Environment). */
export interface GateConfig {
  port: number
  host: string
  buildDir: string
  password: PasswordVerifier
  /** True when PLAZO_DOCS_PASSWORD is not set and the local default is in use. */
  usingDefaultPassword: boolean
  /** Signs the session cookie; random per process unless PLAZO_DOCS_SESSION_SECRET is set. */
  sessionSecret: string | undefined
  sessionTtlSeconds: number
  /**
   * Which proxies may tell the client address and protocol (X-Forwarded-For / -Proto): Fastify's `trustProxy`,
   * a list of addresses, ranges and proxy-addr's names; false (none) unless set.
   */
  trustProxy: string | false
  /** The sandbox API the reference pages' Try it console calls through the gate. */
  sandboxUrl: string
}

export const DEFAULT_DOCS_PASSWORD = 'plazo-docs'
export const DEFAULT_BUILD_DIR = fileURLToPath(new URL('../build/', import.meta.url))

export class ConfigError extends Error {
  constructor(variable: string, expected: string) {
    super(`Invalid ${variable}: ${expected}.`)
    this.name = 'ConfigError'
  }
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `expected an integer from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

/** proxy-addr's names for the reserved ranges, which Fastify's trustProxy accepts in its list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true
  const [address = '', mask, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (mask === undefined) return true
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128)
  return family === 4 && isIP(mask) === 4
}

/**
 * PLAZO_DOCS_TRUST_PROXY names the proxy in front of the gate: its addresses or ranges (`loopback`, `10.0.0.0/8`,
 * comma-separated). Unset, empty or `false`: none, and the gate keys the login throttle on the address actually
 * connected. `true` (believe every hop) is refused: with it any client chooses its own address with
 * X-Forwarded-For.
 */
function trustProxySetting(raw: string | undefined): string | false {
  const value = raw?.trim() ?? ''
  if (value === '' || value === 'false') return false
  const entries = value.split(',').map((entry) => entry.trim())
  if (entries.every(isProxyEntry)) return entries.join(',')
  throw new ConfigError(
    'PLAZO_DOCS_TRUST_PROXY',
    `expected the proxy's addresses or ranges, comma-separated (e.g. "loopback" or "10.0.0.0/8,::1"), got "${value}"`,
  )
}

export function loadGateConfig(env: NodeJS.ProcessEnv = process.env): GateConfig {
  const passwordSetting = env.PLAZO_DOCS_PASSWORD || DEFAULT_DOCS_PASSWORD
  let password: PasswordVerifier
  try {
    password = createPasswordVerifier(passwordSetting)
  } catch (error) {
    throw new ConfigError('PLAZO_DOCS_PASSWORD', (error as Error).message)
  }
  const sessionSecret = env.PLAZO_DOCS_SESSION_SECRET || undefined
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError('PLAZO_DOCS_SESSION_SECRET', 'expected at least 32 characters')
  }
  const sandboxUrl =
    env.PLAZO_DOCS_SANDBOX_URL || `http://localhost:${integer(env, 'PLAZO_API_PORT', 4000, 1, 65535)}`
  if (!URL.canParse(sandboxUrl) || !/^https?:$/.test(new URL(sandboxUrl).protocol)) {
    throw new ConfigError(
      'PLAZO_DOCS_SANDBOX_URL',
      `expected an http:// or https:// URL, got "${sandboxUrl}"`,
    )
  }
  return {
    port: integer(env, 'PLAZO_DOCS_PORT', 3000, 0, 65535),
    host: env.PLAZO_DOCS_HOST || 'localhost',
    buildDir: env.PLAZO_DOCS_BUILD_DIR || DEFAULT_BUILD_DIR,
    password,
    usingDefaultPassword: !env.PLAZO_DOCS_PASSWORD,
    sessionSecret,
    sessionTtlSeconds: integer(env, 'PLAZO_DOCS_SESSION_HOURS', 12, 1, 24 * 30) * 3600,
    trustProxy: trustProxySetting(env.PLAZO_DOCS_TRUST_PROXY),
    sandboxUrl,
  }
}
