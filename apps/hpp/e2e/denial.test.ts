// A denial on a phone, in Spanish and in French (issue 41, items 5 and 8): the customer reads the method's name
// and its schedule as the language writes them, the sentence that says a method was refused is one the
// language can say for every method, it appears where the customer is looking and takes the focus, and a link
// reopened after every method was refused says so rather than "not completed".
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCheckoutApp, startWorld, type World } from './harness.ts'

let world: World

beforeAll(async () => {
  buildCheckoutApp()
  world = await startWorld()
})
afterAll(() => world?.close())

// What the customer sees (rendered text, spaces as they are: no-break spaces matter in French).
// biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text
const seen = async (page: Page, selector: string) => (await page.locator(selector).innerText()).trim()

/** The focused element: its role, its rendered text, and whether all of it is inside the viewport. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    const box = element?.getBoundingClientRect()
    return {
      tag: element?.tagName.toLowerCase(),
      role: element?.getAttribute('role') ?? null,
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as the customer reads it
      text: element?.innerText.trim() ?? '',
      visible: !!box && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight,
    }
  })

const NBSP = /[\u00a0\u202f]/

const LANGUAGES = {
  es: {
    locale: 'es-ES',
    order: 'Tu pedido',
    method: 'Pago a plazos',
    term: /^3 cuotas de/,
    schedule: 'Calendario de pagos',
    columns: ['Cuota', 'Vencimiento', 'Importe'],
    firstRow: /^1\t1 mes después de la compra\t86,00\s€$/,
    secondRow: /^2\t2 meses después de la compra\t86,00\s€$/,
    phone: 'Teléfono móvil',
    confirm: 'Confirmar y pagar',
    denied: 'No se ha aprobado el pago con «Pago a plazos». Elige otra forma de pago.',
    deniedTitle: 'No se ha aprobado el pago',
    deniedText: 'No se te ha cobrado nada. Puedes volver a la tienda y elegir otra forma de pago.',
    notCompleted: 'Este pago no se ha completado',
  },
  fr: {
    locale: 'fr-FR',
    order: 'Votre commande',
    method: 'Paiement en plusieurs fois',
    term: /^3 échéances de/,
    schedule: 'Échéancier',
    columns: ['N°', 'Échéance', 'Montant'],
    firstRow: /^1\t1 mois après l’achat\t86,00\s€$/,
    secondRow: /^2\t2 mois après l’achat\t86,00\s€$/,
    phone: 'Téléphone portable',
    confirm: 'Confirmer et payer',
    denied:
      'Le paiement par «\u00a0Paiement en plusieurs fois\u00a0» n’a pas été accepté. Choisissez un autre mode de paiement.',
    deniedTitle: 'Votre paiement n’a pas été accepté',
    deniedText:
      'Aucun montant ne vous a été prélevé. Vous pouvez revenir à la boutique et choisir un autre mode de paiement.',
    notCompleted: 'Ce paiement n’a pas abouti',
  },
} as const

describe.each(Object.entries(LANGUAGES))('a denial on a phone in %s', (lang, l) => {
  it('names the method with a noun, reads the schedule, and brings the notice into view with the focus', async () => {
    const created = await world.createHpp({ email: 'ana+denied@example.com' })
    const page = await world.openOnPhone(created.redirectUrl, l.locale)
    await page.getByRole('heading', { name: l.order }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe(lang)

    const method = page.locator('input[name="payment_method"][value="bnpl_instalments"]')
    expect(await seen(page, 'label[for="method-bnpl_instalments"] > span >> nth=0')).toBe(l.method)
    await method.check()
    await page.getByRole('radio', { name: l.term }).check()

    // The schedule: its columns name what is under them.
    await page.getByText(l.schedule).click()
    const table = page.locator('[data-testid="offer-details"] table')
    await table.waitFor()
    expect(await table.locator('thead th').allInnerTexts()).toEqual(l.columns)
    const rows = await table.locator('tbody tr').allInnerTexts()
    expect(rows[0]).toMatch(l.firstRow)
    expect(rows[1]).toMatch(l.secondRow)

    await page.getByLabel(l.phone).fill(lang === 'es' ? '600 123 456' : '06 12 34 56 78')
    // The customer is at the bottom of the form when they confirm.
    const confirm = page.getByRole('button', { name: l.confirm })
    await confirm.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await confirm.click()

    const alert = page.getByRole('alert').filter({ hasText: l.denied.slice(0, 12) })
    await alert.waitFor()
    expect(await seen(page, '[role="alert"]')).toBe(l.denied)
    if (lang === 'fr') expect(l.denied).toMatch(NBSP)
    expect(await method.isDisabled()).toBe(true)
    // On the screen, and focused: where a screen reader is (it was left on the body, the button pressed being
    // disabled while the page waited).
    const onScreen = () =>
      alert.evaluate((element) => {
        const box = element.getBoundingClientRect()
        return box.top >= 0 && box.bottom <= window.innerHeight
      })
    await expect.poll(onScreen).toBe(true)
    await expect
      .poll(() => focused(page))
      .toEqual({ tag: 'div', role: 'alert', text: l.denied, visible: true })
    await page.context().close()
  })

  it('when every method is refused, the reopened link says the payment was not approved', async () => {
    const created = await world.createHpp({ email: 'ana+denied@example.com', oneMethod: true })
    const page = await world.openOnPhone(created.redirectUrl, l.locale)
    await page.getByRole('heading', { name: l.order }).waitFor()
    await page.getByLabel(l.phone).fill(lang === 'es' ? '600 123 456' : '06 12 34 56 78')
    await page.getByRole('button', { name: l.confirm }).click()
    await page.waitForURL(`${world.merchant.origin}/cancel?**`)
    expect(new URL(page.url()).searchParams.get('checkout_session_status')).toBe('denied')
    expect((await world.call('GET', `/checkout/${created.id}`)).json.payload).toMatchObject({
      status: 'denied',
    })

    await page.goto(created.redirectUrl)
    const heading = page.getByRole('heading', { level: 1, name: l.deniedTitle })
    await heading.waitFor()
    expect(await seen(page, 'main')).toBe(`${l.deniedTitle}\n\n${l.deniedText}\n\n${backToShop(lang)}`)
    expect(await page.getByText(l.notCompleted).count()).toBe(0)
    await expect
      .poll(() => focused(page))
      .toEqual({ tag: 'h1', role: null, text: l.deniedTitle, visible: true })
    await page.context().close()
  })
})

const backToShop = (lang: string) => (lang === 'es' ? 'Volver a la tienda' : 'Revenir à la boutique')
