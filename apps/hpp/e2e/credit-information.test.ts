// What a customer must be told before committing to a credit (issue 41, item 6), on a phone, in Spanish and in
// French: the APR beside every instalment figure, the lender and the 14-day right of withdrawal, the French
// warning of L312-5, and the Standard European Consumer Credit Information (SECCI) of the very offer shown,
// before "Confirmar y pagar", with the API's exact figures, and as a printable page that says the same.
import { examples, FRENCH_CREDIT_WARNING, LENDER } from '@plazo/contract'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCheckoutApp, startWorld, type World } from './harness.ts'

let world: World

beforeAll(async () => {
  buildCheckoutApp()
  world = await startWorld()
})
afterAll(() => world?.close())

interface Offer {
  payment_method_type: string
  period: number
  conditions: { user_defined_quota: number; apr: number; grace_period: number; principal: number }
  schedule: Array<{ amount: number }>
  total_payable: number
  total_cost_of_credit: number
}
interface View {
  payment_methods: Array<{ type: string; offers: Offer[] }>
}
interface Secci {
  title: string
  offer: Offer
  sections: Array<{ heading: string; rows: Array<{ id: string; label: string; value: string }> }>
  credit_warning: string | null
  printable_url: string | null
}

const LOCALES = { es: 'es-ES', fr: 'fr-FR' } as const
const money = (lang: keyof typeof LOCALES, cents: number) =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(cents / 100)
const percent = (lang: keyof typeof LOCALES, ratio: number) =>
  new Intl.NumberFormat(LOCALES[lang], {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio)
/** Rendered text compares with Intl's: the same spaces, whichever no-break space each used. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim()

/** The instalment most of the schedule has (the page's `regularInstalment`). */
function regular(offer: Offer): number {
  const counts = new Map<number, number>()
  for (const row of offer.schedule) counts.set(row.amount, (counts.get(row.amount) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? offer.total_payable
}

const phone = (lang: keyof typeof LOCALES): Promise<BrowserContext> => world.phone(LOCALES[lang])

async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(`${world.api}/api/v2/client${path}`)
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/** The SECCI as the page shows it: each heading with its rows' labels and values. */
async function shownSecci(disclosure: Locator) {
  return disclosure.locator('section').evaluateAll((sections) =>
    sections.map((section) => ({
      heading: section.querySelector('h3')?.textContent ?? '',
      rows: [...section.querySelectorAll('[data-row]')].map((row) => ({
        id: row.getAttribute('data-row') ?? '',
        label: row.querySelector('dt')?.textContent ?? '',
        value: row.querySelector('dd')?.textContent ?? '',
      })),
    })),
  )
}

/** Whether `a` comes before `b` in the page (what a customer scrolling down reads first). */
async function before(page: Page, a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.elementHandle(), await b.elementHandle()]
  return page.evaluate(
    ([x, y]) => Boolean(x && y && x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING),
    [first, second] as const,
  )
}

const cases = [
  {
    lang: 'es',
    country: 'ESP',
    method: 'Préstamo al consumo',
    teaser: (amount: string, apr: string) => `Desde ${amount} al mes, TAE ${apr}`,
    term: (n: number, amount: string, apr: string) => `${n} cuotas de ${amount}, TAE ${apr}`,
    instalment: 'Cuota',
    apr: 'TAE',
    withdrawal: ['14 días naturales', 'Ley 16/2011, art. 28'],
    law: 'Ley 16/2011',
    secci: 'Información normalizada europea sobre el crédito al consumo',
    headings: [
      '1. Identidad y detalles de contacto del prestamista',
      '2. Descripción de las características principales del producto de crédito',
      '3. Costes del crédito',
      '4. Otros aspectos jurídicos importantes',
      '5. Información adicional en caso de comercialización a distancia de servicios financieros',
    ],
    confirm: 'Confirmar y pagar',
    printable: 'Versión para imprimir o guardar en PDF',
  },
  {
    lang: 'fr',
    country: 'FRA',
    method: 'Crédit à la consommation',
    teaser: (amount: string, apr: string) => `À partir de ${amount} par mois, TAEG ${apr}`,
    term: (n: number, amount: string, apr: string) => `${n} échéances de ${amount}, TAEG ${apr}`,
    instalment: 'Échéance',
    apr: 'TAEG',
    withdrawal: ['14 jours calendaires', 'L312-19'],
    law: 'L312-19',
    secci: 'Fiche d’information standardisée européenne (FISE)',
    headings: [
      '1. Identité et coordonnées du prêteur',
      '2. Description des principales caractéristiques du crédit',
      '3. Coût du crédit',
      '4. Autres aspects juridiques importants',
      '5. Informations complémentaires en cas de commercialisation à distance de services financiers',
    ],
    confirm: 'Confirmer et payer',
    printable: 'Version à imprimer ou à enregistrer en PDF',
  },
] as const

describe('consumer-credit information on the hosted page, on a phone', () => {
  it.each(cases)(
    '$lang: the APR beside every instalment, the lender, the withdrawal right and the SECCI before the confirm button',
    async (c) => {
      const created = await world.createHpp({ purchaseCountry: c.country })
      const view = await apiGet<View>(`/hpp/${created.hppId}`)
      const context = await phone(c.lang)
      const page = await context.newPage()
      await page.goto(created.redirectUrl)

      // Every method's teaser carries the APR of the offer whose instalment it shows.
      for (const method of view.payment_methods.filter((m) => m.offers.length > 0)) {
        const lowest = method.offers.reduce((a, b) => (regular(b) < regular(a) ? b : a))
        const summary = page.locator(`#method-${method.type}-summary`)
        expect(plain((await summary.textContent()) ?? '')).toBe(
          plain(c.teaser(money(c.lang, regular(lowest)), percent(c.lang, lowest.conditions.apr))),
        )
      }

      // Each term's instalment, with its own APR.
      const loan = view.payment_methods.find((m) => m.type === 'consumer_loan_instalments')
      if (!loan) throw new Error('no consumer loan')
      await page.getByRole('radio', { name: new RegExp(c.method) }).check()
      const terms = await page
        .getByRole('group', {
          name: c.lang === 'es' ? 'Elige el número de cuotas' : 'Choisissez le nombre d’échéances',
        })
        .locator('label')
        .allTextContents()
      expect(terms.map(plain)).toEqual(
        loan.offers.map((o) =>
          plain(c.term(o.schedule.length, money(c.lang, regular(o)), percent(c.lang, o.conditions.apr))),
        ),
      )
      const offer = loan.offers.find((o) => o.period === 24)
      if (!offer) throw new Error('no 24-month offer')
      await page.getByRole('radio', { name: /^24 / }).check()

      // In the offer, the APR comes right after the instalment.
      const labels = await page.getByTestId('offer-details').locator('dt').allTextContents()
      const values = await page.getByTestId('offer-details').locator('dd').allTextContents()
      expect(labels.slice(0, 2)).toEqual([c.instalment, c.apr])
      expect(values.slice(0, 2).map(plain)).toEqual([
        plain(money(c.lang, regular(offer))),
        plain(percent(c.lang, offer.conditions.apr)),
      ])

      // Who lends, and the right to withdraw under the purchase country's law.
      const credit = page.getByTestId('credit-information')
      expect((await page.getByTestId('lender').textContent()) ?? '').toContain(LENDER.name)
      expect((await page.getByTestId('lender').textContent()) ?? '').toContain(LENDER.address)
      const withdrawal = (await page.getByTestId('withdrawal').textContent()) ?? ''
      for (const words of c.withdrawal) expect(withdrawal).toContain(words)

      // The French warning: on the French page, in view beside the offer; never on the Spanish one.
      const warning = page.getByTestId('credit-warning')
      if (c.lang === 'fr') {
        await warning.scrollIntoViewIfNeeded()
        expect(await warning.isVisible()).toBe(true)
        expect(plain((await warning.textContent()) ?? '')).toBe(FRENCH_CREDIT_WARNING)
        expect(await warning.getAttribute('lang')).toBe('fr')
      } else {
        expect(await warning.count()).toBe(0)
      }

      // The SECCI: before the confirm button, opened by the customer, the API's document for this very offer.
      const confirm = page.getByRole('button', { name: c.confirm })
      const disclosure = credit.locator('details')
      expect(await before(page, disclosure, confirm)).toBe(true)
      const read = page.waitForResponse((res) => res.url().includes('/secci?') && res.ok())
      await disclosure.getByText(c.secci).click()
      const api = (await (await read).json()) as Secci
      expect(api.offer).toEqual(offer)
      await disclosure.getByTestId('secci').waitFor()
      const shown = await shownSecci(disclosure)
      expect(shown.map((s) => s.heading)).toEqual(c.headings)
      expect(shown).toEqual(
        api.sections.map((s) => ({
          heading: s.heading,
          rows: s.rows.map((r) => ({ id: r.id, label: r.label, value: r.value })),
        })),
      )
      const row = (id: string) => plain(shown.flatMap((s) => s.rows).find((r) => r.id === id)?.value ?? '')
      expect(row('creditor')).toBe(LENDER.name)
      expect(row('total_amount_of_credit')).toBe(plain(money(c.lang, offer.conditions.principal)))
      expect(row('apr').startsWith(plain(percent(c.lang, offer.conditions.apr)))).toBe(true)
      expect(row('total_amount_payable')).toContain(plain(money(c.lang, offer.total_payable)))
      expect(row('total_amount_payable')).toContain(plain(money(c.lang, offer.total_cost_of_credit)))
      expect(row('instalments')).toContain(plain(money(c.lang, regular(offer))))
      expect(row('withdrawal')).toContain(c.withdrawal[0])
      expect(row('withdrawal')).toContain(c.law)

      // Another term: the SECCI follows.
      const other = loan.offers.find((o) => o.period === 18)
      if (!other) throw new Error('no 18-month offer')
      await page.getByRole('radio', { name: /^18 / }).check()
      await expect
        .poll(async () =>
          plain(
            (await shownSecci(disclosure)).flatMap((s) => s.rows).find((r) => r.id === 'total_amount_payable')
              ?.value ?? '',
          ),
        )
        .toContain(plain(money(c.lang, other.total_payable)))

      // The printable page says the same, in the same language.
      const link = disclosure.getByRole('link', { name: c.printable })
      const href = await link.getAttribute('href')
      expect(href).toContain(`/hpp/${created.hppId}/secci?`)
      const printable = await context.newPage()
      await printable.goto(href ?? '')
      const printed = await apiGet<Secci>(
        `/hpp/${created.hppId}/secci?${new URL(href ?? '').search.slice(1)}`,
      )
      expect(printed.offer).toEqual(other)
      expect((await printable.locator('h1').textContent()) ?? '').toBe(printed.title)
      expect(await printable.locator('h2').allTextContents()).toEqual(c.headings)
      const rows = await printable
        .locator('tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]),
        )
      expect(rows).toEqual(printed.sections.flatMap((s) => s.rows.map((r) => [r.label, r.value])))
      expect(await printable.locator('.warning').count()).toBe(c.lang === 'fr' ? 1 : 0)

      // All of it fits the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await context.close()
    },
  )

  it('embedded: the checkout in the iframe shows the SECCI too, and prints it instead of linking to a URL', async () => {
    const created = await world.call('POST', '/checkout', {
      ...examples.embeddedRequestExample('product'),
      merchant: { order_reference_1: `EMB-${Date.now()}` },
    })
    expect(created.status).toBe(201)
    const context = await phone('es')
    const page = await context.newPage()
    await page.goto(
      `${world.merchant.origin}/shop?secret=${encodeURIComponent(String(created.json.client_secret))}`,
    )
    const frame = page.frameLocator('#checkout')
    await frame.getByRole('radio', { name: /Consumer loan/ }).check()
    expect(
      plain((await frame.locator('#method-consumer_loan_instalments-summary').textContent()) ?? ''),
    ).toMatch(/^From €\d+\.\d\d a month, APR \d+\.\d\d%$/)
    expect((await frame.getByTestId('lender').textContent()) ?? '').toContain(LENDER.name)
    await frame.getByText('Standard European Consumer Credit Information (SECCI)').click()
    await frame.getByTestId('secci').waitFor()
    expect(await frame.locator('[data-testid="secci"] h3').count()).toBe(5)
    expect(await frame.getByRole('button', { name: 'Print or save as PDF' }).count()).toBe(1)
    expect(await frame.getByRole('link', { name: /Printable version/ }).count()).toBe(0)
    await context.close()
  })
})
