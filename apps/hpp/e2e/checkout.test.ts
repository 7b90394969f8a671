import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCheckoutApp, startWorld, type World } from './harness.ts'

let world: World

beforeAll(async () => {
  buildCheckoutApp()
  world = await startWorld()
})
afterAll(() => world?.close())

async function open(url: string, locale = 'es-ES'): Promise<Page> {
  const context = await world.context(locale)
  const page = await context.newPage()
  await page.goto(url)
  return page
}

// What the user sees (rendered text), hence innerText rather than textContent.
const text = async (page: Page, selector = 'main') =>
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text
  (await page.locator(selector).innerText()).replace(/\s+/g, ' ')

describe('hosted payment page', () => {
  it('a purchase from API creation to the success_url, with both parameters and the webhook', async () => {
    const created = await world.createHpp({
      customization: { color_brand: '#5b21b6', color_brand_foreground: '#ffffff', shape: 'pill' },
    })
    const page = await open(created.redirectUrl)
    await page.getByRole('heading', { name: 'Tu pedido' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('es')
    expect(await text(page, 'header')).toContain('Montaña Shop')
    const logo = await page.locator('header img').evaluate((img) => {
      const box = img.parentElement?.getBoundingClientRect()
      return { width: box?.width, height: box?.height, fit: getComputedStyle(img).objectFit }
    })
    expect(logo).toEqual({ width: 120, height: 60, fit: 'contain' })
    expect(await page.getByTestId('order-total').textContent()).toBe('258,00\u00a0€')

    await page.getByRole('radio', { name: /Pago a plazos/ }).check()
    await page.getByRole('radio', { name: /^6 cuotas de/ }).check()
    const offer = await text(page, '[data-testid="offer-details"]')
    for (const label of [
      'Cuota',
      'Número de cuotas 6',
      'TIN',
      'TAE',
      'Coste total del crédito',
      'Importe total adeudado',
    ]) {
      expect(offer).toContain(label)
    }
    // The customer details were prefilled from the session.
    expect(await page.getByRole('textbox', { name: 'Nombre', exact: true }).inputValue()).toBe('Ana')

    const confirm = page.getByRole('button', { name: 'Confirmar y pagar' })
    const look = await confirm.evaluate((b) => ({
      bg: getComputedStyle(b).backgroundColor,
      radius: getComputedStyle(b).borderRadius,
    }))
    expect(look).toEqual({ bg: 'rgb(91, 33, 182)', radius: '999px' })
    await confirm.click()
    await page.waitForURL(`${world.merchant.origin}/success?**`)
    const url = new URL(page.url())
    expect(url.searchParams.get('shop')).toBe('1')
    expect(url.searchParams.get('order_reference')).toBe(created.orderReference)
    expect(url.searchParams.get('checkout_session_id')).toBe(created.id)
    expect((await world.call('GET', `/checkout/${created.id}`)).json.payload).toMatchObject({
      status: 'confirmed',
    })

    await world.app.services.webhookDelivery.deliverDue()
    expect(world.merchant.webhooks).toContainEqual(
      expect.objectContaining({
        event: 'checkout_session_status_changed',
        status: 'confirmed',
        checkout_session_id: created.id,
      }),
    )
    // Coming back to the link shows that it is done.
    await page.goto(created.redirectUrl)
    await page.getByRole('heading', { name: 'Pago completado' }).waitFor()
    await page.context().close()
  })

  it('cancel: back to the cancel_url with both parameters, and the session is desisted', async () => {
    const created = await world.createHpp()
    const page = await open(created.redirectUrl)
    await page.getByRole('button', { name: 'Cancelar y volver a la tienda' }).click()
    await page.waitForURL(`${world.merchant.origin}/cancel?**`)
    const url = new URL(page.url())
    expect(url.searchParams.get('order_reference')).toBe(created.orderReference)
    expect(url.searchParams.get('checkout_session_id')).toBe(created.id)
    expect(url.searchParams.get('checkout_session_status')).toBe('desisted')
    expect((await world.call('GET', `/checkout/${created.id}`)).json.payload).toMatchObject({
      status: 'desisted',
    })
    await page.context().close()
  })

  it('an expired session shows the expired page', async () => {
    const created = await world.createHpp()
    expect((await world.call('POST', '/test-helpers/clock/advance', { minutes: 24 * 60 + 1 })).status).toBe(
      201,
    )
    const page = await open(created.redirectUrl)
    await page.getByRole('heading', { name: 'Este enlace de pago ha caducado' }).waitFor()
    expect(await page.getByRole('link', { name: 'Volver a la tienda' }).getAttribute('href')).toContain(
      '/cancel?',
    )
    await page.context().close()
  })

  it('switches language on the page and keeps the choice on reload', async () => {
    const created = await world.createHpp()
    const page = await open(created.redirectUrl, 'de-DE')
    // No language the page speaks in the browser: the purchase country's (ESP) decides.
    await page.getByRole('heading', { name: 'Tu pedido' }).waitFor()
    await page.getByLabel('Idioma').selectOption('fr')
    await page.getByRole('heading', { name: 'Votre commande' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    expect(await page.getByTestId('order-total').textContent()).toBe('258,00\u00a0€')
    await page.getByLabel('Langue').selectOption('en')
    await page.getByRole('heading', { name: 'Your order' }).waitFor()
    expect(await page.getByRole('button', { name: 'Cancel and return to the shop' }).isVisible()).toBe(true)
    await page.reload()
    await page.getByRole('heading', { name: 'Your order' }).waitFor()
    await page.context().close()
  })

  it('a denied method, then another one with the full customer form', async () => {
    const created = await world.createHpp({ email: 'ana+denied@example.com' })
    const page = await open(created.redirectUrl)
    await page.getByRole('radio', { name: /Pago a plazos/ }).check()
    // The browser checks the contract's rules before sending: a digit short is no phone number.
    await page.getByLabel('Teléfono móvil').fill('600 123 45')
    await page.getByRole('button', { name: 'Confirmar y pagar' }).click()
    await page.getByText('Escribe un número de teléfono válido').waitFor()
    expect(await page.getByLabel('Teléfono móvil').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Teléfono móvil').fill('600 123 456')
    await page.getByRole('button', { name: 'Confirmar y pagar' }).click()

    await page.getByText('No se ha aprobado el pago con «Pago a plazos». Elige otra forma de pago.').waitFor()
    expect(await page.getByRole('radio', { name: /Pago a plazos/ }).isDisabled()).toBe(true)

    await page.getByRole('radio', { name: /Préstamo al consumo/ }).check()
    await page.getByRole('radio', { name: /^24 cuotas de/ }).check()
    await page.getByLabel('Correo electrónico').fill('ana.garcia@example.com')
    await page.getByLabel('Número de documento').fill('12345678Z')
    await page.getByLabel('Tipo de documento').selectOption('nif')
    await page.getByLabel('Fecha de nacimiento').fill('1990-04-12')
    await page.getByLabel('Sexo').selectOption('F')
    await page.getByLabel('Estado civil').selectOption('married')
    // Married: the contract then asks for the property regime.
    await page.getByLabel('Régimen económico matrimonial').selectOption('community_of_property')
    await page.getByLabel('Calle y número').fill('Calle Mayor 10')
    await page.getByLabel('Código postal').fill('28013')
    await page.getByLabel('Localidad').fill('Madrid')
    await page.getByLabel('Régimen de vivienda').selectOption('rent')
    await page.getByLabel('Situación laboral').selectOption('employed')
    await page.getByLabel('Puesto').fill('Enfermera')
    await page.getByLabel('Nombre de la empresa').fill('Hospital Central')
    await page.getByLabel('Actividad de la empresa').fill('Sanidad')
    await page.getByLabel('IBAN de la cuenta donde cobras').fill('ES9121000418450200051332')
    await page.getByLabel('Ingresos netos (€)').fill('1850,50')
    await page.getByRole('button', { name: 'Confirmar y pagar' }).click()
    await page.waitForURL(`${world.merchant.origin}/success?**`)
    const session = (await world.call('GET', `/checkout/${created.id}`)).json.payload as {
      status: string
      selected_payment_method_type: string
      payment_intents: Array<{ payment_method_type: string; status: string; conditions: { term?: number } }>
    }
    expect(session.status).toBe('confirmed')
    expect(session.selected_payment_method_type).toBe('consumer_loan_instalments')
    expect(session.payment_intents.find((i) => i.status === 'confirmed')?.conditions.term).toBe(24)
    await page.context().close()
  })

  it('an unknown link says so', async () => {
    const page = await open(`${world.api}/hpp/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11`)
    await page.getByRole('heading', { name: 'No encontramos este enlace de pago' }).waitFor()
    await page.context().close()
  })
})

describe('distribution page', () => {
  it('store staff send the link by SMS; the sandbox outbox has it', async () => {
    const created = await world.createHpp()
    const page = await open(`${created.redirectUrl}/distribute`)
    await page.getByRole('heading', { name: 'Enviar el enlace de pago' }).waitFor()
    expect(
      await page
        .getByRole('img', { name: 'Código QR del enlace de pago' })
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0)
    // As the customer dictates it; sent in the international form.
    await page.getByLabel('Correo electrónico o móvil del cliente').fill('600 123 456')
    await page.getByRole('button', { name: 'Enviar el enlace' }).click()
    await page.getByText('Enlace enviado por SMS al +34600123456.').waitFor()
    const outbox = await world.call('GET', `/test-helpers/outbox?hpp_id=${created.hppId}`)
    expect(outbox.json.payload).toEqual([
      expect.objectContaining({
        recipient: '+34600123456',
        channel: 'sms',
        body: expect.stringContaining(created.redirectUrl),
      }),
    ])
    await page.context().close()
  })
})

async function createEmbedded(customer: Record<string, string>) {
  const create = await world.call('POST', '/checkout', {
    merchant: { order_reference_1: `EMB-${Math.random().toString(36).slice(2, 8)}` },
    cart: {
      total_price_with_tax: 12000,
      currency: 'EUR',
      items: [
        {
          article: {
            type: 'product',
            category: 'physical',
            name: 'Chaqueta',
            reference: 'JK-1',
            unit_price_with_tax: 12000,
          },
          units: 1,
          total_discount: 0,
          total_price_with_tax: 12000,
        },
      ],
    },
    payment_methods: [{ type: 'bnpl_instalments', options: { periods: [3] } }],
    customer,
    ui: { mode: 'embedded' },
  })
  expect(create.status).toBe(201)
  return { id: String(create.json.checkout_session_id), secret: String(create.json.client_secret) }
}

describe('embedded checkout', () => {
  it('pays a down payment inside the iframe when the lender asks for one', async () => {
    const { id, secret } = await createEmbedded({
      first_name: 'Marie',
      last_name: 'Dupont',
      email: 'marie+challenge@example.com',
    })
    const page = await open(`${world.merchant.origin}/shop?secret=${encodeURIComponent(secret)}`)
    const frame = page.frameLocator('#checkout')
    await frame.getByRole('button', { name: 'Confirm and pay' }).click()
    await frame.getByRole('heading', { name: 'A down payment is needed' }).waitFor()
    await frame.getByRole('radio', { name: /Card/ }).check()
    await frame.getByRole('button', { name: 'Confirm and pay' }).click()
    await frame.getByRole('heading', { name: 'Payment complete' }).waitFor()
    await page.getByText('complete:confirmed').waitFor()
    expect((await world.call('GET', `/checkout/${id}`)).json.payload).toMatchObject({ status: 'confirmed' })
    await page.context().close()
  })

  it('receives the client secret by postMessage from its parent and tells the parent when it completes', async () => {
    const { secret } = await createEmbedded({ first_name: 'Marie', last_name: 'Dupont' })
    const page = await open(`${world.merchant.origin}/shop?secret=${encodeURIComponent(secret)}`)
    const frame = page.frameLocator('#checkout')
    // init carried locale 'en'.
    await frame.getByRole('heading', { name: 'Your order' }).waitFor()
    await frame.getByRole('radio', { name: /Payment in instalments/ }).check()
    await frame.getByRole('button', { name: 'Confirm and pay' }).click()
    await frame.getByRole('heading', { name: 'Payment complete' }).waitFor()
    await page.getByText('complete:confirmed').waitFor()
    const events = (await text(page, '#events')).trim().split(' ')
    expect(events[0]).toBe('ready')
    expect(events).toContain('resize')
    expect(events.filter((e) => e.startsWith('complete'))).toEqual(['complete:confirmed'])
    expect(page.url()).toContain('/shop?')
    await page.context().close()
  })
})
