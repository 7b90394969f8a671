import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LoggedInSite, type LoggedInState, type RunningGate, startLoggedInSite } from './harness.ts'

/** "Copy page" on the guides and the Postman download on the references, in Debian chromium. */

let gate: RunningGate
let browser: Browser
let loggedInState: LoggedInState
let site: LoggedInSite | undefined

beforeAll(async () => {
  site = await startLoggedInSite()
  ;({ gate, browser, loggedInState } = site)
})

afterAll(() => site?.close())

async function loggedInPage(path: string) {
  const context = await browser.newContext({ storageState: loggedInState, baseURL: gate.baseUrl })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gate.baseUrl })
  const page = await context.newPage()
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  return page
}

describe('Copy page', () => {
  for (const [path, label, done, heading] of [
    ['/docs/order-management/refunds', 'Copy page', 'Copied', '# Refund an order'],
    ['/es/docs/order-management/refunds', 'Copiar página', 'Copiada', '# Reembolsar un pedido'],
  ] as const) {
    it(`copies the page's Markdown on ${path}`, async () => {
      const page = await loggedInPage(path)
      const button = page.getByRole('button', { name: label })
      await button.click()
      await page.getByRole('button', { name: done }).waitFor()
      const copied = await page.evaluate(() => navigator.clipboard.readText())
      const twin = await page.evaluate(async (url) => (await fetch(url)).text(), `${path}.md`)
      expect(copied.split('\n')[0]).toBe(heading)
      expect(copied).toBe(twin)
      expect(await page.locator(`a[href="${path}.md"]`).count()).toBe(1)
      await page.context().close()
    })
  }
})

describe('Postman collection', () => {
  for (const [path, label, collection, name] of [
    [
      '/webhook-api',
      'Download Postman collection',
      '/postman/webhook.postman_collection.json',
      'Plazo Webhook',
    ],
    [
      '/es/webhook-api',
      'Descargar colección de Postman',
      '/es/postman/webhook.postman_collection.json',
      'de Plazo',
    ],
  ] as const) {
    it(`is offered on ${path}, from the document of its language`, async () => {
      const page = await loggedInPage(path)
      const link = page.getByRole('link', { name: label })
      expect(await link.getAttribute('href')).toBe(collection)
      const download = await page.evaluate(async (url) => (await fetch(url)).json(), collection)
      expect(download.info.name).toContain(name)
      await page.context().close()
    })
  }
})
