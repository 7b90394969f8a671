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

const SPANISH_REFERENCES = [
  '/es/order-management-api',
  '/es/checkout-session-hpp-api',
  '/es/checkout-session-embedded-api',
  '/es/webhook-api',
]

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
    for (const spanish of ['Reembolsar un pedido', 'Gestión de pedidos', 'Ejemplos de respuesta']) {
      expect(text).toContain(spanish)
    }
    expect(text).toContain('Reembolsa líneas de pedido capturadas con refunded_item_ids')
    for (const english of ['Refund an order', 'Refund captured order lines', 'Response samples']) {
      expect(text).not.toContain(english)
    }
  })

  it("render Redoc's own chrome in Spanish, prerendered and once interactive", async () => {
    const english = [
      'Request Body schema',
      'Response Schema',
      'Response Headers',
      'Authorizations:',
      ' Parameters',
      'Expand all',
      'Collapse all',
      ' characters',
      'Content type',
      'API docs by Redocly',
      'Array of',
      ' or null',
    ]
    const spanish = [
      'Esquema del cuerpo de la petición',
      'Esquema de la respuesta',
      'Cabeceras de la respuesta',
      'Autorizaciones:',
      'Parámetros de ruta',
      'Desplegar todo',
      'caracteres',
      'Tipo de contenido',
      'obligatorio',
    ]
    for (const path of SPANISH_REFERENCES) {
      const prerendered = await reference(path)
      expect(await page.getAttribute('.plazo-redoc', 'data-interactive')).toBe('false')
      for (const phrase of english) expect(prerendered, `${path}: ${phrase}`).not.toContain(phrase)
      await page.mouse.move(400, 400)
      await page.waitForSelector('.plazo-redoc[data-interactive="true"] .redocusaurus h1')
      const live = (await page.locator('.redocusaurus').textContent()) ?? ''
      for (const phrase of english) expect(live, `${path} (live): ${phrase}`).not.toContain(phrase)
      if (path === '/es/order-management-api') {
        for (const phrase of spanish) {
          expect(prerendered, phrase).toContain(phrase)
          expect(live, `${phrase} (live)`).toContain(phrase)
        }
      }
    }
    // The English reference keeps Redoc's English.
    const text = await reference('/order-management-api')
    for (const phrase of ['Request Body schema', 'Response Schema', 'Authorizations:', 'path Parameters']) {
      expect(text).toContain(phrase)
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
    expect(text).not.toContain('Reembolsar un pedido')
    expect(await page.locator('a[download][href*="/openapi/"]').first().getAttribute('href')).toBe(
      '/openapi/order-management.json',
    )
  })
})

describe('the Spanish globals page', () => {
  it('describes the enumerations, constants and errors in Spanish', async () => {
    await page.goto(`${gate.baseUrl}/es/docs/api/globals`)
    const text = (await page.locator('article').textContent()) ?? ''
    for (const spanish of [
      'Ninguna sesión de checkout con ese id pertenece a tu comercio.',
      'La única moneda.',
      'Tipos de artículo que se aceptan en las peticiones.',
    ]) {
      expect(text).toContain(spanish)
    }
    for (const english of [
      'No checkout session with that id belongs to your merchant.',
      'The only currency.',
      'Article types accepted in requests.',
    ]) {
      expect(text).not.toContain(english)
    }
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
