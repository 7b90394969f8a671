// The Checks page runs the API's integration checks (issue 39), in English on a desktop and in Spanish on a phone
// (390×844): a flow check on a session made with the SDK shows every flow check by id; a webhooks check against a
// handler on 127.0.0.1 that verifies signatures passes signature.valid and signature.forged, one that accepts
// everything fails signature.forged; a target the sandbox refuses (PLAZO_WEBHOOK_TARGETS=loopback here) is said
// in the API's words with the CLI command; a wrong period and an unknown session are said too; the runs started
// stay listed after a reload. Every state seen has no serious or critical axe violation and no overflow.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FLOW_CHECKS } from '@plazo/contract'
import { Plazo, verifyWebhook } from '@plazo/node'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDashboard, seriousViolations, startWorld, type World } from './harness.ts'

let world: World

beforeAll(async () => {
  buildDashboard()
  world = await startWorld('dashboard-checks')
})
afterAll(() => world?.close())

/** A merchant's webhook handler on loopback: verifies the Standard Webhooks signature with `secret`, or not. */
async function startHandler(secret: string | undefined): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    if (secret !== undefined) {
      try {
        verifyWebhook(Buffer.concat(chunks), req.headers, secret)
      } catch {
        res.writeHead(400).end('bad signature')
        return
      }
    }
    res.writeHead(204).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const RUNS = [
  {
    lang: 'en',
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    phone: false,
    t: {
      checks: 'Checks',
      checkFlow: 'Check the integration’s calls on this session',
      title: 'Integration checks',
      oneSession: 'One session',
      sessionId: 'Session id',
      period: 'Period',
      runFlow: 'Run the flow check',
      url: 'URL of your webhook handler',
      runWebhooks: 'Run the webhooks check',
      pass: 'pass',
      fail: 'fail',
      badSince: 'Write a duration from 1m to 24h',
      flowReport: 'Report: Flow check',
      webhooksReport: 'Report: Webhooks check',
      noAnswer: 'Your handler did not answer. The sandbox says:',
      open: 'Open the report',
    },
  },
  {
    lang: 'es',
    locale: 'es-ES',
    viewport: { width: 390, height: 844 },
    phone: true,
    t: {
      checks: 'Comprobaciones',
      checkFlow: 'Comprobar las llamadas de la integración sobre esta sesión',
      title: 'Comprobaciones de la integración',
      oneSession: 'Una sesión',
      sessionId: 'Id de la sesión',
      period: 'Periodo',
      runFlow: 'Ejecutar la comprobación del flujo',
      url: 'URL de tu receptor de webhooks',
      runWebhooks: 'Ejecutar la comprobación de webhooks',
      pass: 'superada',
      fail: 'fallida',
      badSince: 'Escribe una duración de 1m a 24h',
      flowReport: 'Informe: Comprobación del flujo',
      webhooksReport: 'Informe: Comprobación de webhooks',
      noAnswer: 'Tu receptor no respondió. El sandbox dice:',
      open: 'Abrir el informe',
    },
  },
] as const

describe.each(RUNS)('the checks page in $lang ($viewport.width px)', (run) => {
  const { t } = run
  let context: BrowserContext
  let page: Page
  let plazo: Plazo
  const csp: string[] = []
  const handlers: Array<{ close(): Promise<void> }> = []
  const email = `checks.${run.lang}.${Date.now()}@example.com`
  const password = 'correct horse battery staple'

  beforeAll(async () => {
    context = await world.browser.newContext({
      locale: run.locale,
      viewport: run.viewport,
      ...(run.phone ? { deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}),
    })
    page = await context.newPage()
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) csp.push(message.text())
    })
    // The account through the dashboard's own sign-up call, from the page (its origin, its cookie).
    await page.goto(`${world.api}/dashboard/sign-in`)
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/dashboard/api/sign-up', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { business_name: `Checks ${run.lang}`, email, password, default_country: 'ESP' },
    )
    expect(status).toBe(201)
    plazo = new Plazo({ username: email, password, apiUrl: `${world.api}/api/v2` })
  })
  afterAll(async () => {
    await context?.close()
    for (const handler of handlers) await handler.close()
  })

  const noViolations = async (where: string) => {
    expect(await seriousViolations(page), where).toEqual([])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${where}: horizontal overflow`).toBeLessThanOrEqual(0)
  }
  const report = () => page.locator('section[aria-labelledby="report-title"]')
  const statusOf = (id: string) => report().locator(`li[data-check-id="${id}"] [data-status]`)

  it('runs a flow check on a session and shows every check with its id, status, title and guide', async () => {
    const session = await plazo.checkoutSessions.create({
      merchant: { order_reference_1: `CHECKS-${run.lang}` },
      cart: {
        total_price_with_tax: 5000,
        currency: 'EUR',
        items: [
          {
            article: {
              type: 'product',
              category: 'physical',
              name: 'Lamp',
              reference: 'L-1',
              unit_price_with_tax: 5000,
            },
            units: 1,
            total_discount: 0,
            total_price_with_tax: 5000,
          },
        ],
      },
      ui: { mode: 'hpp' },
    })
    await page.goto(`${world.api}/dashboard`)
    await page.getByRole('navigation').getByRole('link', { name: t.checks, exact: true }).click()
    await page.getByRole('heading', { name: t.title, level: 1 }).waitFor()
    await noViolations('checks (no run)')

    // A period the CLI would refuse is said at the field, before any call.
    await page.getByRole('textbox', { name: t.period, exact: true }).fill('2d')
    await page.getByRole('button', { name: t.runFlow }).click()
    expect(
      await page.getByRole('textbox', { name: t.period, exact: true }).getAttribute('aria-invalid'),
    ).toBe('true')
    expect(await page.locator('#check-since-error').textContent()).toContain(t.badSince)

    // A session id that is not one: the API's 400 with its message.
    await page.getByRole('radio', { name: t.oneSession }).check()
    await page.getByRole('textbox', { name: t.sessionId }).fill('not-a-session')
    await page.getByRole('button', { name: t.runFlow }).click()
    const problem = page.locator('section[aria-labelledby="flow-check-title"] [role="alert"]')
    await expect.poll(() => problem.textContent()).toMatch(/^400 · .*checkout_session_id/)

    // The session's page links to its flow check, the form filled in.
    await page.goto(`${world.api}/dashboard/sessions/${session.checkout_session_id}`)
    await page.getByRole('link', { name: t.checkFlow }).click()
    await page.getByRole('heading', { name: t.title, level: 1 }).waitFor()
    expect(await page.getByRole('textbox', { name: t.sessionId }).inputValue()).toBe(
      session.checkout_session_id,
    )
    await page.getByRole('button', { name: t.runFlow }).click()
    await report().getByRole('heading', { name: t.flowReport }).waitFor()
    await expect.poll(() => report().locator('li[data-check-id]').count()).toBe(FLOW_CHECKS.length)
    const ids = await report()
      .locator('li[data-check-id]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-check-id')))
    expect(ids).toEqual(FLOW_CHECKS.map((check) => check.id))
    // Each status is a word, not only a colour; each check links its section of the guide (Spanish under /es/).
    const first = report().locator('li[data-check-id="flow.idempotency_key"]')
    expect(await first.locator('[data-status]').textContent()).toMatch(new RegExp(`(${t.pass}|${t.fail})$`))
    expect(await first.locator('code').first().textContent()).toBe('flow.idempotency_key')
    const guide = await first.getByRole('link').getAttribute('href')
    expect(guide).toMatch(
      new RegExp(
        `${run.lang === 'es' ? '/es' : ''}/docs/get-started/integration-check#flow-idempotency-key$`,
      ),
    )
    expect(page.url()).toMatch(/\/dashboard\/checks\?run=[0-9a-f-]{36}$/)
    await noViolations('checks (flow report)')
  })

  it('passes signature.valid and signature.forged against a handler that verifies signatures', async () => {
    const secret = (await plazo.webhooks.secret()).payload.secret
    const handler = await startHandler(secret)
    handlers.push(handler)
    await page.getByLabel(t.url).fill(handler.url)
    // A handler on the sandbox's own machine: the CLI command that checks one on the tester's machine.
    expect(await page.getByTestId('localhost-hint').textContent()).toContain(
      `npx plazo check webhooks --forward-to ${handler.url}`,
    )
    await page.getByRole('button', { name: t.runWebhooks }).click()
    // Running: at least the 2 s the sandbox waits for what the handler does.
    await report().locator('progress').waitFor()
    expect(await report().getByRole('status').textContent()).toMatch(/\d+ s/)
    await noViolations('checks (running)')
    await report().getByRole('heading', { name: t.webhooksReport }).waitFor()
    await expect.poll(() => statusOf('signature.valid').textContent(), { timeout: 30_000 }).toMatch(t.pass)
    expect(await statusOf('signature.forged').textContent()).toMatch(t.pass)
    expect(await report().locator('li[data-check-id]').count()).toBe(11)
    await noViolations('checks (webhooks report)')
  })

  it('fails signature.forged against a handler that accepts everything', async () => {
    const handler = await startHandler(undefined)
    handlers.push(handler)
    await page.getByLabel(t.url).fill(handler.url)
    await page.getByRole('button', { name: t.runWebhooks }).click()
    await report().locator('progress').waitFor()
    await expect.poll(() => statusOf('signature.forged').textContent(), { timeout: 30_000 }).toMatch(t.fail)
    expect(await statusOf('signature.valid').textContent()).toMatch(t.pass)
    const detail = await report().locator('li[data-check-id="signature.forged"] p').textContent()
    expect(detail).toContain('accepted it')
  })

  it('says in the API\u2019s words why a target the sandbox refuses got nothing, with the CLI command', async () => {
    const url = 'http://shop.example/webhooks'
    await page.getByLabel(t.url).fill(url)
    expect(await page.getByTestId('localhost-hint').count()).toBe(0)
    await page.getByRole('button', { name: t.runWebhooks }).click()
    const alert = report().locator('[role="alert"]')
    await alert.waitFor({ timeout: 30_000 })
    const text = (await alert.textContent()) ?? ''
    expect(text).toContain(t.noAnswer)
    expect(text).toContain('shop.example is not a loopback address, and PLAZO_WEBHOOK_TARGETS=loopback')
    expect(text).toContain(`npx plazo check webhooks --forward-to ${url}`)
    expect(await statusOf('signature.valid').textContent()).toMatch(t.fail)
    await noViolations('checks (refused target)')
  })

  it('lists the runs it started, also after a reload, and opens an earlier report', async () => {
    await page.reload()
    const rows = page.locator('tr[data-recent-run]')
    await expect.poll(() => rows.count()).toBe(4)
    await report().locator('li[data-check-id]').first().waitFor()
    // The oldest is the flow run: its report, read again from the API.
    await rows
      .last()
      .getByRole('link', { name: new RegExp(t.open) })
      .click()
    await report().getByRole('heading', { name: t.flowReport }).waitFor()
    await expect.poll(() => report().locator('li[data-check-id]').count()).toBe(FLOW_CHECKS.length)
    await noViolations('checks (recent runs)')
    expect(csp).toEqual([])
  })
})
