import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxApi, startSandboxApi } from '../../../test-support/sandbox-api.ts'
import { buildGateServer } from '../server/app.ts'
import { renderLoginPage } from '../server/login-page.ts'
import { createPasswordVerifier } from '../server/password.ts'
import { site, siteTitle } from '../site.config.ts'
import { buildDir, ensureBuild, launchBrowser, PASSWORD } from './harness.ts'

/**
 * The gate over the real build: nothing of it without a session, whatever the file; and, in Debian chromium,
 * every kind of page working under the gate's Content-Security-Policy without a single violation.
 */

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(buildDir, join(dir, entry.name))],
  )
}

beforeAll(() => ensureBuild())

describe('the gate over the production build', () => {
  it('answers every file of the build, in every form of its path, with the login screen only', async () => {
    const app = await buildGateServer({ buildDir, password: createPasswordVerifier(PASSWORD) })
    const loginPages = {
      en: renderLoginPage({ locale: 'en', title: siteTitle, supportEmail: site.supportEmail }),
      es: renderLoginPage({ locale: 'es', title: siteTitle, supportEmail: site.supportEmail }),
    }
    const files = walk(buildDir)
    const kinds = new Set(files.map((file) => file.split('.').pop()))
    // The walk really covers pages, scripts, styles, images, the OpenAPI downloads, the search indexes, the
    // Markdown twins, llms.txt and the Postman collections, in both locales.
    for (const kind of ['html', 'js', 'css', 'svg', 'json', 'md', 'txt', 'br', 'gz'])
      expect(kinds).toContain(kind)
    for (const file of ['llms.txt', 'es/llms-full.txt', 'postman/webhook.postman_collection.json'])
      expect(files).toContain(file)
    expect(files.some((file) => /^es\/search-index-\w+\.json$/.test(file))).toBe(true)
    expect(files.some((file) => file.startsWith('es/'))).toBe(true)
    expect(files).toContain('openapi/webhook.json')

    for (const file of files) {
      const paths = [`/${file}`]
      if (file.endsWith('/index.html'))
        paths.push(`/${file.slice(0, -'index.html'.length)}`, `/${file.slice(0, -'/index.html'.length)}`)
      for (const url of paths) {
        const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
        expect(response.statusCode, url).toBe(401)
        expect(response.headers['content-encoding'], url).toBeUndefined()
        const spanish = url === '/es' || url.startsWith('/es/')
        // The login screen, carrying the page asked for (where a login without JavaScript returns to).
        expect(response.body, url).toBe((spanish ? loginPages.es : loginPages.en).html({ returnTo: url }))
      }
    }
    await app.close()
  })

  it('serves the same files once logged in', async () => {
    const app = await buildGateServer({
      buildDir,
      password: createPasswordVerifier(PASSWORD),
      minLoginResponseMs: 0,
    })
    const login = await app.inject({ method: 'POST', url: '/__gate/login', payload: { password: PASSWORD } })
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const home = await app.inject({ url: '/', headers: { cookie } })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain(siteTitle)
    const download = await app.inject({ url: '/openapi/checkout-session-hpp.json', headers: { cookie } })
    expect(download.statusCode).toBe(200)
    expect(download.json()).toHaveProperty('openapi')
    await app.close()
  })
})

describe("the site under the gate's Content-Security-Policy, in chromium", () => {
  let sandbox: SandboxApi
  let gate: FastifyInstance
  let gateUrl: string
  let browser: Browser

  beforeAll(async () => {
    sandbox = await startSandboxApi({ name: 'docs-csp' })
    gate = await buildGateServer({
      buildDir,
      password: createPasswordVerifier(PASSWORD),
      sandboxUrl: sandbox.url,
    })
    await gate.listen({ port: 0, host: '127.0.0.1' })
    const address = gate.server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    gateUrl = `http://127.0.0.1:${address.port}`
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await gate?.close()
    await sandbox?.close()
  })

  /** Every violation the pages of this context report, as events and as the console lines chromium writes. */
  async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext()
    const violations: string[] = []
    await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text))
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation(text: string): void })
          .__reportCspViolation
        report(
          `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        )
      })
    })
    const page = await context.newPage()
    page.on('console', (message) => {
      if (/Refused to|Content.Security.Policy/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`)
    })
    return { page, violations }
  }

  it('serves the login screen and the pages with a policy that forbids framing and inline scripts but its own', async () => {
    const { page, violations } = await watchedPage()
    const login = await page.goto(`${gateUrl}/docs/get-started/overview`)
    expect(login?.status()).toBe(401)
    expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(login?.headers()['x-frame-options']).toBe('DENY')
    await page.fill('#password', PASSWORD)
    await page.click('button[type=submit]')
    await page.waitForSelector('.navbar', { timeout: 15_000 })
    const guide = await page.reload()
    const policy = guide?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toMatch(/script-src 'self' [^;]*'sha256-[\w+/=]+'/)
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(guide?.headers()['x-frame-options']).toBe('DENY')
    expect(await page.getAttribute('html', 'data-theme')).toMatch(/^(light|dark)$/)
    expect(violations).toEqual([])
    // The watch is not blind: an inline script the policy does not list is refused, and reported.
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__notListed = true'
      document.head.append(script)
    })
    await expect.poll(() => violations.length).toBeGreaterThan(0)
    expect(violations.join('\n')).toMatch(/script-src/)
    expect(await page.evaluate(() => 'notListed' in window || '__notListed' in window)).toBe(false)
    await page.context().close()
  })

  it('runs guides, a diagram, search, a reference with a Try it call, Spanish pages, the 404 page and client-side navigation without a violation', async () => {
    const { page, violations } = await watchedPage()
    await page.goto(`${gateUrl}/`)
    await page.fill('#password', PASSWORD)
    await page.click('button[type=submit]')
    await page.waitForSelector('.navbar', { timeout: 15_000 })

    // A guide with Mermaid diagrams, drawn in the browser.
    await page.goto(`${gateUrl}/docs/embedded/overview`)
    await page.waitForSelector('.docusaurus-mermaid-container svg', { timeout: 30_000 })

    // The local search: its worker and the search index.
    await page.goto(`${gateUrl}/docs/get-started/overview`)
    await page.waitForFunction(
      () => document.documentElement.dataset.hydrated === 'true' || 'onclick' in document,
    )
    // As search.test.ts does: the shortcut is bound once the page's scripts have loaded (CI once pressed it before).
    await page.waitForLoadState('networkidle')
    await page.keyboard.press('Control+k')
    await page.waitForSelector('[class*="searchBarContainer"] input.navbar__search-input:focus', {
      timeout: 15_000,
    })
    await page.locator('.navbar__search-input').fill('refund')
    await page.waitForSelector('[role="listbox"] [role="option"]', { timeout: 15_000 })

    // A reference: a Try it console checks its body (Ajv) and calls the sandbox through the gate; Redoc takes over.
    await page.goto(`${gateUrl}/checkout-session-hpp-api`)
    const section = page.locator('[id="operation/createHppCheckoutSession"]')
    await section.getByRole('button', { name: 'Try it', exact: true }).click()
    const tryIt = section.locator('section[aria-label]')
    await tryIt.locator('[data-check="valid"]').waitFor({ timeout: 30_000 })
    await tryIt.getByRole('button', { name: 'Send', exact: true }).click()
    await tryIt.locator('[data-status="201"]').waitFor({ timeout: 30_000 })
    await page.waitForSelector('.plazo-redoc[data-interactive="true"]', { timeout: 60_000 })

    // Back to the home page without a reload: React Helmet adds the home page's own inline script.
    await page.locator('a.navbar__brand').click()
    await page.waitForURL(`${gateUrl}/`)
    await page.waitForLoadState('networkidle')

    for (const path of ['/es/', '/es/webhook-api', '/no/such/page']) {
      await page.goto(`${gateUrl}${path}`)
      await page.waitForLoadState('networkidle')
    }
    expect(violations).toEqual([])
    await page.context().close()
  })
})
