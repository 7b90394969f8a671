import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGateServer, SESSION_COOKIE } from '../app.ts'
import { inlineScriptHashes } from '../page-policy.ts'
import { createPasswordVerifier } from '../password.ts'

/**
 * The gate's security headers on pages (issue 36): a Content-Security-Policy that allows the inline scripts of
 * the page served by their hash (not 'unsafe-inline'), and no framing by another site, on every page and on the
 * login screen. That the policy lets the real site work is checked in chromium (e2e/gate-build.test.ts).
 */

const PASSWORD = 'correct-horse'
const THEME = '!function(){document.documentElement.setAttribute("data-theme","light")}()'
const BANNER = 'document.addEventListener("DOMContentLoaded",function(){})'
const JSON_LD = '{"@context":"https://schema.org","@type":"BreadcrumbList"}'

function page(...inline: string[]): string {
  return `<!doctype html><html><head><script src="/assets/js/main.1.js" defer></script>${inline.join('')}</head><body>page</body></html>`
}

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

let buildDir: string
let app: FastifyInstance
let cookie: string

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'plazo-gate-csp-'))
  const files: Record<string, string> = {
    'index.html': page(`<script>${THEME}</script>`, `<script data-rh="true">${BANNER}</script>`),
    'docs/guide/index.html': page(
      `<script>${THEME}</script>`,
      `<script type="application/ld+json">${JSON_LD}</script>`,
    ),
    'es/index.html': page(`<script>${THEME}</script>`),
    '404.html': page(`<script>${THEME}</script>`),
    'es/404.html': page(`<script>${THEME}</script>`),
    'assets/js/main.1.js': 'console.log(1)',
    'openapi/webhook.json': '{}',
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(buildDir, path, '..'), { recursive: true })
    writeFileSync(join(buildDir, path), content)
  }
  writeFileSync(join(buildDir, 'index.html.br'), brotliCompressSync(files['index.html'] ?? ''))
  app = await buildGateServer({ buildDir, password: createPasswordVerifier(PASSWORD), minLoginResponseMs: 0 })
  const login = await app.inject({ method: 'POST', url: '/__gate/login', payload: { password: PASSWORD } })
  cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`
})

afterAll(async () => {
  await app?.close()
  rmSync(buildDir, { recursive: true, force: true })
})

function directive(policy: string | undefined, name: string): string {
  return (policy ?? '').split(/;\s*/).find((part) => part.startsWith(`${name} `)) ?? ''
}

describe('Content-Security-Policy of the pages', () => {
  it('allows exactly the inline scripts of the page served, by hash, and forbids framing', async () => {
    for (const [url, status, scripts] of [
      ['/', 200, [THEME, BANNER]],
      ['/docs/guide/', 200, [THEME]],
      ['/docs/guide', 200, [THEME]],
      ['/es/', 200, [THEME]],
      ['/no/such/page', 404, [THEME]],
      ['/es/no/existe', 404, [THEME]],
    ] as const) {
      for (const headers of [{ cookie }, { cookie, 'accept-encoding': 'br' }]) {
        const response = await app.inject({ url, headers })
        expect(response.statusCode, url).toBe(status)
        const policy = response.headers['content-security-policy'] as string | undefined
        expect(directive(policy, 'script-src'), url).toBe(
          ["script-src 'self' 'unsafe-eval'", ...scripts.map(sha256).sort()].join(' '),
        )
        expect(directive(policy, 'frame-ancestors'), url).toBe("frame-ancestors 'none'")
        expect(directive(policy, 'default-src'), url).toBe("default-src 'self'")
        expect(directive(policy, 'object-src'), url).toBe("object-src 'none'")
        expect(directive(policy, 'connect-src'), url).toBe("connect-src 'self'")
        expect(response.headers['x-frame-options'], url).toBe('DENY')
      }
    }
    // The JSON-LD data block is not a script a browser runs: no hash for it.
    const guide = await app.inject({ url: '/docs/guide/', headers: { cookie } })
    expect(guide.headers['content-security-policy']).not.toContain(sha256(JSON_LD))
  })

  it('reads the hashes again when a new build replaces the page', async () => {
    const path = join(buildDir, 'es/index.html')
    const before = await app.inject({ url: '/es/', headers: { cookie } })
    expect(before.headers['content-security-policy']).toContain(sha256(THEME))
    const changed = 'window.changed=true'
    writeFileSync(path, page(`<script>${changed}</script>`))
    utimesSync(path, new Date(), new Date(Date.now() + 5000))
    const after = await app.inject({ url: '/es/', headers: { cookie } })
    expect(after.headers['content-security-policy']).toContain(sha256(changed))
    expect(after.headers['content-security-policy']).not.toContain(sha256(THEME))
  })

  it('sends the login screen with its own policy, unframeable too', async () => {
    for (const url of ['/', '/docs/guide/', '/es/']) {
      const response = await app.inject({ url })
      expect(response.statusCode).toBe(401)
      expect(directive(response.headers['content-security-policy'] as string, 'frame-ancestors')).toBe(
        "frame-ancestors 'none'",
      )
      expect(response.headers['content-security-policy']).not.toContain('unsafe')
      expect(response.headers['x-frame-options']).toBe('DENY')
    }
  })

  it('forbids framing of every other answer too', async () => {
    for (const request of [
      { url: '/assets/js/main.1.js', headers: { cookie } },
      { url: '/openapi/webhook.json', headers: { cookie } },
      { url: '/__gate/session' },
      { url: '/%zz' },
    ]) {
      const response = await app.inject(request)
      expect(response.headers['x-frame-options'], request.url).toBe('DENY')
    }
  })
})

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, and nothing else', () => {
    const html = [
      `<script>${THEME}</script>`,
      `<SCRIPT type="module">${BANNER}</SCRIPT >`,
      `<script type="text/javascript">a()</script>`,
      `<script src="/x.js"></script>`,
      `<script type="application/ld+json">${JSON_LD}</script>`,
      `<script>${THEME}</script>`,
      '<script></script>',
    ].join('\n')
    expect(inlineScriptHashes(html)).toEqual(
      [sha256(THEME), sha256(BANNER), sha256('a()'), sha256('')].sort(),
    )
  })
})
