// The world of the browser tests: the app built from source, the API running in-process on a free loopback
// port over a temporary SQLite file, a loopback "merchant" site (success/cancel pages, a webhook receiver and
// a page embedding the checkout), and Debian's chromium driven by playwright-core.
import { spawnSync } from 'node:child_process'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { examples } from '@plazo/contract'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import type { App } from '../../../packages/api/src/app.ts'
import type { Database } from '../../../packages/api/src/storage/index.ts'
import { launchChromium } from '../../../test-support/chromium.ts'
import { SANDBOX, startSandboxApi } from '../../../test-support/sandbox-api.ts'

const REPO = fileURLToPath(new URL('../../..', import.meta.url))

/** Builds apps/hpp from the current source, so the tests never run an old dist. */
export function buildCheckoutApp(): void {
  const result = spawnSync('npm', ['run', 'build', '--workspace=apps/hpp'], { cwd: REPO, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`apps/hpp build failed:\n${result.stdout}\n${result.stderr}`)
}

/** The page's request that completes the checkout. */
export const isComplete = (request: Request) =>
  request.method() === 'POST' && request.url().endsWith('/complete')

/**
 * Everything a full customer gives but the fields tests type in the page's language (phone, IBAN, income and
 * rent), by field name: the same in every language.
 */
export async function fillCustomerDetails(page: Page): Promise<void> {
  const set = (name: string, value: string) => page.locator(`[name="${name}"]`).fill(value)
  const pick = (name: string, value: string) => page.locator(`[name="${name}"]`).selectOption(value)
  await set('email', 'ana.garcia@example.com')
  await set('document_number', '12345678Z')
  await pick('document_details.type', 'nif')
  await set('document_details.birth_date', '1990-04-12')
  await pick('document_details.gender', 'F')
  await pick('familiar_situation_details.marital.status', 'single')
  await set('main_residence_details.address.street_address', 'Calle Mayor 10')
  await set('main_residence_details.address.postal_code', '28013')
  await set('main_residence_details.address.city', 'Madrid')
  await pick('main_residence_details.ownership_details.type', 'rent')
  await pick('professional_details.employment_status', 'retired')
}

export interface Webhook {
  event: string
  status: string
  checkout_session_id: string
}

export interface Merchant {
  origin: string
  webhooks: Webhook[]
  /** The last message the embedding page received from the checkout iframe. */
  close(): Promise<void>
}

/** The merchant's site: /success and /cancel pages that print their query, /webhooks, and /shop (embedded). */
async function startMerchant(apiOrigin: () => string): Promise<Merchant> {
  const webhooks: Webhook[] = []
  const body = async (req: IncomingMessage) => {
    let text = ''
    req.setEncoding('utf8')
    for await (const chunk of req) text += chunk
    return text
  }
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'POST' && url.pathname === '/webhooks') {
      webhooks.push(JSON.parse(await body(req)))
      res.writeHead(200).end('ok')
      return
    }
    if (url.pathname === '/success' || url.pathname === '/cancel') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        `<!doctype html><html lang="en"><title>Shop</title><h1>Shop ${url.pathname.slice(1)}</h1><p id="query">${url.search.replace(/</g, '&lt;')}</p></html>`,
      )
      return
    }
    if (url.pathname === '/shop') {
      // A merchant page embedding the checkout the way checkout-js does (iframe + postMessage).
      const secret = url.searchParams.get('secret') ?? ''
      const api = apiOrigin()
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><html lang="en"><title>Shop checkout</title>
<h1>Embedded shop</h1><p id="events"></p>
<iframe id="checkout" title="Checkout" style="width:100%;height:900px;border:0"
  src="${api}/embedded?origin=${encodeURIComponent(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)}"></iframe>
<script>
const frame = document.getElementById('checkout')
window.addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(api)} || event.source !== frame.contentWindow) return
  const data = event.data
  document.getElementById('events').textContent += data.type + (data.status ? ':' + data.status : '') + ' '
  if (data.type === 'ready') frame.contentWindow.postMessage({ source: 'plazo-checkout', type: 'init', client_secret: ${JSON.stringify(secret)}, locale: 'en' }, ${JSON.stringify(api)})
})
</script></html>`)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    webhooks,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export interface World {
  api: string
  app: App
  db: Database
  merchant: Merchant
  browser: Browser
  token: string
  /** A browser context with the given locale (navigator.languages). */
  context(locale?: string): Promise<BrowserContext>
  /** A phone: a context with the viewport of an iPhone 14, touch, and the given locale. */
  phone(locale: string): Promise<BrowserContext>
  /** Opens `url` on a phone of its own. */
  openOnPhone(url: string, locale: string): Promise<Page>
  /** Calls the API as Demo Store. */
  call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }>
  /** Creates a hosted-page session whose URLs point at the loopback merchant. */
  createHpp(options?: {
    email?: string
    oneMethod?: boolean
    customization?: Record<string, string>
    purchaseCountry?: 'ESP' | 'FRA'
  }): Promise<{ id: string; hppId: string; redirectUrl: string; orderReference: string }>
  close(): Promise<void>
}

export async function startWorld(): Promise<World> {
  // The merchant's pages embed the API's origin, which is known once the API has its port.
  let api = ''
  const merchant = await startMerchant(() => api)
  const sandbox = await startSandboxApi({ name: 'hpp-e2e' })
  api = sandbox.url
  const { app, db } = sandbox
  const browser = await launchChromium()

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${api}/api/v2${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }
  const login = await call('POST', '/auth/login', {
    username: SANDBOX.demoStore.username,
    password: SANDBOX.password,
  })
  const token = String(login.json.access_token)
  const phone = (locale: string) =>
    browser.newContext({
      locale,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    })

  return {
    api,
    app,
    db,
    merchant,
    browser,
    token,
    context: (locale = 'es-ES') => browser.newContext({ locale }),
    phone,
    async openOnPhone(url, locale) {
      const page = await (await phone(locale)).newPage()
      await page.goto(url)
      return page
    },
    call: (method, path, body) => call(method, path, body, token),
    async createHpp(options = {}) {
      const request = structuredClone(examples.hppRequestExample('product')) as unknown as {
        merchant: Record<string, unknown>
        customer: Record<string, unknown>
        payment_methods: unknown[]
        purchase_country?: string
        ui: { hpp: { merchant_urls: Record<string, string> }; customization?: Record<string, string> }
      }
      const orderReference = `ORDER-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
      request.merchant = {
        order_reference_1: orderReference,
        checkout_mode: 'auto_capture',
        notification_url: `${merchant.origin}/webhooks`,
      }
      request.ui.hpp.merchant_urls = {
        success_url: `${merchant.origin}/success?shop=1`,
        cancel_url: `${merchant.origin}/cancel`,
      }
      if (options.email) request.customer.email = options.email
      if (options.customization) request.ui.customization = options.customization
      if (options.purchaseCountry) request.purchase_country = options.purchaseCountry
      if (options.oneMethod) request.payment_methods = request.payment_methods.slice(0, 1)
      const res = await call('POST', '/checkout', request, token)
      if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.json)}`)
      const redirectUrl = String(res.json.redirect_url)
      return {
        id: String(res.json.checkout_session_id),
        hppId: new URL(redirectUrl).pathname.split('/')[2] as string,
        redirectUrl,
        orderReference,
      }
    },
    async close() {
      await browser.close()
      await sandbox.close()
      await merchant.close()
    },
  }
}
