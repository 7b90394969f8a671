import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { site, siteTitle } from '../../site.config.ts'
import { buildGateServer, SESSION_COOKIE } from '../app.ts'
import { ConfigError, loadGateConfig } from '../config.ts'
import { renderLoginPage } from '../login-page.ts'
import { createPasswordVerifier, hashPassword } from '../password.ts'

const PASSWORD = 'correct-horse'

/** A build folder shaped like Docusaurus output: every file carries a marker that must never leak. */
const FILES: Record<string, string> = {
  'index.html': '<html><body>SECRET-home</body></html>',
  '404.html': '<html><body>SECRET-not-found-en Page Not Found</body></html>',
  'docs/get-started/overview/index.html': '<html><body>SECRET-overview</body></html>',
  'docs/api/index.html': '<html><body>SECRET-api-overview</body></html>',
  'checkout-session-hpp-api/index.html': '<html><body>SECRET-hpp-reference</body></html>',
  'assets/js/main.3f2a1b.js': 'console.log("SECRET-main-js")',
  'assets/css/styles.9c8d7e.css': 'body{content:"SECRET-css"}',
  'img/logo.svg': '<svg><title>SECRET-logo</title></svg>',
  'openapi/webhook.json': '{"info":{"title":"SECRET-openapi"}}',
  'es/index.html': '<html><body>SECRET-inicio</body></html>',
  'es/404.html': '<html><body>SECRET-not-found-es Página no encontrada</body></html>',
  'es/docs/get-started/overview/index.html': '<html><body>SECRET-resumen</body></html>',
  'es/assets/js/main.3f2a1b.js': 'console.log("SECRET-es-js")',
  'docs/get-started/overview.md': '# SECRET-overview-markdown',
  'es/docs/get-started/overview.md': '# SECRET-resumen-markdown',
  'llms.txt': '# SECRET-llms',
  'llms-full.txt': '# SECRET-llms-full',
  'es/llms.txt': '# SECRET-llms-es',
  'search-index-0a1b2c3d.json': '[{"documents":["SECRET-search-index"]}]',
  'es/search-index-0a1b2c3d.json': '[{"documents":["SECRET-indice"]}]',
  'postman/webhook.postman_collection.json': '{"info":{"name":"SECRET-postman"}}',
}

let buildDir: string

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(buildDir, join(dir, entry.name))],
  )
}

beforeAll(() => {
  buildDir = mkdtempSync(join(tmpdir(), 'plazo-gate-'))
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(join(buildDir, path, '..'), { recursive: true })
    writeFileSync(join(buildDir, path), content)
  }
  writeFileSync(
    join(buildDir, 'assets/js/main.3f2a1b.js.br'),
    brotliCompressSync(FILES['assets/js/main.3f2a1b.js'] ?? ''),
  )
})

afterAll(() => rmSync(buildDir, { recursive: true, force: true }))

async function gate(
  overrides: Partial<Parameters<typeof buildGateServer>[0]> = {},
): Promise<FastifyInstance> {
  return buildGateServer({
    buildDir,
    password: createPasswordVerifier(PASSWORD),
    minLoginResponseMs: 0,
    ...overrides,
  })
}

function login(app: FastifyInstance, password: string, remoteAddress = '127.0.0.1', headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/__gate/login',
    payload: { password },
    remoteAddress,
    headers,
  })
}

function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
  if (!cookie) throw new Error('no session cookie set')
  return `${SESSION_COOKIE}=${cookie.value}`
}

const loginPageEn = renderLoginPage({ locale: 'en', title: siteTitle, supportEmail: site.supportEmail })
const loginPageEs = renderLoginPage({ locale: 'es', title: siteTitle, supportEmail: site.supportEmail })
const loginEn = (returnTo: string) => loginPageEn.html({ returnTo })
const loginEs = (returnTo: string) => loginPageEs.html({ returnTo })

/** The login form as a browser without JavaScript posts it. */
function formLogin(app: FastifyInstance, fields: Record<string, string>, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/__gate/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  })
}

describe('without a session', () => {
  it('answers every file of the build with the login screen and nothing of its content', async () => {
    const app = await gate()
    const files = walk(buildDir)
    expect(files.length).toBeGreaterThan(Object.keys(FILES).length - 1)
    for (const file of files) {
      for (const url of [`/${file}`, `/${file.replace(/index\.html$/, '')}`]) {
        const response = await app.inject({ url })
        expect(response.statusCode, url).toBe(401)
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(response.headers['cache-control']).toBe('no-store')
        expect(response.body, url).toBe(url.startsWith('/es/') ? loginEs(url) : loginEn(url))
        expect(response.body).not.toContain('SECRET')
      }
    }
  })

  it('shows the login screen for unknown paths, HEAD and other methods too', async () => {
    const app = await gate()
    for (const request of [
      { url: '/no/such/page' },
      { url: '/docs/get-started/overview?x=1#y' },
      { url: '/openapi/webhook.json', method: 'HEAD' as const },
      { url: '/docs/api/', method: 'POST' as const },
    ]) {
      const response = await app.inject(request)
      expect(response.statusCode).toBe(401)
      expect(response.body).not.toContain('SECRET')
    }
  })

  it('shows the login screen of spec §2, in Spanish under /es/ or for a browser that prefers Spanish', async () => {
    const app = await gate()
    const en = await app.inject({ url: '/docs/api/' })
    expect(en.body).toContain(`<h1>${siteTitle}</h1>`)
    expect(en.body).toContain('Access our documentation and get started with the product.')
    expect(en.body).toContain('type="password"')
    expect(en.body).toContain('>Login<')
    expect(en.body).toContain(site.supportEmail)
    expect(en.body).toContain('Invalid password')
    const es = await app.inject({ url: '/es/docs/api/' })
    expect(es.body).toContain('Accede a nuestra documentación')
    const preferred = await app.inject({
      url: '/',
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
    })
    expect(preferred.body).toBe(loginEs('/'))
    const english = await app.inject({ url: '/', headers: { 'accept-language': 'en-GB,es;q=0.5' } })
    expect(english.body).toBe(loginEn('/'))
  })

  it('marks every answer noindex', async () => {
    const app = await gate()
    for (const response of [await app.inject({ url: '/' }), await login(app, 'wrong-password')]) {
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow')
    }
  })

  it('reports the session as absent', async () => {
    const app = await gate()
    const response = await app.inject({ url: '/__gate/session' })
    expect(response.json()).toEqual({ authenticated: false })
  })
})

describe('login', () => {
  it('rejects a wrong password with 401 and sets no cookie', async () => {
    const app = await gate()
    const response = await login(app, 'wrong-password')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'invalid_password' })
    expect(response.cookies).toHaveLength(0)
  })

  it('rejects passwords outside 3 to 50 characters without comparing them', async () => {
    const app = await gate({ password: createPasswordVerifier('ab'.repeat(25)) })
    expect((await login(app, 'ab'.repeat(25))).statusCode).toBe(204)
    expect((await login(app, `${'ab'.repeat(25)}x`)).statusCode).toBe(401)
    expect((await login(app, 'ab')).statusCode).toBe(401)
  })

  it('sets a signed, HttpOnly, SameSite=Lax session cookie with an expiry', async () => {
    const app = await gate({ sessionTtlSeconds: 3600 })
    const response = await login(app, PASSWORD)
    expect(response.statusCode).toBe(204)
    const header = String(response.headers['set-cookie'])
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=`))
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).toContain('Path=/')
    expect(header).toContain('Max-Age=3600')
    expect(header).toMatch(/Expires=\w{3}, \d{2} \w{3} \d{4}/)
    expect(header).not.toContain('Secure')
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)
    // Signed: the value carries an HMAC after the expiry.
    expect(cookie?.value).toMatch(/^\d+\.[\w+/=-]+$/)
  })

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const app = await gate({ trustProxy: 'loopback' })
    const response = await login(app, PASSWORD, '127.0.0.1', { 'x-forwarded-proto': 'https' })
    expect(String(response.headers['set-cookie'])).toContain('Secure')
  })

  it('accepts a scrypt hash of the password as the setting', async () => {
    const app = await gate({ password: createPasswordVerifier(await hashPassword(PASSWORD)) })
    expect((await login(app, 'not-it')).statusCode).toBe(401)
    expect((await login(app, PASSWORD)).statusCode).toBe(204)
  })

  it('never answers sooner than 500 ms, right or wrong', async () => {
    const app = await gate({ minLoginResponseMs: 500 })
    for (const password of ['wrong-password', PASSWORD, 'x']) {
      const started = performance.now()
      await login(app, password)
      expect(performance.now() - started).toBeGreaterThanOrEqual(499)
    }
  })

  it('answers 429 after 10 attempts a minute from one client, and only for that client', async () => {
    let clock = 1_000_000
    const app = await gate({ now: () => clock })
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await login(app, 'wrong-password', '10.0.0.1')).statusCode).toBe(401)
    }
    const limited = await login(app, PASSWORD, '10.0.0.1')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.cookies).toHaveLength(0)
    expect((await login(app, PASSWORD, '10.0.0.2')).statusCode).toBe(204)
    clock += 60_001
    expect((await login(app, PASSWORD, '10.0.0.1')).statusCode).toBe(204)
  })
})

describe('login without JavaScript (a plain form post)', () => {
  it('carries the page asked for in the form, escaped', async () => {
    const app = await gate()
    const response = await app.inject({ url: '/docs/api/?tab=node' })
    expect(response.body).toContain('<input type="hidden" name="return_to" value="/docs/api/?tab=node">')
    expect(loginPageEn.html({ returnTo: '/?q="><script>x</script>' })).toContain(
      'value="/?q=&#34;&#62;&#60;script&#62;x&#60;/script&#62;">',
    )
  })

  it('redirects to the page asked for (303) with the session set', async () => {
    const app = await gate()
    const target = '/es/docs/get-started/overview/?tab=node'
    const response = await formLogin(app, { password: PASSWORD, return_to: target })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(target)
    const page = await app.inject({ url: target, headers: { cookie: sessionCookie(response) } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('SECRET-resumen')
  })

  it('redirects only to a path of this site', async () => {
    const app = await gate()
    for (const target of [
      '//evil.example/',
      '/\\evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
      '/docs\napi',
      '/__gate/session',
      '',
    ]) {
      const response = await formLogin(app, { password: PASSWORD, return_to: target })
      expect(response.headers.location, target).toBe('/')
    }
    expect((await formLogin(app, { password: PASSWORD })).headers.location).toBe('/')
  })

  it('shows the login screen again with the error after a wrong password or too many attempts', async () => {
    const app = await gate()
    const wrong = await formLogin(app, { password: 'wrong-password', return_to: '/es/docs/api/' }, '10.0.0.3')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.cookies).toHaveLength(0)
    expect(wrong.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(wrong.body).toBe(loginPageEs.html({ returnTo: '/es/docs/api/', error: 'invalid' }))
    expect(wrong.body).toContain('aria-invalid="true"')
    expect(wrong.body).toContain('>Contraseña incorrecta</p>')
    for (let attempt = 2; attempt <= 10; attempt++) await formLogin(app, { password: 'nope' }, '10.0.0.3')
    const limited = await formLogin(app, { password: PASSWORD }, '10.0.0.3')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.body).toContain('Too many attempts.')
    expect(limited.cookies).toHaveLength(0)
  })

  it('still answers the login screen script with 204 and JSON errors', async () => {
    const app = await gate()
    expect((await login(app, PASSWORD)).statusCode).toBe(204)
    expect((await login(app, 'wrong-password')).json()).toEqual({ error: 'invalid_password' })
  })
})

describe('with a session', () => {
  async function loggedIn(overrides: Partial<Parameters<typeof buildGateServer>[0]> = {}) {
    const app = await gate(overrides)
    const cookie = sessionCookie(await login(app, PASSWORD))
    return { app, cookie }
  }

  it('serves the pages of the build, English and Spanish, without caching HTML', async () => {
    const { app, cookie } = await loggedIn()
    for (const [url, marker] of [
      ['/', 'SECRET-home'],
      ['/docs/get-started/overview', 'SECRET-overview'],
      ['/docs/get-started/overview/', 'SECRET-overview'],
      ['/docs/api/?tab=1', 'SECRET-api-overview'],
      ['/checkout-session-hpp-api', 'SECRET-hpp-reference'],
      ['/es/', 'SECRET-inicio'],
      ['/es/docs/get-started/overview', 'SECRET-resumen'],
    ] as const) {
      const response = await app.inject({ url, headers: { cookie } })
      expect(response.statusCode, url).toBe(200)
      expect(response.body).toContain(marker)
      expect(response.headers['cache-control']).toBe('no-store')
    }
    expect((await app.inject({ url: '/__gate/session', headers: { cookie } })).json()).toEqual({
      authenticated: true,
    })
  })

  it('gives hashed assets long cache headers and serves them pre-compressed', async () => {
    const { app, cookie } = await loggedIn()
    const js = await app.inject({
      url: '/assets/js/main.3f2a1b.js',
      headers: { cookie, 'accept-encoding': 'br' },
    })
    expect(js.statusCode).toBe(200)
    expect(js.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    expect(js.headers['content-encoding']).toBe('br')
    const css = await app.inject({ url: '/assets/css/styles.9c8d7e.css', headers: { cookie } })
    expect(css.headers['content-type']).toMatch(/^text\/css/)
    expect(css.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    const download = await app.inject({ url: '/openapi/webhook.json', headers: { cookie } })
    expect(download.json()).toEqual({ info: { title: 'SECRET-openapi' } })
    expect(download.headers['cache-control']).toBe('private, max-age=86400')
  })

  it('serves the Markdown twins as text/markdown and llms.txt as text, revalidated at every use', async () => {
    const { app, cookie } = await loggedIn()
    for (const [url, marker] of [
      ['/docs/get-started/overview.md', 'SECRET-overview-markdown'],
      ['/es/docs/get-started/overview.md', 'SECRET-resumen-markdown'],
    ]) {
      const twin = await app.inject({ url, headers: { cookie } })
      expect(twin.statusCode).toBe(200)
      expect(twin.headers['content-type']).toMatch(/^text\/markdown; charset=utf-8$/i)
      expect(twin.headers['cache-control']).toBe('private, no-cache')
      expect(twin.body).toContain(marker)
    }
    for (const url of ['/llms.txt', '/llms-full.txt', '/es/llms.txt']) {
      const llms = await app.inject({ url, headers: { cookie } })
      expect(llms.statusCode).toBe(200)
      expect(llms.headers['content-type']).toMatch(/^text\/plain; charset=utf-8$/i)
      expect(llms.headers['cache-control']).toBe('private, no-cache')
    }
  })

  it('shows the not-found page of the locale with a 404 status', async () => {
    const { app, cookie } = await loggedIn()
    const en = await app.inject({ url: '/no/such/page', headers: { cookie } })
    expect(en.statusCode).toBe(404)
    expect(en.body).toContain('Page Not Found')
    const es = await app.inject({ url: '/es/no/existe', headers: { cookie } })
    expect(es.statusCode).toBe(404)
    expect(es.body).toContain('Página no encontrada')
  })

  it('never serves a file outside the build folder', async () => {
    const { app, cookie } = await loggedIn()
    for (const url of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/docs/..%2f..%2f..%2fetc%2fpasswd',
    ]) {
      const response = await app.inject({ url, headers: { cookie } })
      expect(response.statusCode, url).toBe(404)
      expect(response.body).not.toContain('root:')
    }
  })

  it('refuses a tampered or expired cookie', async () => {
    let clock = Date.now()
    const { app, cookie } = await loggedIn({ now: () => clock, sessionTtlSeconds: 60 })
    const [name, value = ''] = cookie.split('=')
    const [expiry, signature] = value.split('.')
    const forged = `${name}=${Number(expiry) + 3_600_000}.${signature}`
    expect((await app.inject({ url: '/', headers: { cookie: forged } })).statusCode).toBe(401)
    expect((await app.inject({ url: '/', headers: { cookie } })).statusCode).toBe(200)
    clock += 61_000
    const expired = await app.inject({ url: '/', headers: { cookie } })
    expect(expired.statusCode).toBe(401)
    expect(expired.body).toBe(loginEn('/'))
  })

  it('does not accept a session signed by another gate (another secret or password)', async () => {
    const { cookie } = await loggedIn({ sessionSecret: 'a'.repeat(32) })
    const other = await gate({
      sessionSecret: 'a'.repeat(32),
      password: createPasswordVerifier('new-password'),
    })
    expect((await other.inject({ url: '/', headers: { cookie } })).statusCode).toBe(401)
    const same = await gate({ sessionSecret: 'a'.repeat(32) })
    expect((await same.inject({ url: '/', headers: { cookie } })).statusCode).toBe(200)
  })

  it('ends the session on logout and returns to the page asked for', async () => {
    const { app, cookie } = await loggedIn()
    const response = await app.inject({
      method: 'POST',
      url: '/__gate/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'return_to=%2Fes%2F',
    })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/es/')
    expect(String(response.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    )
    const offsite = await app.inject({
      method: 'POST',
      url: '/__gate/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'return_to=%2F%2Fevil.example',
    })
    expect(offsite.headers.location).toBe('/')
    const crossSite = await app.inject({
      method: 'POST',
      url: '/__gate/logout',
      headers: { cookie, origin: 'https://evil.example' },
    })
    expect(crossSite.statusCode).toBe(403)
  })
})

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadGateConfig({})
    expect(config.port).toBe(3000)
    expect(config.usingDefaultPassword).toBe(true)
  })

  it('stops with a message naming the variable and what it expects', () => {
    expect(() => loadGateConfig({ PLAZO_DOCS_PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadGateConfig({ PLAZO_DOCS_PORT: 'abc' })).toThrow(/PLAZO_DOCS_PORT.*integer/)
    expect(() => loadGateConfig({ PLAZO_DOCS_PASSWORD: 'ab' })).toThrow(/PLAZO_DOCS_PASSWORD.*3 to 50/)
    expect(() => loadGateConfig({ PLAZO_DOCS_PASSWORD: 'scrypt:bad' })).toThrow(/PLAZO_DOCS_PASSWORD.*scrypt/)
    expect(() => loadGateConfig({ PLAZO_DOCS_SESSION_SECRET: 'short' })).toThrow(/PLAZO_DOCS_SESSION_SECRET/)
  })
})
