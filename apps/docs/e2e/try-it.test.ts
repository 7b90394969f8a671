import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../../packages/api/src/app.ts'
import { loadConfig } from '../../../packages/api/src/config.ts'
import { seedSandbox } from '../../../packages/api/src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../../../packages/api/src/storage/index.ts'
import { buildGateServer } from '../server/app.ts'
import { createPasswordVerifier } from '../server/password.ts'
import { buildDir, ensureBuild, launchBrowser, PASSWORD } from './harness.ts'

/**
 * The Try it consoles of the API references, in Debian chromium: the gate over the production build
 * forwards to a sandbox API started here on a temporary database (and, for one test, to nothing at all).
 */

const execFileAsync = promisify(execFile)

let tempDir: string
let db: Database
let api: App
let apiUrl: string
let gate: FastifyInstance
let gateUrl: string
let downGate: FastifyInstance
let downGateUrl: string
let browser: Browser

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function startGate(sandboxUrl: string): Promise<[FastifyInstance, string]> {
  const app = await buildGateServer({ buildDir, password: createPasswordVerifier(PASSWORD), sandboxUrl })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return [app, `http://127.0.0.1:${address.port}`]
}

beforeAll(async () => {
  ensureBuild()
  tempDir = mkdtempSync(join(tmpdir(), 'plazo-try-it-'))
  const port = await freePort()
  apiUrl = `http://127.0.0.1:${port}`
  db = await openDatabase(`sqlite:${join(tempDir, 'sandbox.sqlite')}`)
  await seedSandbox(db)
  api = await buildApp({ config: loadConfig({ PLAZO_PUBLIC_URL: apiUrl }), db, timerIntervalMs: 0 })
  await api.listen({ port, host: '127.0.0.1' })
  ;[gate, gateUrl] = await startGate(apiUrl)
  ;[downGate, downGateUrl] = await startGate(`http://127.0.0.1:${await freePort()}`)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await gate?.close()
  await downGate?.close()
  await api?.close()
  await db?.close()
  if (tempDir) rmSync(tempDir, { recursive: true, force: true })
})

/** A fresh, logged-in browser profile (the console's state lives in sessionStorage, per tab). */
async function loggedIn(
  baseUrl: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await page.goto(`${baseUrl}/`)
  await page.fill('#password', PASSWORD)
  await page.click('button[type=submit]')
  await page.waitForSelector('.navbar', { timeout: 15_000 })
  return { context, page }
}

const operation = (page: Page, operationId: string) => page.locator(`[id="operation/${operationId}"]`)

/** Opens an operation's console with its Try it button and waits for the console's form. */
async function openConsole(page: Page, operationId: string, label = 'Try it'): Promise<Locator> {
  const section = operation(page, operationId)
  await section.getByRole('button', { name: label, exact: true }).click()
  const console = section.locator('section[aria-label]')
  await console.waitFor({ timeout: 30_000 })
  return console
}

/** Sends, and waits for the answer (each console here sends once). */
async function sendAndWait(console: Locator, label = 'Send'): Promise<Locator> {
  await console.getByRole('button', { name: label, exact: true }).click()
  const answer = console.locator('[data-status]')
  await answer.waitFor({ timeout: 30_000 })
  return answer
}

describe('the Try it console', () => {
  it('creates a hosted-page session with no typing, then reads it back by the id it offers', async () => {
    const { context, page } = await loggedIn(gateUrl)
    await page.goto(`${gateUrl}/checkout-session-hpp-api`)
    // Opened straight away, before Redoc replaces the prerendered markup: the console survives that.
    const create = await openConsole(page, 'createHppCheckoutSession')
    await create.locator('[data-check="valid"]').waitFor({ timeout: 30_000 })
    await expect(create.textContent()).resolves.toContain('Matches the request schema.')
    const created = await sendAndWait(create)
    expect(await created.getAttribute('data-status')).toBe('201')
    const body = JSON.parse((await created.locator('pre').textContent()) ?? '{}') as Record<string, string>
    expect(body.checkout_session_id).toMatch(/^[0-9a-f-]{36}$/)
    await page.waitForSelector('.plazo-redoc[data-interactive="true"]', { timeout: 60_000 })
    expect(await create.locator('[data-status="201"]').count()).toBe(1)

    const read = await openConsole(page, 'getCheckoutSession')
    const idField = read.locator('input[name="checkout_session_id"]')
    expect(await idField.inputValue()).toBe(body.checkout_session_id)
    const readBack = await sendAndWait(read)
    expect(await readBack.getAttribute('data-status')).toBe('200')
    await expect(readBack.locator('pre').textContent()).resolves.toContain(body.checkout_session_id)
    await expect(readBack.locator('details summary').textContent()).resolves.toMatch(/^Headers \(\d+\)$/)
    expect(await readBack.textContent()).toMatch(/Response\s*200 OK\s*\d+ ms/)

    // A test helper works the same way: the customer approves the session just made.
    const helper = await openConsole(page, 'sandboxCustomerAction')
    expect(await helper.locator('input[name="checkout_session_id"]').inputValue()).toBe(
      body.checkout_session_id,
    )
    const approved = await sendAndWait(helper)
    expect(await approved.getAttribute('data-status')).toBe('201')
    await context.close()
  })

  it('shows the schema messages as you type, and the 400 with its schema_errors on Send', async () => {
    const { context, page } = await loggedIn(gateUrl)
    await page.goto(`${gateUrl}/checkout-session-hpp-api`)
    const create = await openConsole(page, 'createHppCheckoutSession')
    await create
      .getByRole('textbox', { name: 'Request body (JSON)' })
      .fill('{"purchase_country": "XX", "surprise": 1}')
    const check = create.locator('[data-check="invalid"]')
    await check.waitFor()
    await expect(check.textContent()).resolves.toMatch(
      /problems with the request schema:.*\/cart\s*is required/,
    )
    await expect(check.textContent()).resolves.toContain('/surprise is not a known field')
    const answer = await sendAndWait(create)
    expect(await answer.getAttribute('data-status')).toBe('400')
    const text = (await answer.textContent()) ?? ''
    expect(text).toContain('Schema errors')
    expect(text).toMatch(/\/cart\s*is required/)
    expect(JSON.parse((await answer.locator('pre').textContent()) ?? '{}').schema_errors).toContainEqual(
      expect.objectContaining({ field: '/cart', message: 'is required' }),
    )
    await context.close()
  })

  it('copies the exact call as curl, which runs as it is', async () => {
    const { context, page } = await loggedIn(gateUrl)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateUrl })
    await page.goto(`${gateUrl}/order-management-api`)
    const advance = await openConsole(page, 'sandboxClockAdvance')
    await advance.getByRole('textbox', { name: 'Idempotency-Key (optional)' }).fill("it's-1")
    await advance.getByRole('button', { name: 'Copy as curl' }).click()
    await advance.getByText('Copied.').waitFor()
    const curl = await page.evaluate(() => navigator.clipboard.readText())
    expect(curl).toMatch(new RegExp(`^curl -X POST '${apiUrl}/api/v2/test-helpers/clock/advance'`))
    expect(curl).toContain("-H 'authorization: Bearer ")
    expect(curl).toContain("-H 'idempotency-key: it'\\''s-1'")
    // Asynchronously: the sandbox API answering it runs in this process.
    const { stdout } = await execFileAsync('bash', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`], {
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(stdout).toBe('201')
    await context.close()
  })

  it('switches to the other sandbox account, which does not see the demo merchant’s sessions', async () => {
    const { context, page } = await loggedIn(gateUrl)
    await page.goto(`${gateUrl}/checkout-session-hpp-api`)
    const create = await openConsole(page, 'createHppCheckoutSession')
    expect(await (await sendAndWait(create)).getAttribute('data-status')).toBe('201')
    await expect(create.textContent()).resolves.toContain('Signed in as demo@plazo.test.')
    const read = await openConsole(page, 'getCheckoutSession')
    await read.getByRole('combobox', { name: 'Account' }).selectOption('other')
    const answer = await sendAndWait(read)
    expect(Number(await answer.getAttribute('data-status'))).toBeGreaterThanOrEqual(400)
    await expect(read.textContent()).resolves.toContain('Signed in as other@plazo.test.')
    // Every console of the visit uses the account chosen.
    await expect(create.getByRole('combobox', { name: 'Account' }).inputValue()).resolves.toBe('other')
    await context.close()
  })

  it('says how to start the sandbox when it is down', async () => {
    const { context, page } = await loggedIn(downGateUrl)
    await page.goto(`${downGateUrl}/checkout-session-hpp-api`)
    const create = await openConsole(page, 'createHppCheckoutSession')
    const answer = await sendAndWait(create)
    expect(await answer.getAttribute('data-status')).toBe('502')
    await expect(answer.getByRole('alert').textContent()).resolves.toContain(
      'The sandbox API is not running. Start it with npm run start:api',
    )
    await context.close()
  })

  it('speaks Spanish on the Spanish references', async () => {
    const { context, page } = await loggedIn(gateUrl)
    await page.goto(`${gateUrl}/es/checkout-session-hpp-api`)
    const create = await openConsole(page, 'createHppCheckoutSession', 'Pruébalo')
    await create.locator('[data-check="valid"]').waitFor({ timeout: 30_000 })
    await expect(create.textContent()).resolves.toContain('Cumple el esquema de la petición.')
    expect(await create.getByRole('button', { name: 'Copiar como curl' }).count()).toBe(1)
    const answer = await sendAndWait(create, 'Enviar')
    expect(await answer.getAttribute('data-status')).toBe('201')
    await expect(answer.textContent()).resolves.toContain('Respuesta')
    await context.close()
  })

  it('fits a 390 px phone in dark mode', async () => {
    const { context, page } = await loggedIn(gateUrl, { viewport: { width: 390, height: 844 } })
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.goto(`${gateUrl}/checkout-session-hpp-api`)
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    const create = await openConsole(page, 'createHppCheckoutSession')
    await sendAndWait(create)
    // Measured once Redoc has replaced the prerendered markup and the console has moved into its markup.
    await page.waitForSelector('.plazo-redoc[data-interactive="true"]', { timeout: 60_000 })
    for (const element of [create, create.getByRole('button', { name: 'Send' }), create.locator('pre')]) {
      await element.waitFor({ state: 'visible' })
      await expect
        .poll(
          async () => {
            const box = await element.boundingBox()
            return box !== null && box.x >= 0 && box.x + box.width <= 390
          },
          { message: String(element) },
        )
        .toBe(true)
    }
    const [background, color] = await create.evaluate((node) => {
      const style = getComputedStyle(node)
      return [style.backgroundColor, style.color]
    })
    const luminance = (rgb: string) => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number)
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
    }
    expect(luminance(background)).toBeLessThan(0.3)
    expect(luminance(color)).toBeGreaterThan(0.7)
    await context.close()
  })

  it('is behind the gate', async () => {
    const response = await fetch(`${gateUrl}/__sandbox/api/v2/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@plazo.test', password: 'plazo-sandbox' }),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'docs_session_required' })
  })
})
