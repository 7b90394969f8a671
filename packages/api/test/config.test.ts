import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('loadConfig accepted an invalid environment')
}

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      apiPort: 4000,
      docsPort: 3000,
      databaseUrl: 'sqlite:./data/plazo.sqlite',
      publicUrl: 'http://localhost:4000',
      docsPassword: 'plazo-docs',
      docsUrl: 'http://localhost:3000',
      sandbox: true,
      accessTokenTtlSeconds: 2678400,
      brandName: 'Plazo',
      signupCode: undefined,
      hosted: false,
    })
  })

  it('reads every variable', () => {
    expect(
      loadConfig({
        PLAZO_API_PORT: '8080',
        PLAZO_DOCS_PORT: '8081',
        PLAZO_DATABASE_URL: 'postgresql://plazo:secret@127.0.0.1:5432/plazo',
        PLAZO_PUBLIC_URL: 'https://sandbox.example.com/base/',
        PLAZO_DOCS_PASSWORD: 'open sesame',
        PLAZO_DOCS_URL: 'https://docs.example.com/',
        PLAZO_SANDBOX: 'false',
        PLAZO_ACCESS_TOKEN_TTL_SECONDS: '3600',
        PLAZO_BRAND_NAME: 'Cuotas',
        PLAZO_SIGNUP_CODE: 'shop-2026',
      }),
    ).toEqual({
      apiPort: 8080,
      docsPort: 8081,
      databaseUrl: 'postgresql://plazo:secret@127.0.0.1:5432/plazo',
      publicUrl: 'https://sandbox.example.com/base',
      docsPassword: 'open sesame',
      docsUrl: 'https://docs.example.com',
      sandbox: false,
      accessTokenTtlSeconds: 3600,
      brandName: 'Cuotas',
      signupCode: 'shop-2026',
      hosted: true,
    })
  })

  it('derives the public URL from the API port', () => {
    expect(loadConfig({ PLAZO_API_PORT: '5050' }).publicUrl).toBe('http://localhost:5050')
  })

  it('derives the docs URL the integration check links to from the docs port', () => {
    expect(loadConfig({ PLAZO_DOCS_PORT: '5051' }).docsUrl).toBe('http://localhost:5051')
  })

  it('accepts the database URL forms of DESIGN.md', () => {
    for (const url of [
      'sqlite::memory:',
      'sqlite:./data/x.sqlite',
      'sqlite:/var/lib/plazo.db',
      'postgres://u@h/db',
    ]) {
      expect(loadConfig({ PLAZO_DATABASE_URL: url }).databaseUrl).toBe(url)
    }
  })

  it.each([
    ['true', true],
    ['1', true],
    ['FALSE', false],
    ['0', false],
  ])('reads PLAZO_SANDBOX=%s as %s', (raw, expected) => {
    expect(loadConfig({ PLAZO_SANDBOX: raw }).sandbox).toBe(expected)
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PLAZO_API_PORT: '', PLAZO_SANDBOX: ' ' })).toMatchObject({
      apiPort: 4000,
      sandbox: true,
    })
  })

  it.each([
    ['PLAZO_API_PORT', 'http', 'must be a port number from 1 to 65535, got "http"'],
    ['PLAZO_API_PORT', '70000', 'must be a port number from 1 to 65535, got "70000"'],
    ['PLAZO_DOCS_PORT', '3000.5', 'must be a port number from 1 to 65535, got "3000.5"'],
    [
      'PLAZO_DATABASE_URL',
      'mysql://localhost/plazo',
      'must be sqlite:<path>, sqlite::memory: or postgres://user@host:port/database, got "mysql://localhost/plazo"',
    ],
    ['PLAZO_DATABASE_URL', 'sqlite:', 'must be sqlite:<path>'],
    ['PLAZO_PUBLIC_URL', 'localhost:4000', 'must be an absolute http(s) URL'],
    ['PLAZO_PUBLIC_URL', 'https://x.test/?a=1', 'must be an absolute http(s) URL without query or fragment'],
    ['PLAZO_DOCS_PASSWORD', 'ab', 'must be 3 to 50 characters long, got "ab"'],
    ['PLAZO_DOCS_PASSWORD', 'x'.repeat(51), 'must be 3 to 50 characters long'],
    ['PLAZO_SANDBOX', 'yes', 'must be one of true, false, 1, 0, got "yes"'],
    [
      'PLAZO_ACCESS_TOKEN_TTL_SECONDS',
      '-5',
      'must be a whole number of seconds from 1 to 315360000, got "-5"',
    ],
    ['PLAZO_BRAND_NAME', 'B'.repeat(51), 'must be at most 50 characters'],
    ['PLAZO_SIGNUP_CODE', 'abc', 'must be 6 to 200 characters long'],
    ['PLAZO_WEBHOOK_TARGETS', 'private', 'must be loopback or public (or unset: any target)'],
  ])('rejects %s=%s naming the variable and what it expects', (variable, value, expected) => {
    const error = configError({ [variable]: value })
    expect(error.message).toContain(`${variable} ${expected}`)
    expect(error.issues).toEqual([{ variable, message: expect.stringContaining(expected) }])
  })

  it('reports every wrong variable at once', () => {
    const error = configError({ PLAZO_API_PORT: '0', PLAZO_SANDBOX: 'maybe' })
    expect(error.issues.map((issue) => issue.variable)).toEqual(['PLAZO_API_PORT', 'PLAZO_SANDBOX'])
    expect(error.message).toContain('PLAZO_API_PORT must be a port number')
    expect(error.message).toContain('PLAZO_SANDBOX must be one of true, false, 1, 0')
  })

  it('is hosted with a signup code, or when notifications may only go to public addresses', () => {
    expect(loadConfig({}).hosted).toBe(false)
    expect(loadConfig({ PLAZO_WEBHOOK_TARGETS: 'loopback' }).hosted).toBe(false)
    expect(loadConfig({ PLAZO_WEBHOOK_TARGETS: 'public' }).hosted).toBe(true)
    expect(loadConfig({ PLAZO_SIGNUP_CODE: 'shop-2026' }).hosted).toBe(true)
  })

  it('keeps a docs password exactly as written, spaces included', () => {
    expect(loadConfig({ PLAZO_DOCS_PASSWORD: ' pass ' }).docsPassword).toBe(' pass ')
  })
})
