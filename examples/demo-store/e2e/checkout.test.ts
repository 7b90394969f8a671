import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFrontEnds, startWorld, type World } from './world.ts'

let world: World

beforeAll(async () => {
  buildFrontEnds()
  world = await startWorld()
})
afterAll(() => world?.close())

/** Text as a person reads it (rendered, spaces collapsed, non-breaking spaces as spaces). */
async function seen(page: Page, selector: string): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text
  return (await page.locator(selector).innerText()).replace(/[\s\u00a0\u202f]+/g, ' ').trim()
}

describe('demo store: buying with Plazo', () => {
  it('product page → embedded checkout → complete → the store shows the order confirmed', async () => {
    const context = await world.browser.newContext({ locale: 'es-ES' })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    // The product page shows the instalments and the simulator, in the language asked.
    await page.goto(`${world.store}/products/HEADPHONES-02?lang=es`)
    await page.locator('.plazo-bnpl:not([hidden])').waitFor()
    expect(await seen(page, '#bnpl')).toBe('Paga en 3 × 43,00 € sin intereses, TAE 0,00 %')
    await page.locator('.plazo-simulator:not([hidden])').waitFor()
    expect(await page.getByLabel('Plazo').inputValue()).toBe('18')

    // Pay here: the store creates the session on its server and mounts Plazo's checkout in an iframe.
    await page.getByRole('button', { name: 'Pay with Plazo here' }).click()
    await page.waitForURL(`${world.store}/checkout`)
    const iframe = page.locator('iframe.plazo-checkout')
    expect(await iframe.getAttribute('src')).toBe(
      `${world.api}/embedded?origin=${encodeURIComponent(world.store)}`,
    )
    const checkout = page.frameLocator('iframe.plazo-checkout')
    await checkout.getByRole('heading', { name: 'Tu pedido' }).waitFor()
    // checkout-js resized the iframe to the checkout's content.
    expect(await iframe.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(400)

    await checkout.getByRole('radio', { name: /Pago a plazos/ }).check()
    await checkout.getByRole('radio', { name: /^3 cuotas de/ }).check()
    await checkout.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Ana')
    await checkout.getByLabel('Apellidos').fill('García')
    await checkout.getByLabel('Correo electrónico').fill('ana.garcia@example.com')
    await checkout.getByLabel('Teléfono móvil').fill('+34600123456')
    await checkout.getByRole('button', { name: 'Confirmar y pagar' }).click()

    // onComplete sends the customer to the store's order page, which asks Plazo for the status.
    await page.waitForURL(new RegExp(`^${world.store}/orders/[0-9a-f-]{36}$`))
    expect(await seen(page, '#order-status')).toBe('Confirmed')
    const orderUrl = page.url()

    // Plazo notifies the store; it verifies the signature and the Orders page shows the order confirmed.
    await world.app.services.webhookDelivery.deliverDue()
    await page.goto(`${world.store}/orders`)
    const row = page.locator('tbody tr', { hasText: 'Noise-cancelling headphones' })
    expect(await seen(page, 'tbody tr:first-child .status')).toBe('Confirmed')
    expect(await row.count()).toBe(1)
    await page.goto(orderUrl)
    expect(await seen(page, 'main table')).toContain(
      'checkout_session_status_changed confirmed signature verified',
    )
    expect(errors).toEqual([])
    await context.close()
  })

  it("offers the hosted page too: Plazo's page → paid → back to the store's order page", async () => {
    const context = await world.browser.newContext({ locale: 'es-ES' })
    const page = await context.newPage()
    await page.goto(`${world.store}/products/BIKE-URBAN-01?lang=es`)
    await page.getByRole('button', { name: "Pay on Plazo's page" }).click()
    // The store redirected to the hosted page of the session it created on its server.
    await page.waitForURL(new RegExp(`^${world.api}/hpp/[0-9a-f-]{36}$`))
    await page.getByRole('heading', { name: 'Tu pedido' }).waitFor()
    await page.getByRole('radio', { name: /Pago a plazos/ }).check()
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Luis')
    await page.getByLabel('Apellidos').fill('Pérez')
    await page.getByLabel('Correo electrónico').fill('luis.perez@example.com')
    await page.getByLabel('Teléfono móvil').fill('+34611222333')
    await page.getByRole('button', { name: 'Confirmar y pagar' }).click()
    // success_url (with order_reference and checkout_session_id) → the order page.
    await page.waitForURL(new RegExp(`^${world.store}/orders/[0-9a-f-]{36}$`))
    expect(await seen(page, '#order-status')).toBe('Confirmed')
    expect(await seen(page, 'main')).toContain("Urban bike · €499.00 · paid on Plazo's page")
    await context.close()
  })

  it('refuses a webhook whose signature does not match', async () => {
    const res = await fetch(`${world.store}/webhooks/plazo`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,Zm9yZ2VkIHNpZ25hdHVyZSBmb3JnZWQgc2lnbmF0dXJl',
      },
      body: JSON.stringify({ event: 'checkout_session_status_changed', status: 'confirmed' }),
    })
    expect(res.status).toBe(400)
    expect(world.demo.orders.unmatched()).toEqual([])
  })
})
