// The embedded checkout as a merchant mounts it: checkout.js from the API on a page of another origin,
// CheckoutSessionComponent with the client secret of a real session, Plazo's page in the iframe. Each test
// checks one promise of the guide (docs/embedded/integration/checkout-session-component): when onReady and
// onError are called and with what, and that the iframe grows and shrinks with its content.
import { readFileSync } from 'node:fs'
import type { RequestListener } from 'node:http'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_AGENT_ONLINE_ID } from '@plazo/contract'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmbeddedSession, type MerchantWorld, startMerchantWorld } from './merchant-world.ts'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** What the merchant's callbacks received, in order, as the page recorded it. */
type Event =
  | { type: 'ready' }
  | { type: 'complete'; status: string; checkoutSessionId: string }
  | { type: 'cancel'; checkoutSessionId: string }
  | {
      type: 'error'
      name: string
      isPlazoError: boolean
      status: unknown
      exception: unknown
      message: string
      localizedMessage: unknown
    }

// The merchant's checkout page, on its own origin, written like the guide's sample: it records every
// callback in window.events and shows the customer error.localizedMessage.
function merchantSite(api: string): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const props: Record<string, unknown> = { clientSecret: url.searchParams.get('secret') ?? '' }
    const timeout = url.searchParams.get('timeout')
    if (timeout) props.loadTimeout = Number(timeout)
    const lang = url.searchParams.get('lang') ?? 'es'
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="${lang}"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout</title><style>body{margin:0;font-family:sans-serif}</style>
<h1>Checkout</h1><p id="loading">Loading…</p><p id="error" role="alert"></p><div id="checkout"></div>
<script src="${api}/checkout.js"></script>
<script>
  window.events = []
  PlazoCheckout.init({ agentId: ${JSON.stringify(DEMO_AGENT_ONLINE_ID)} })
  const checkout = PlazoCheckout.CheckoutSessionComponent({
    mountElement: '#checkout',
    ...${JSON.stringify(props).replaceAll('<', '\\u003c')},
    onReady: () => {
      events.push({ type: 'ready' })
      document.getElementById('loading').remove()
    },
    onComplete: (result) => events.push({ type: 'complete', ...result }),
    onCancel: (result) => events.push({ type: 'cancel', ...result }),
    onError: (error) => {
      events.push({
        type: 'error',
        name: error.name,
        isPlazoError: typeof PlazoCheckout.PlazoError === 'function' && error instanceof PlazoCheckout.PlazoError,
        status: error.status,
        exception: error.exception,
        message: error.message,
        localizedMessage: error.localizedMessage,
      })
      document.getElementById('error').textContent = error.localizedMessage
    },
  })
</script></html>`)
  }
}

let world: MerchantWorld

beforeAll(async () => {
  world = await startMerchantWorld({
    name: 'checkout-js-embedded-e2e',
    checkoutApp: true,
    site: merchantSite,
  })
})

afterAll(() => world?.close())

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${world.api}/api/v2${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${world.token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

/** An embedded session offering BNPL and a consumer loan (the guide's example, without webhooks). */
const createSession = () => createEmbeddedSession(world, 'EMB')

async function openShop(
  context: BrowserContext,
  query: Record<string, string | number>,
): Promise<{ page: Page; events: () => Promise<Event[]> }> {
  const page = await context.newPage()
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  await page.goto(`${world.shop}/?${search}`)
  return { page, events: () => page.evaluate(() => (window as unknown as { events: Event[] }).events) }
}

/** Waits for the merchant's callbacks to have received an event of this type, and answers all of them. */
async function waitForEvent(page: Page, type: Event['type'], timeout = 20_000): Promise<Event[]> {
  await page.waitForFunction(
    (wanted) => (window as unknown as { events: Event[] }).events.some((e) => e.type === wanted),
    type,
    { timeout },
  )
  return page.evaluate(() => (window as unknown as { events: Event[] }).events)
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

type Lang = 'en' | 'es'
const LANGS: Lang[] = ['en', 'es']
const GUIDE = {
  en: 'apps/docs/docs/embedded/integration/checkout-session-component.mdx',
  es: 'apps/docs/i18n/es/docusaurus-plugin-content-docs/current/embedded/integration/checkout-session-component.mdx',
}

/**
 * The guide's table of what onError receives (section Errors), in one language: by `exception`, the `status`
 * and the `localizedMessage` it promises. The tests expect exactly these, so the guide cannot drift.
 */
function guideErrors(lang: Lang): Record<string, { status: number; localizedMessage: string }> {
  const page = readFileSync(resolve(REPO, GUIDE[lang]), 'utf8')
  const rows: Record<string, { status: number; localizedMessage: string }> = {}
  for (const line of page.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    // | When | `status` | `exception` | `localizedMessage` |
    const [, , status, exception, localizedMessage] = cells
    if (cells.length !== 6 || !status?.match(/^`\d+`$/) || !exception?.startsWith('`')) continue
    rows[exception.slice(1, -1)] = {
      status: Number(status.slice(1, -1)),
      localizedMessage: localizedMessage ?? '',
    }
  }
  return rows
}

describe('onReady: only when the checkout can be used', () => {
  it('is called once the session was read with the secret, not when the frame merely loads', async () => {
    const { secret } = await createSession()
    const context = await world.browser.newContext({ locale: 'es-ES' })
    // Hold the frame's read of the session: until it is answered, the checkout cannot be used.
    let release = () => {}
    const held = new Promise<void>((done) => {
      release = done
    })
    await context.route(
      (url) => url.pathname === '/api/v2/client/embedded',
      async (route) => {
        await held
        await route.continue()
      },
    )
    const reading = context.waitForEvent(
      'request',
      (r) => new URL(r.url()).pathname === '/api/v2/client/embedded',
    )
    const { page, events } = await openShop(context, { secret })
    await reading
    await sleep(500)
    expect(await events()).toEqual([])
    expect(await page.locator('#loading').isVisible()).toBe(true)
    release()
    expect(await waitForEvent(page, 'ready')).toEqual([{ type: 'ready' }])
    await page.frameLocator('iframe.plazo-checkout').getByRole('heading', { name: 'Tu pedido' }).waitFor()
    expect(await page.locator('#loading').count()).toBe(0)
    await context.close()
  })
})

describe('onError: a PlazoError with status, exception, message and localizedMessage', () => {
  /** What the merchant's onError received, as the guide's table says it must be, in the page's language. */
  const promised = (lang: Lang, exception: string, message: RegExp) => {
    const row = guideErrors(lang)[exception]
    expect(row, `the guide (${lang}) has a row for ${exception}`).toBeDefined()
    return {
      type: 'error',
      name: 'PlazoError',
      isPlazoError: true,
      status: row?.status,
      exception,
      message: expect.stringMatching(message),
      localizedMessage: row?.localizedMessage,
    }
  }

  it.each(LANGS)('a wrong client secret: 401 invalid_token, never onReady (%s)', async (lang) => {
    const context = await world.browser.newContext({ locale: 'es-ES' })
    const { page, events } = await openShop(context, { secret: 'cs_not_a_real_secret', lang })
    await waitForEvent(page, 'error')
    await sleep(300)
    const expected = promised(lang, 'invalid_token', /client secret/i)
    expect(await events()).toEqual([expected])
    // What the guide's sample shows the customer.
    expect(await page.getByRole('alert').textContent()).toBe(expected.localizedMessage)
    await context.close()
  })

  it('a wrong client secret in French (the guide shows en and es)', async () => {
    const context = await world.browser.newContext({ locale: 'es-ES' })
    const { page } = await openShop(context, { secret: 'cs_not_a_real_secret', lang: 'fr' })
    await waitForEvent(page, 'error')
    expect(await page.getByRole('alert').textContent()).toBe(
      'Ce paiement n’a pas pu être ouvert. Recommencez votre achat.',
    )
    await context.close()
  })

  it.each(LANGS)('the API unreachable from the frame: 0 plazo.client.network_error (%s)', async (lang) => {
    const { secret } = await createSession()
    const context = await world.browser.newContext({ locale: 'en-GB' })
    await context.route(
      (url) => url.pathname === '/api/v2/client/embedded',
      (route) => route.abort('internetdisconnected'),
    )
    const { page, events } = await openShop(context, { secret, lang })
    await waitForEvent(page, 'error')
    await sleep(300)
    expect(await events()).toEqual([
      promised(lang, 'plazo.client.network_error', /\/api\/v2\/client\/embedded/),
    ])
    await context.close()
  })

  it.each(LANGS)('a frame not ready within loadTimeout: 0 plazo.client.frame_timeout (%s)', async (lang) => {
    const { secret } = await createSession()
    const context = await world.browser.newContext({ locale: 'es-ES' })
    await context.route(
      (url) => url.pathname === '/embedded',
      (route) => route.abort('connectionrefused'),
    )
    const { page, events } = await openShop(context, { secret, lang, timeout: 1500 })
    await sleep(1000)
    expect(await events()).toEqual([])
    await waitForEvent(page, 'error', 5_000)
    expect(await events()).toEqual([promised(lang, 'plazo.client.frame_timeout', /1500 ms/)])
    await context.close()
  })

  it('a checkout that loads in time never times out', async () => {
    const { secret } = await createSession()
    const context = await world.browser.newContext({ locale: 'es-ES' })
    const { page, events } = await openShop(context, { secret, timeout: 3000 })
    await waitForEvent(page, 'ready')
    await sleep(3500)
    expect(await events()).toEqual([{ type: 'ready' }])
    await context.close()
  })
})

describe('the iframe follows the height of its content, both ways', () => {
  it.each([
    ['a phone', 390, 844],
    ['a desktop', 1280, 800],
  ])('on %s (%i px): a consumer loan, then BNPL', async (_name, width, height) => {
    const { secret } = await createSession()
    const context = await world.browser.newContext({ locale: 'es-ES', viewport: { width, height } })
    const { page } = await openShop(context, { secret })
    await waitForEvent(page, 'ready')
    const iframe = page.locator('iframe.plazo-checkout')
    const frame = page.frameLocator('iframe.plazo-checkout')
    const frameHeight = () => iframe.evaluate((el) => el.getBoundingClientRect().height)
    // The height of what the checkout shows: its document's body, which is as tall as its content.
    const contentHeight = () => frame.locator('body').evaluate((body) => body.getBoundingClientRect().height)
    const fits = async () => Math.abs((await frameHeight()) - (await contentHeight())) <= 2
    const method = (type: string) => frame.locator(`input[type="radio"][value="${type}"]`)

    // A consumer loan asks for the full customer form: a long page.
    await method('consumer_loan_instalments').check()
    await expect.poll(contentHeight, { timeout: 5_000 }).toBeGreaterThan(1500)
    await expect.poll(fits, { timeout: 5_000 }).toBe(true)
    const loan = await contentHeight()

    // BNPL asks for the basic one: the page is much shorter, and so must the iframe be.
    await method('bnpl_instalments').check()
    await expect.poll(contentHeight, { timeout: 5_000 }).toBeLessThan(loan - 300)
    await expect.poll(fits, { timeout: 5_000 }).toBe(true)
    await context.close()
  })
})

// Last: moving the sandbox clock expires every session created so far.
describe('an expired session', () => {
  it('calls onError with 0 plazo.client.session_expired, not onComplete or onReady (en, es)', async () => {
    const sessions = await Promise.all(LANGS.map(() => createSession()))
    expect((await call('POST', '/test-helpers/clock/advance', { minutes: 24 * 60 + 1 })).status).toBe(201)
    for (const [i, lang] of LANGS.entries()) {
      const context = await world.browser.newContext({ locale: 'es-ES' })
      const { page, events } = await openShop(context, { secret: sessions[i]?.secret ?? '', lang })
      await waitForEvent(page, 'error')
      await sleep(300)
      const row = guideErrors(lang)['plazo.client.session_expired']
      expect(await events()).toEqual([
        {
          type: 'error',
          name: 'PlazoError',
          isPlazoError: true,
          status: row?.status,
          exception: 'plazo.client.session_expired',
          message: expect.stringContaining(`${sessions[i]?.id} has expired`),
          localizedMessage: row?.localizedMessage,
        },
      ])
      await context.close()
    }
  })
})
