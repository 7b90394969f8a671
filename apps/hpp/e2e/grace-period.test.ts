// A grace period on a phone, in Spanish (issue 40): the customer of a consumer loan chooses when the first
// instalment falls due, sees it move and the figures change to the API's (checked against the finance package,
// never computed by the page), and the completion carries the choice, which the payment intent records.
import { DEFAULT_PRICINGS, optionsFromPricing, paymentIntentConditions } from '@plazo/finance'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCheckoutApp, fillCustomerDetails, isComplete, startWorld, type World } from './harness.ts'

let world: World

beforeAll(async () => {
  buildCheckoutApp()
  world = await startWorld()
})
afterAll(() => world?.close())

const LOAN = DEFAULT_PRICINGS.find((p) => p.payment_method_type === 'consumer_loan_instalments')
/** The example cart: 2 × 129.00 EUR. */
const TOTAL = 25800

const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100)
const percent = (ratio: number) =>
  new Intl.NumberFormat('es-ES', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio)

/** The figures the page must show for 24 months with `grace` months of grace, as the finance package prices them. */
function expected(grace: number) {
  if (!LOAN) throw new Error('no consumer loan pricing')
  const { quote } = paymentIntentConditions({
    principal: TOTAL,
    options: optionsFromPricing(LOAN, 24),
    gracePeriod: grace,
  })
  return {
    Cuota: euros(quote.instalmentAmount),
    'Primera cuota': `${quote.schedule[0]?.month} ${quote.schedule[0]?.month === 1 ? 'mes' : 'meses'} después de la compra`,
    TAE: percent(quote.apr),
    'Coste total del crédito': euros(quote.totalCostOfCredit),
    'Importe total adeudado': euros(quote.totalAmountPayable),
  }
}

/** The conditions shown for the chosen term, by label. */
async function shownFigures(page: Page): Promise<Record<string, string>> {
  const details = page.getByTestId('offer-details')
  const labels = await details.locator('dt').allTextContents()
  const values = await details.locator('dd').allTextContents()
  return Object.fromEntries(labels.map((label, i) => [label, values[i] ?? '']))
}

/** Everything the full customer needs (by field name: the same in every language). */
async function fillTheCustomer(page: Page) {
  await fillCustomerDetails(page)
  const set = (name: string, value: string) => page.locator(`[name="${name}"]`).fill(value)
  await set('phone_number', '600 123 456')
  await set('main_residence_details.home_expenses.mortgage', '900')
  await set('income.account_number', 'ES91 2100 0418 4502 0005 1332')
  await set('income.net_income.amount', '2.500')
}

describe('the grace period on a phone', () => {
  it('es: the customer puts off the first instalment, sees the API’s figures for it, and the completion carries it', async () => {
    const created = await world.createHpp()
    const page = await world.openOnPhone(created.redirectUrl, 'es-ES')
    const when = page.getByRole('group', { name: '¿Cuándo pagas la primera cuota?' })

    // BNPL allows no grace period (max_grace_period 0): only the loan asks when to start paying.
    await page.getByRole('radio', { name: /Pago a plazos/ }).check()
    await page.getByTestId('offer-details').waitFor()
    expect(await when.count()).toBe(0)

    await page.getByRole('radio', { name: /Préstamo al consumo/ }).check()
    await page.getByRole('radio', { name: /^24 cuotas de/ }).check()
    const choices = await when.locator('label').allTextContents()
    expect(choices).toEqual([
      'El mes que viene',
      'Dentro de 2 meses',
      'Dentro de 3 meses',
      'Dentro de 4 meses',
    ])
    expect(await when.getByRole('radio', { name: 'El mes que viene' }).isChecked()).toBe(true)
    expect(await shownFigures(page)).toMatchObject(expected(0))

    // The figures come from the API, priced with the grace period chosen.
    const priced = page.waitForResponse(
      (res) => res.request().method() === 'GET' && res.url().includes('grace_period=2') && res.ok(),
    )
    await when.getByRole('radio', { name: 'Dentro de 3 meses' }).check()
    await priced
    await expect.poll(() => shownFigures(page)).toMatchObject(expected(2))
    const figures = await shownFigures(page)
    expect(figures.Cuota).not.toBe(expected(0).Cuota)
    expect(figures['Coste total del crédito']).not.toBe(expected(0)['Coste total del crédito'])

    // The schedule starts in the third month and ends in the 26th.
    await page.getByText('Calendario de pagos').click()
    const months = await page
      .getByTestId('offer-details')
      .locator('tbody tr td:nth-child(2)')
      .allTextContents()
    expect(months).toHaveLength(24)
    expect(months[0]).toBe('3 meses después de la compra')
    expect(months.at(-1)).toBe('26 meses después de la compra')

    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await fillTheCustomer(page)
    const sent = page.waitForRequest(isComplete)
    await page.getByRole('button', { name: 'Confirmar y pagar' }).click()
    const body = (await sent).postDataJSON() as {
      payment_method_type: string
      period: number
      grace_period: number
    }
    expect(body).toMatchObject({
      payment_method_type: 'consumer_loan_instalments',
      period: 24,
      grace_period: 2,
    })
    await page.waitForURL(`${world.merchant.origin}/success?**`)

    const session = (await world.call('GET', `/checkout/${created.id}`)).json.payload as {
      payment_intents: Array<{
        payment_method_type: string
        conditions: { grace_period: number; term: number }
      }>
    }
    const intent = session.payment_intents.find((i) => i.payment_method_type === 'consumer_loan_instalments')
    expect(intent?.conditions).toMatchObject({ term: 24, grace_period: 2 })
    await page.context().close()
  })
})
