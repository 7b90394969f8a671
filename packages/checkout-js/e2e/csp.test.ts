// The Content-Security-Policy the embedded guide gives merchants (docs/embedded/integration/checkout-session-component,
// "Content-Security-Policy"), taken word for word from the guide: a merchant page of another origin sends it,
// loads checkout.js from the API, and mounts the embedded checkout and two widgets. The browser must refuse
// nothing: no `securitypolicyviolation` event and no "Refused to" in the console, in the page or in the iframe.
import { readFileSync } from 'node:fs'
import type { RequestListener } from 'node:http'
import { fileURLToPath } from 'node:url'
import { DEMO_AGENT_ONLINE_ID } from '@plazo/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmbeddedSession, type MerchantWorld, startMerchantWorld } from './merchant-world.ts'

const GUIDE = 'apps/docs/docs/embedded/integration/checkout-session-component.mdx'
const SPANISH_GUIDE =
  'apps/docs/i18n/es/docusaurus-plugin-content-docs/current/embedded/integration/checkout-session-component.mdx'
/** The API origin the guide's policy is written for: the sandbox's. */
const GUIDE_API = 'http://localhost:4000'

const repoFile = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8')

/** The policy line of a guide: `Content-Security-Policy: …` in its code block. */
function policyOf(guide: string): string {
  const match = /^Content-Security-Policy: (.+)$/m.exec(guide)
  if (!match?.[1]) throw new Error('the guide gives no Content-Security-Policy line')
  return match[1]
}

/** The merchant's own script: a file of its origin, as the guide says (the policy refuses inline scripts). */
const APP = `
const root = document.getElementById('checkout')
window.events = []
PlazoCheckout.init({ agentId: root.dataset.agent, locale: 'es' })
PlazoCheckout.BnplComponent({ mountElement: '#bnpl', amount: 123456, paymentMethodType: 'consumer_loan_instalments' })
PlazoCheckout.SimulatorComponent({ mountElement: '#simulator', amount: 123456, paymentMethodType: 'consumer_loan_instalments' })
PlazoCheckout.CheckoutSessionComponent({
  mountElement: '#checkout',
  clientSecret: root.dataset.secret,
  loadTimeout: Number(root.dataset.timeout),
  onReady: () => events.push('ready'),
  onError: (error) => events.push('error:' + error.exception),
})
`

/** The merchant's page: the guide's markup, checkout.js from the API, its own script, and `policy`. */
function merchantSite(api: string): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      res.end(APP)
      return
    }
    const attribute = (name: string) => (url.searchParams.get(name) ?? '').replace(/[^\w-]/g, '')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy })
    res.end(`<!doctype html><html lang="es"><meta charset="utf-8"><title>Checkout</title>
<h1>Checkout</h1><div id="bnpl"></div><div id="simulator"></div>
<div id="checkout" data-agent="${DEMO_AGENT_ONLINE_ID}" data-secret="${attribute('secret')}" data-timeout="${attribute('timeout') || '15000'}"></div>
<script src="${api}/checkout.js"></script>
<script src="/app.js"></script></html>`)
  }
}

let world: MerchantWorld
/** The policy the merchant's page sends: the guide's, or what a test changes of it. */
let policy = ''

beforeAll(async () => {
  world = await startMerchantWorld({ name: 'checkout-js-csp-e2e', checkoutApp: true, site: merchantSite })
})

afterAll(() => world?.close())

const embeddedSecret = async () => (await createEmbeddedSession(world, 'CSP')).secret

/** Opens the shop, recording every refusal: the console's, and the events of every frame. */
async function openShop(query: string) {
  const page = await world.browser.newPage()
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  // Injected by the browser's debugging protocol, which the page's policy does not govern.
  await page.addInitScript(() => {
    const violations: string[] = []
    ;(window as unknown as { violations: string[] }).violations = violations
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`)
    })
  })
  await page.goto(`${world.shop}/?${query}`)
  const violations = async () =>
    (
      await Promise.all(
        page
          .frames()
          .map((frame) =>
            frame
              .evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])
              .catch(() => []),
          ),
      )
    ).flat()
  return { page, refused, violations }
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { events: string[] }).events)

describe("the guide's Content-Security-Policy", () => {
  it('is the same in the Spanish guide, and names the API origin in script-src, connect-src and frame-src', () => {
    const english = policyOf(repoFile(GUIDE))
    expect(policyOf(repoFile(SPANISH_GUIDE))).toBe(english)
    const directives = Object.fromEntries(
      english.split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/)
        return [name, sources]
      }),
    )
    for (const name of ['script-src', 'connect-src', 'frame-src'])
      expect(directives[name]).toContain(GUIDE_API)
    expect(english).not.toMatch(/'unsafe-inline'|'unsafe-eval'/)
  })

  it('lets the embedded checkout and the widgets work with no refusal, in the page or in the iframe', async () => {
    policy = policyOf(repoFile(GUIDE)).replaceAll(GUIDE_API, world.api)
    const { page, refused, violations } = await openShop(`secret=${await embeddedSecret()}`)
    await expect.poll(() => events(page), { timeout: 20_000 }).toContain('ready')
    await page.locator('.plazo-bnpl:not([hidden])').waitFor()
    await page.locator('.plazo-simulator:not([hidden])').waitFor()
    // The customer uses the checkout: a method, its terms, its SECCI (the iframe's own calls).
    const checkout = page.frameLocator('iframe.plazo-checkout')
    await checkout.getByRole('radio', { name: /Préstamo al consumo/ }).check()
    await checkout.getByText('Información normalizada europea sobre el crédito al consumo').click()
    await checkout.getByTestId('secci').waitFor()
    expect(await events(page)).toEqual(['ready'])
    expect(await violations()).toEqual([])
    expect(refused).toEqual([])
    await page.close()
  })

  it('is what makes it work: without the API in frame-src, the frame is refused, and both the test and onError see it', async () => {
    policy = policyOf(repoFile(GUIDE))
      .replaceAll(GUIDE_API, world.api)
      .replace(/frame-src [^;]+/, "frame-src 'self'")
    const { page, refused, violations } = await openShop(`secret=${await embeddedSecret()}&timeout=3000`)
    await expect.poll(() => events(page), { timeout: 10_000 }).toEqual(['error:plazo.client.frame_timeout'])
    // The blocked URL is reported by its origin only (the frame is of another origin).
    expect(await violations()).toEqual([`frame-src ${world.api}`])
    expect(refused.join('\n')).toMatch(/violates the following Content Security Policy directive: "frame-src/)
    await page.close()
  })
})
