// The customer's details as people type them (issue 41, items 1 and 9), on a phone in Spanish and in French:
// amounts with the language's separators reach the API in cents at their true value, phone numbers and IBANs
// written with spaces are sent normalised, an ambiguous amount is refused in the page's language, and a link
// that expires while the form is being filled shows the expired page. Each check reads the body of the page's
// own request to the API, not what the server made of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCheckoutApp, fillCustomerDetails, isComplete, startWorld, type World } from './harness.ts'

let world: World

beforeAll(async () => {
  buildCheckoutApp()
  world = await startWorld()
})
afterAll(() => world?.close())

const LANGUAGES = {
  es: {
    locale: 'es-ES',
    method: /Préstamo al consumo/,
    confirm: 'Confirmar y pagar',
    income: 'Ingresos netos (€)',
    rent: 'Hipoteca o alquiler mensual (€)',
    phone: 'Teléfono móvil',
    iban: 'IBAN de la cuenta donde cobras',
  },
  fr: {
    locale: 'fr-FR',
    method: /Crédit à la consommation/,
    confirm: 'Confirmer et payer',
    income: 'Revenus nets (€)',
    rent: 'Mensualité de prêt ou loyer (€)',
    phone: 'Téléphone portable',
    iban: 'IBAN du compte sur lequel vous percevez vos revenus',
  },
} as const

interface Sent {
  phone_number: string
  main_residence_details: { home_expenses: { mortgage: number; currency: string } }
  income: { account_number: string; net_income: { type: string; monthly: { amount: number } } }
}

describe('the customer form on a phone', () => {
  const cases = [
    {
      lang: 'es' as const,
      income: '2.500',
      rent: '1.200',
      phone: '600 123 456',
      iban: 'es91 2100 0418 4502 0005 1332',
      expected: { phone: '+34600123456', iban: 'ES9121000418450200051332' },
      // Intl's Spanish leaves four-digit numbers ungrouped (2500) and groups from five (25.000).
      shown: { income: '2500', rent: '1200' },
    },
    {
      lang: 'fr' as const,
      income: '2\u202f500',
      rent: '1\u00a0200',
      phone: '06 12 34 56 78',
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      expected: { phone: '+33612345678', iban: 'FR7630006000011234567890189' },
      shown: { income: '2\u202f500', rent: '1\u202f200' },
    },
  ]

  for (const c of cases) {
    it(`${c.lang}: amounts, phone and IBAN as typed are sent in cents and normalised`, async () => {
      const l = LANGUAGES[c.lang]
      const created = await world.createHpp()
      const page = await world.openOnPhone(created.redirectUrl, l.locale)
      await page.getByRole('radio', { name: l.method }).check()
      await fillCustomerDetails(page)
      await page.getByLabel(l.phone).fill(c.phone)
      await page.getByLabel(l.iban).fill(c.iban)
      // A French shopper may type a plain space: it is a group separator as good as the typographic one.
      if (c.lang === 'fr') {
        await page.getByLabel(l.income).fill('2 500')
        await page.getByLabel(l.rent).click()
        expect.soft(await page.getByLabel(l.income).inputValue()).toBe(c.shown.income)
      }
      await page.getByLabel(l.income).fill(c.income)
      await page.getByLabel(l.rent).fill(c.rent)
      await page.getByLabel(l.phone).click() // leaves the rent field: both amounts are shown back
      // Soft: what is shown back is checked, and the request is still read when it is wrong.
      expect.soft(await page.getByLabel(l.income).inputValue()).toBe(c.shown.income)
      expect.soft(await page.getByLabel(l.rent).inputValue()).toBe(c.shown.rent)

      const sent = page.waitForRequest(isComplete)
      await page.getByRole('button', { name: l.confirm }).click()
      const body = (await sent).postDataJSON() as { customer: Sent }
      expect(body.customer.income.net_income).toEqual({
        type: 'monthly',
        monthly: { amount: 250000, currency: 'EUR' },
      })
      expect(body.customer.main_residence_details.home_expenses).toEqual({
        mortgage: 120000,
        currency: 'EUR',
      })
      expect(body.customer.phone_number).toBe(c.expected.phone)
      expect(body.customer.income.account_number).toBe(c.expected.iban)
      await page.waitForURL(`${world.merchant.origin}/success?**`)
      await page.context().close()
    })
  }

  it('es and fr: an ambiguous amount, a wrong phone or IBAN is refused in the page’s language, nothing sent', async () => {
    const checks = [
      {
        lang: 'es' as const,
        amount: '2.5',
        amountError: 'Usa la coma para los decimales (2,50) y el punto solo para los miles (2.500).',
        phone: '600 123 45',
        phoneError: 'Escribe un número de teléfono válido, p. ej. 600 123 456 o +34 600 123 456.',
        iban: 'ES91 2100 0418 4502 0005 1333',
        ibanError: 'Este IBAN no es válido: revisa que esté completo y sin errores.',
      },
      {
        lang: 'fr' as const,
        amount: '2500.5',
        amountError:
          'Utilisez la virgule pour les décimales (2,50) et l’espace pour les milliers (2\u00a0500).',
        phone: '06 12 34 56',
        phoneError: 'Saisissez un numéro de téléphone valide, par ex. 06 12 34 56 78 ou +33 6 12 34 56 78.',
        iban: 'FR76 3000 6000 0112 3456 7890 180',
        ibanError: 'Cet IBAN n’est pas valide\u00a0: vérifiez qu’il est complet et sans erreur.',
      },
    ]
    for (const c of checks) {
      const l = LANGUAGES[c.lang]
      const created = await world.createHpp()
      const page = await world.openOnPhone(created.redirectUrl, l.locale)
      const requests: string[] = []
      page.on('request', (request) => {
        if (isComplete(request)) requests.push(request.url())
      })
      await page.getByRole('radio', { name: l.method }).check()
      await fillCustomerDetails(page)
      await page.getByLabel(l.income).fill(c.amount)
      await page.getByLabel(l.rent).fill('0')
      await page.getByLabel(l.phone).fill(c.phone)
      await page.getByLabel(l.iban).fill(c.iban)
      await page.getByRole('button', { name: l.confirm }).click()
      await page.getByText(c.amountError).waitFor()
      expect(await page.getByLabel(l.income).getAttribute('aria-invalid')).toBe('true')
      // What was typed stays as typed: the page does not guess which of two amounts was meant.
      expect(await page.getByLabel(l.income).inputValue()).toBe(c.amount)
      await page.getByText(c.phoneError).waitFor()
      await page.getByText(c.ibanError).waitFor()
      expect(requests).toEqual([])
      await page.context().close()
    }
  })

  it('amounts typed in Spanish follow a switch to English, and are still sent at their value', async () => {
    const created = await world.createHpp()
    const page = await world.openOnPhone(created.redirectUrl, 'es-ES')
    await page.getByRole('radio', { name: /Préstamo al consumo/ }).check()
    await fillCustomerDetails(page)
    await page.getByLabel('Teléfono móvil').fill('600 123 456')
    await page.getByLabel('IBAN de la cuenta donde cobras').fill('ES91 2100 0418 4502 0005 1332')
    await page.getByLabel('Ingresos netos (€)').fill('25.000,5')
    await page.getByLabel('Hipoteca o alquiler mensual (€)').fill('1.200')
    // Without the blur: the switch itself rewrites what is typed.
    await page.getByLabel('Idioma').selectOption('en')
    expect(await page.getByLabel('Net income (€)').inputValue()).toBe('25,000.50')
    expect(await page.getByLabel('Monthly mortgage or rent (€)').inputValue()).toBe('1,200')
    const sent = page.waitForRequest(isComplete)
    await page.getByRole('button', { name: 'Confirm and pay' }).click()
    const body = (await sent).postDataJSON() as { customer: Sent }
    expect(body.customer.income.net_income.monthly.amount).toBe(2500050)
    expect(body.customer.main_residence_details.home_expenses.mortgage).toBe(120000)
    await page.context().close()
  })

  it('a link that expires while the form is being filled shows the expired page', async () => {
    const created = await world.createHpp()
    const page = await world.openOnPhone(created.redirectUrl, 'es-ES')
    await page.getByRole('radio', { name: /Pago a plazos/ }).check()
    expect((await world.call('POST', '/test-helpers/clock/advance', { minutes: 24 * 60 + 1 })).status).toBe(
      201,
    )
    await page.getByRole('button', { name: 'Confirmar y pagar' }).click()
    await page.getByRole('heading', { name: 'Este enlace de pago ha caducado' }).waitFor()
    expect(await page.getByText('Esta compra ha cambiado').count()).toBe(0)
    await page.context().close()
  })
})
