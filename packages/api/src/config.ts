import { CONSTANTS } from '@plazo/contract'
// Configuration is read once, at boot, from the environment (DESIGN.md "Environment"). A wrong value stops
// start-up with a message naming the variable and what it expects, instead of failing later mid-request.

export interface Config {
  /** Port of the API, the hosted page and the checkout-js bundle. */
  apiPort: number
  /** Port of the gated docs site. */
  docsPort: number
  /** `sqlite:<path>`, `sqlite::memory:` or `postgres://…` / `postgresql://…`. */
  databaseUrl: string
  /** Base of `redirect_url`, `qr_code_url` and `distribution_url`, without a trailing slash. */
  publicUrl: string
  /** The shared docs password (3–50 characters). */
  docsPassword: string
  /** The docs site as merchants reach it, without a trailing slash: the integration check links its guide there. */
  docsUrl: string
  /** Enables the sandbox test-helper endpoints. */
  sandbox: boolean
  /** Lifetime of an access token, reported as `expires_in` at login. */
  accessTokenTtlSeconds: number
  /** The provider's brand, kept in one place so a deployment can rename it. */
  brandName: string
  /**
   * The code a hosted sandbox gives merchants to sign up (PLAZO_SIGNUP_CODE). Set, the sandbox is hosted for
   * many merchants: the seeded accounts get random passwords instead of the documented one.
   */
  signupCode: string | undefined
  /**
   * A sandbox others reach (a signup code is set, or PLAZO_WEBHOOK_TARGETS=public, which `plazo-sandbox --hosted`
   * sets): the seeded accounts get random passwords instead of the documented one.
   */
  hosted: boolean
}

export interface ConfigIssue {
  variable: string
  message: string
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  readonly issues: readonly ConfigIssue[]

  constructor(issues: readonly ConfigIssue[]) {
    super(
      issues.length === 1
        ? `Invalid configuration: ${format(issues[0] as ConfigIssue)}`
        : `Invalid configuration:\n${issues.map((issue) => `  - ${format(issue)}`).join('\n')}`,
    )
    this.issues = issues
  }
}

function format(issue: ConfigIssue): string {
  return `${issue.variable} ${issue.message}`
}

export const CONFIG_DEFAULTS = {
  apiPort: 4000,
  docsPort: 3000,
  databaseUrl: 'sqlite:./data/plazo.sqlite',
  docsPassword: 'plazo-docs',
  sandbox: true,
  accessTokenTtlSeconds: CONSTANTS.ACCESS_TOKEN_TTL_SECONDS.value,
  brandName: 'Plazo',
} as const

type Env = Readonly<Record<string, string | undefined>>

/**
 * Builds the configuration from an environment (usually `process.env`). Pure: it reads nothing else.
 * An empty variable counts as unset, as `FOO=` in a compose file usually means "no value".
 * Every wrong variable is reported at once in a single {@link ConfigError}.
 */
export function loadConfig(env: Env): Config {
  const issues: ConfigIssue[] = []
  const read = <T>(
    variable: string,
    fallback: T,
    parse: (raw: string) => T | Invalid,
    { trim = true }: { trim?: boolean } = {},
  ): T => {
    const value = env[variable]
    if (value === undefined || value.trim() === '') return fallback
    const raw = trim ? value.trim() : value
    const parsed = parse(raw)
    if (parsed instanceof Invalid) {
      issues.push({ variable, message: `${parsed.expected}, got ${JSON.stringify(raw)}` })
      return fallback
    }
    return parsed
  }

  const apiPort = read('PLAZO_API_PORT', CONFIG_DEFAULTS.apiPort, parsePort)
  const docsPort = read('PLAZO_DOCS_PORT', CONFIG_DEFAULTS.docsPort, parsePort)
  const databaseUrl = read('PLAZO_DATABASE_URL', CONFIG_DEFAULTS.databaseUrl, parseDatabaseUrl)
  const publicUrl = read('PLAZO_PUBLIC_URL', `http://localhost:${apiPort}`, parsePublicUrl)
  // The password is taken exactly as written: trimming it would make the typed password differ from the set one.
  const docsPassword = read(
    'PLAZO_DOCS_PASSWORD',
    CONFIG_DEFAULTS.docsPassword,
    (raw) =>
      [...raw].length >= 3 && [...raw].length <= 50 ? raw : new Invalid('must be 3 to 50 characters long'),
    { trim: false },
  )
  const docsUrl = read('PLAZO_DOCS_URL', `http://localhost:${docsPort}`, parsePublicUrl)
  const sandbox = read('PLAZO_SANDBOX', CONFIG_DEFAULTS.sandbox, parseBoolean)
  const accessTokenTtlSeconds = read(
    'PLAZO_ACCESS_TOKEN_TTL_SECONDS',
    CONFIG_DEFAULTS.accessTokenTtlSeconds,
    (raw) =>
      parseInteger(raw, 1, 315_360_000) ??
      new Invalid('must be a whole number of seconds from 1 to 315360000'),
  )
  const brandName = read('PLAZO_BRAND_NAME', CONFIG_DEFAULTS.brandName, (raw) =>
    raw.length <= 50 ? raw : new Invalid('must be at most 50 characters'),
  )

  // Read by the sender at each try (domain/webhooks/targets.ts); checked here so a typo stops start-up instead of
  // leaving every target allowed.
  const webhookTargets = read<string | undefined>('PLAZO_WEBHOOK_TARGETS', undefined, (raw) =>
    raw === 'loopback' || raw === 'public'
      ? raw
      : new Invalid('must be loopback or public (or unset: any target)'),
  )
  const signupCode = read<string | undefined>('PLAZO_SIGNUP_CODE', undefined, (raw) =>
    raw.length >= 6 && raw.length <= 200 ? raw : new Invalid('must be 6 to 200 characters long'),
  )

  if (issues.length > 0) throw new ConfigError(issues)
  return {
    apiPort,
    docsPort,
    databaseUrl,
    publicUrl,
    docsPassword,
    docsUrl,
    sandbox,
    accessTokenTtlSeconds,
    brandName,
    signupCode,
    hosted: signupCode !== undefined || webhookTargets === 'public',
  }
}

class Invalid {
  constructor(readonly expected: string) {}
}

function parseInteger(raw: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(raw)) return undefined
  const value = Number(raw)
  return value >= min && value <= max ? value : undefined
}

function parsePort(raw: string): number | Invalid {
  return parseInteger(raw, 1, 65_535) ?? new Invalid('must be a port number from 1 to 65535')
}

function parseBoolean(raw: string): boolean | Invalid {
  switch (raw.toLowerCase()) {
    case 'true':
    case '1':
      return true
    case 'false':
    case '0':
      return false
    default:
      return new Invalid('must be one of true, false, 1, 0')
  }
}

const DATABASE_URL_EXPECTED = 'must be sqlite:<path>, sqlite::memory: or postgres://user@host:port/database'

function parseDatabaseUrl(raw: string): string | Invalid {
  if (raw.startsWith('sqlite:')) {
    return raw.slice('sqlite:'.length).replace(/^\/\//, '') === '' ? new Invalid(DATABASE_URL_EXPECTED) : raw
  }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    return URL.canParse(raw) && new URL(raw).hostname !== '' ? raw : new Invalid(DATABASE_URL_EXPECTED)
  }
  return new Invalid(DATABASE_URL_EXPECTED)
}

function parsePublicUrl(raw: string): string | Invalid {
  const expected =
    'must be an absolute http(s) URL without query or fragment, e.g. https://sandbox.example.com'
  if (!URL.canParse(raw)) return new Invalid(expected)
  const url = new URL(raw)
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    return new Invalid(expected)
  }
  // Links are built as `${publicUrl}/hpp/<id>`, so the base never ends with a slash.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}
