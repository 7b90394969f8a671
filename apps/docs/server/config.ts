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
  /** Which proxies may tell the client address and protocol (X-Forwarded-For / -Proto). */
  trustProxy: string | boolean
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
  const trustProxyRaw = env.PLAZO_DOCS_TRUST_PROXY ?? 'loopback'
  return {
    port: integer(env, 'PLAZO_DOCS_PORT', 3000, 0, 65535),
    host: env.PLAZO_DOCS_HOST || 'localhost',
    buildDir: env.PLAZO_DOCS_BUILD_DIR || DEFAULT_BUILD_DIR,
    password,
    usingDefaultPassword: !env.PLAZO_DOCS_PASSWORD,
    sessionSecret,
    sessionTtlSeconds: integer(env, 'PLAZO_DOCS_SESSION_HOURS', 12, 1, 24 * 30) * 3600,
    trustProxy: trustProxyRaw === 'true' ? true : trustProxyRaw === 'false' ? false : trustProxyRaw,
    sandboxUrl,
  }
}
