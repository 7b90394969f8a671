import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuild, launchBrowser, PASSWORD, type RunningGate, startGate } from './harness.ts'

/**
 * The Spanish API references and code samples as a visitor sees them: the Spanish OpenAPI documents, rendered
 * and offered for download, and the samples of the Spanish guides with Spanish comments.
 */

let gate: RunningGate
let browser: Browser
let page: Page

beforeAll(async () => {
  ensureBuild()
  gate = await startGate()
  browser = await launchBrowser()
  page = await browser.newPage()
  await page.goto(`${gate.baseUrl}/es/`)
  await page.fill('#password', PASSWORD)
  await page.click('button[type=submit]')
  await page.waitForSelector('.navbar', { timeout: 15_000 })
})

afterAll(async () => {
  await browser?.close()
  await gate?.app.close()
})

/** The prerendered reference, before any interaction (what the visitor reads first). */
async function reference(path: string): Promise<string> {
  await page.goto(`${gate.baseUrl}${path}`)
  await page.waitForSelector('.redocusaurus h1')
  return (await page.locator('.redocusaurus').textContent()) ?? ''
}

describe('the Spanish API references', () => {
  it('show the Spanish document: title, tags, operations and Redoc labels, not the English', async () => {
    const text = await reference('/es/order-management-api')
    await expect(page.locator('.redocusaurus h1').textContent()).resolves.toContain(
      'API de gestión de pedidos de Plazo',
    )
    expect(await page.title()).toContain('API de gestión de pedidos')
    for (const spanish of ['Reembolsa un pedido', 'Gestión de pedidos', 'Ejemplos de respuesta']) {
      expect(text).toContain(spanish)
    }
    expect(text).toContain('Reembolsa líneas de pedido capturadas con refunded_item_ids')
    for (const english of ['Refund an order', 'Refund captured order lines', 'Response samples']) {
      expect(text).not.toContain(english)
    }
  })

  it('offer the Spanish document for download', async () => {
    await reference('/es/webhook-api')
    const href = new URL(
      (await page.locator('a[download][href*="/openapi/"]').first().getAttribute('href')) ?? '',
      gate.baseUrl,
    )
    expect(href.pathname).toBe('/openapi/es/webhook.json')
    const download = await page.request.get(href.toString())
    expect(download.status()).toBe(200)
    const document = (await download.json()) as { openapi: string; info: { title: string } }
    expect(document.openapi).toMatch(/^3\.1/)
    expect(document.info.title).toBe('Notificaciones webhook de Plazo')
  })

  it('leave the English reference in English', async () => {
    const text = await reference('/order-management-api')
    expect(text).toContain('Refund an order')
    expect(text).not.toContain('Reembolsa un pedido')
    expect(await page.locator('a[download][href*="/openapi/"]').first().getAttribute('href')).toBe(
      '/openapi/order-management.json',
    )
  })
})

describe('the code samples of the Spanish guides', () => {
  it('show the same code with Spanish comments', async () => {
    await page.goto(`${gate.baseUrl}/es/docs/hpp/integration`)
    await page.locator('article pre:not([hidden])').first().waitFor()
    const code = (await page.locator('article').textContent()) ?? ''
    expect(code).toContain(
      '# Crea una sesión de checkout para la página de pago alojada e imprime la respuesta.',
    )
    expect(code).toContain('-H "Authorization: Bearer $TOKEN"')
    expect(code).not.toContain('Creates a checkout session for the hosted payment page')
    await page.goto(`${gate.baseUrl}/docs/hpp/integration`)
    await page.locator('article pre:not([hidden])').first().waitFor()
    expect(await page.locator('article').textContent()).toContain(
      '# Creates a checkout session for the hosted payment page and prints the answer.',
    )
  })
})
