// A tester's hour in the dashboard (issue 38), in English on a desktop and in Spanish on a phone (390×844): sign
// up, sign out and in again, create a session with the SDK using the new account and see it appear without a
// reload, approve it from the dashboard, watch its notification fail against a receiver that answers 500, read
// the attempt and the answer's excerpt, fix the receiver, resend, see it delivered, refund one line, read the
// request log; every page visited has no serious or critical axe violation and no CSP violation. The new session
// appears because the dashboard's live stream says so: an idle page reads nothing.
import { Plazo } from '@plazo/node'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDashboard,
  type Receiver,
  seriousViolations,
  startReceiver,
  startWorld,
  type World,
} from './harness.ts'

let world: World

beforeAll(async () => {
  buildDashboard()
  world = await startWorld('dashboard-e2e')
})
afterAll(() => world?.close())

const RUNS = [
  {
    lang: 'en',
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    phone: false,
    t: {
      signInTitle: 'Sign in to your sandbox',
      toSignUp: 'Create a sandbox account',
      businessName: 'Business name',
      email: 'E-mail',
      password: 'Password',
      country: 'Default country',
      createAccount: 'Create the account',
      sessions: 'Sessions',
      signOut: 'Sign out',
      signIn: 'Sign in',
      approve: 'Approve',
      confirmed: 'confirmed',
      failed: 'failed',
      delivered: 'delivered',
      pending: 'pending',
      excerpt: 'Answer (first 2 KB)',
      resend: 'Resend',
      refundSelected: 'Refund the selected lines',
      refundLine: 'Refund Socks',
      yes: 'yes',
      logs: 'Request log',
      openSession: 'Open its session',
      webhooks: 'Webhooks',
      reveal: 'Reveal the secret',
      developers: 'Developers',
      checks: 'Checks',
      checksText: 'Run the webhooks check',
    },
  },
  {
    lang: 'es',
    locale: 'es-ES',
    viewport: { width: 390, height: 844 },
    phone: true,
    t: {
      signInTitle: 'Inicia sesión en tu sandbox',
      toSignUp: 'Crea una cuenta de sandbox',
      businessName: 'Nombre del negocio',
      email: 'E-mail',
      password: 'Contraseña',
      country: 'País por defecto',
      createAccount: 'Crear la cuenta',
      sessions: 'Sesiones',
      signOut: 'Cerrar sesión',
      signIn: 'Iniciar sesión',
      approve: 'Aprobar',
      confirmed: 'confirmada',
      failed: 'fallido',
      delivered: 'entregado',
      pending: 'pendiente',
      excerpt: 'Respuesta (primeros 2 KB)',
      resend: 'Reenviar',
      refundSelected: 'Reembolsar las líneas elegidas',
      refundLine: 'Reembolsar Socks',
      yes: 'sí',
      logs: 'Registro de llamadas',
      openSession: 'Abrir su sesión',
      webhooks: 'Webhooks',
      reveal: 'Mostrar el secreto',
      developers: 'Desarrolladores',
      checks: 'Comprobaciones',
      checksText: 'Ejecutar la comprobación de webhooks',
    },
  },
] as const

/** A cart of two lines, so that one can be refunded and the other kept. */
function order(reference: string, notificationUrl: string) {
  const line = (name: string, reference: string, price: number) => ({
    article: {
      type: 'product' as const,
      category: 'physical' as const,
      name,
      reference,
      unit_price_with_tax: price,
    },
    units: 1,
    total_discount: 0,
    total_price_with_tax: price,
  })
  return {
    merchant: {
      order_reference_1: reference,
      checkout_mode: 'auto_capture' as const,
      notification_url: notificationUrl,
    },
    cart: {
      total_price_with_tax: 9900,
      currency: 'EUR' as const,
      items: [line('Shoes', 'SKU-1', 7900), line('Socks', 'SKU-2', 2000)],
    },
    ui: { mode: 'hpp' as const },
  }
}

describe.each(RUNS)('a tester\u2019s hour in $lang ($viewport.width px)', (run) => {
  const { t } = run
  let context: BrowserContext
  let page: Page
  let receiver: Receiver
  const csp: string[] = []
  const requests: string[] = []
  const email = `tester.${run.lang}.${Date.now()}@example.com`
  const password = 'correct horse battery staple'
  let sessionId = ''

  beforeAll(async () => {
    receiver = await startReceiver()
    context = await world.browser.newContext({
      locale: run.locale,
      viewport: run.viewport,
      ...(run.phone ? { deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}),
    })
    page = await context.newPage()
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) csp.push(message.text())
    })
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
  })
  afterAll(async () => {
    await context?.close()
    await receiver?.close()
  })

  const noViolations = async (where: string) => {
    expect(await seriousViolations(page), where).toEqual([])
    // Usable at this width: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${where}: horizontal overflow`).toBeLessThanOrEqual(0)
  }
  const nav = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true })

  it('signs up, signs out and signs in again, in the browser\u2019s language', async () => {
    await page.goto(`${world.api}/dashboard`)
    await expect.poll(() => page.url()).toContain('/dashboard/sign-in')
    await page.getByRole('heading', { name: t.signInTitle }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(run.lang)
    await noViolations('sign-in')
    await page.getByRole('link', { name: t.toSignUp }).click()
    await page.getByLabel(t.businessName).waitFor()
    await noViolations('sign-up')
    await page.getByLabel(t.businessName).fill(`Tienda ${run.lang}`)
    await page.getByLabel(t.email, { exact: true }).fill(email)
    await page.getByLabel(t.password, { exact: true }).fill(password)
    await page.getByLabel(t.country).selectOption('FRA')
    await page.getByRole('button', { name: t.createAccount }).click()
    await page.getByRole('heading', { name: t.sessions, level: 1 }).waitFor()
    await noViolations('sessions (empty)')
    // The browser holds the login only in the HttpOnly cookie: no script can read a token.
    expect(await page.evaluate(() => document.cookie)).toBe('')
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(
      /token|password|correct horse/i,
    )

    await page.getByRole('button', { name: t.signOut }).click()
    await page.getByRole('heading', { name: t.signInTitle }).waitFor()
    await page.getByLabel(t.email, { exact: true }).fill(email.toUpperCase())
    await page.getByLabel(t.password, { exact: true }).fill(password)
    await page.getByRole('button', { name: t.signIn, exact: true }).click()
    await page.getByRole('heading', { name: t.sessions, level: 1 }).waitFor()
  })

  it('shows a session created with the SDK within 2 s, without a reload, told by the live stream', async () => {
    const plazo = new Plazo({ username: email, password, apiUrl: `${world.api}/api/v2` })
    // The page listens to the stream rather than reading the list every second: idle, it reads nothing.
    expect(requests).toContain('/dashboard/api/stream')
    const listReads = () => requests.filter((path) => path === '/dashboard/api/v2/checkout').length
    const before = listReads()
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(listReads()).toBe(before)
    const reference = `HOUR-${run.lang.toUpperCase()}-1`
    const navigations: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url())
    })
    const created = await plazo.checkoutSessions.create(order(reference, receiver.url))
    sessionId = created.checkout_session_id
    const shown = Date.now()
    await page.locator(`tr[data-session-id="${sessionId}"]`).waitFor({ timeout: 2000 })
    expect(Date.now() - shown).toBeLessThan(2000)
    expect(navigations).toEqual([])
    await expect
      .poll(() => page.locator(`tr[data-session-id="${sessionId}"]`).textContent())
      .toContain(reference)
    await noViolations('sessions (one)')
    // Found by part of its order reference, in any case, and by its id; nothing else matches.
    const search = page.getByRole('searchbox')
    for (const text of [reference.slice(0, 8).toLowerCase(), sessionId]) {
      await search.fill(text)
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
      await page.locator(`tr[data-session-id="${sessionId}"]`).waitFor()
    }
    await search.fill('no-such-order')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0)
    await search.fill('')
    await page.locator(`tr[data-session-id="${sessionId}"]`).waitFor()
  })

  it('approves it as the customer, and reads the failed delivery and the receiver\u2019s answer', async () => {
    await page.locator(`tr[data-session-id="${sessionId}"]`).getByRole('link').click()
    await page.getByRole('heading', { level: 1, name: new RegExp(sessionId) }).waitFor()
    await page.getByRole('button', { name: t.approve, exact: true }).click()
    const summary = page.locator('section[aria-labelledby="summary-title"]')
    await expect.poll(() => summary.textContent(), { timeout: 5000 }).toContain(t.confirmed)

    // The worker tries the receiver, which answers 500: the attempt, its status code and its answer are shown.
    const timeline = page.locator('section[aria-labelledby="timeline-title"]')
    const first = timeline.locator('article').first()
    await expect.poll(() => first.textContent(), { timeout: 10_000 }).toMatch(/\b500\b/)
    await first.getByText(t.excerpt).first().click()
    await expect
      .poll(() => first.locator('details pre').first().textContent())
      .toContain('orders database is down')
    await noViolations('session (failed delivery)')

    receiver.fix()
    await first.getByRole('button', { name: new RegExp(`^${t.resend}`) }).click()
    await expect
      .poll(() => first.locator('.badge').first().textContent(), { timeout: 10_000 })
      .toBe(t.delivered)
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBeGreaterThan(0)
    expect(receiver.received.every((event) => event.checkout_session_id === sessionId)).toBe(true)
  })

  it('refunds one line of the two', async () => {
    const lines = page.locator('section[aria-labelledby="lines-title"]')
    await lines.getByRole('checkbox', { name: t.refundLine }).check()
    await lines.getByRole('button', { name: t.refundSelected }).click()
    const socks = lines.locator('tbody tr').filter({ hasText: 'Socks' })
    await expect.poll(() => socks.locator('td').last().textContent(), { timeout: 5000 }).toBe(t.yes)
    const shoes = lines.locator('tbody tr').filter({ hasText: 'Shoes' })
    expect(await shoes.locator('td').last().textContent()).not.toBe(t.yes)
    await expect
      .poll(() => page.locator('section[aria-labelledby="summary-title"]').textContent())
      .toMatch(/20[.,]00/)
  })

  it('reads the request log: the SDK\u2019s calls with their bodies, and a link to the session', async () => {
    await nav(t.logs).click()
    await page.getByRole('heading', { name: t.logs, level: 1 }).waitFor()
    const create = page
      .locator('li.log-entry')
      .filter({ hasText: 'POST' })
      .filter({ hasText: '/api/v2/checkout' })
      .last()
    await create.waitFor()
    const text = (await create.textContent()) ?? ''
    expect(text).toContain('201')
    // The SDK sends an Idempotency-Key with every POST: the log shows it.
    expect(text).toMatch(/Idempotency-Key\s*[0-9a-f-]{20,}/i)
    await create.locator('summary').click()
    expect(await create.locator('pre').first().textContent()).toContain(`HOUR-${run.lang.toUpperCase()}-1`)
    await noViolations('request log')
    await create.getByRole('link', { name: t.openSession }).click()
    await page.getByRole('heading', { level: 1, name: new RegExp(sessionId) }).waitFor()
  })

  it('shows the webhooks, the developers\u2019 page and the checks page, with no violation', async () => {
    await nav(t.webhooks).click()
    await page.getByRole('heading', { name: t.webhooks, level: 1 }).waitFor()
    await page.locator(`tr[data-event-id]`).first().waitFor()
    await page.getByRole('button', { name: t.reveal }).click()
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/)
    await noViolations('webhooks')

    await nav(t.developers).click()
    await page.getByRole('heading', { name: t.developers, level: 1 }).waitFor()
    const snippets = await page.locator('pre').allTextContents()
    expect(snippets.join('\n')).toContain(`apiUrl: '${world.api}/api/v2'`)
    expect(snippets.join('\n')).toContain(`"PLAZO_USERNAME": "${email}"`)
    await noViolations('developers')

    await nav(t.checks).click()
    expect(await page.locator('main').textContent()).toContain(t.checksText)
    await noViolations('checks')
    expect(csp).toEqual([])
  })
})
