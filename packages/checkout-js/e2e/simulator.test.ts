// The SimulatorComponent and BnplComponent in a real browser, on a merchant page of another origin, against
// the real API: what they render must be what POST /api/v2/client/simulate answers.
import type { RequestListener } from 'node:http'
import { DEMO_AGENT_ONLINE_ID, FRENCH_CREDIT_WARNING } from '@plazo/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MerchantWorld, startMerchantWorld } from './merchant-world.ts'

const AGENT = DEMO_AGENT_ONLINE_ID

interface Offer {
  payment_method_type: string
  period: number
  conditions: { user_defined_quota: number; interest: number; apr: number }
  total_payable: number
  total_cost_of_credit: number
}

// The merchant's page, on its own origin: checkout.js from the API, the widgets configured by the query.
function merchantSite(api: string): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const props = JSON.stringify({
      amount: Number(url.searchParams.get('amount')),
      paymentMethodType: url.searchParams.get('type'),
      bnplType: url.searchParams.get('bnpl'),
    }).replaceAll('<', '\\u003c')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="${url.searchParams.get('lang') ?? 'es'}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Product</title>
<h1>Product</h1><div id="bnpl"></div><div id="simulator"></div>
<script src="${api}/checkout.js"></script>
<script>
  PlazoCheckout.init({ agentId: ${JSON.stringify(AGENT)} })
  const props = ${props}
  PlazoCheckout.BnplComponent({ mountElement: '#bnpl', amount: props.amount, ...(props.bnplType ? { paymentMethodType: props.bnplType } : {}) })
  PlazoCheckout.SimulatorComponent({ mountElement: '#simulator', amount: props.amount, paymentMethodType: props.paymentMethodType })
</script></html>`)
  }
}

let world: MerchantWorld

beforeAll(async () => {
  world = await startMerchantWorld({ name: 'checkout-js-e2e', site: merchantSite })
})

afterAll(() => world?.close())

async function simulate(amount: number, type?: string): Promise<Offer[]> {
  const res = await fetch(`${world.api}/api/v2/client/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ agent_id: AGENT, amount, ...(type ? { payment_method_type: type } : {}) }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { offers: Offer[] }).offers
}

/** "1.234,56 €", "€1,234.56" → 123456 (cents); "8,29 %" → 829 (hundredths of a percent). */
const digits = (text: string) => Number(text.replace(/\D/g, ''))

/** The figures the simulator shows, by row, as a person reads them. */
async function shown(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.plazo-simulator dd')].map((dd) => [
        dd.getAttribute('data-row'),
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads
        (dd as HTMLElement).innerText,
      ]),
    ),
  )
}

describe('SimulatorComponent in the browser', () => {
  it.each([
    ['consumer_loan_instalments', 123456, 'es'],
    ['bnpl_instalments', 25000, 'fr'],
    ['auto_loan', 2450000, 'en'],
  ] as const)(
    'shows for %s and %i cents exactly what the API simulates, term by term (%s)',
    async (type, amount, lang) => {
      const offers = await simulate(amount, type)
      expect(offers.length).toBeGreaterThan(1)
      const page = await world.browser.newPage()
      await page.goto(`${world.shop}/?amount=${amount}&type=${type}&lang=${lang}`)
      await page.locator('.plazo-simulator:not([hidden])').waitFor()
      const select = page.locator('.plazo-simulator select')
      expect(
        await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      ).toEqual(offers.map((o) => String(o.period)))
      for (const offer of offers) {
        await select.selectOption(String(offer.period))
        await page.waitForFunction((quota) => {
          const dd = document.querySelector(
            '.plazo-simulator dd[data-row="instalment"]',
          ) as HTMLElement | null
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads
          return dd !== null && Number(dd.innerText.replace(/\D/g, '')) === quota
        }, offer.conditions.user_defined_quota)
        const figures = await shown(page)
        expect(
          {
            instalment: digits(figures.instalment ?? ''),
            interest: digits(figures.interest ?? ''),
            apr: digits(figures.apr ?? ''),
            totalCostOfCredit: digits(figures.totalCostOfCredit ?? ''),
            totalPayable: digits(figures.totalPayable ?? ''),
          },
          `${type} over ${offer.period} months`,
        ).toEqual({
          instalment: offer.conditions.user_defined_quota,
          interest: Math.round(offer.conditions.interest * 10000),
          apr: Math.round(offer.conditions.apr * 10000),
          totalCostOfCredit: offer.total_cost_of_credit,
          totalPayable: offer.total_payable,
        })
        expect(figures.instalment).toContain('€')
      }
      await page.close()
    },
  )

  it('labels the term selector and the figures in the page language', async () => {
    const page = await world.browser.newPage()
    await page.goto(`${world.shop}/?amount=120000&type=consumer_loan_instalments&lang=fr`)
    await page.locator('.plazo-simulator:not([hidden])').waitFor()
    expect(await page.getByLabel('Durée').inputValue()).toBe('18')
    const labels = await page.locator('.plazo-simulator dt').allInnerTexts()
    expect(labels).toEqual([
      'Mensualité',
      'TAEG',
      'Taux débiteur',
      'Coût total du crédit',
      'Montant total dû',
    ])
    await page.close()
  })
})

describe('BnplComponent in the browser', () => {
  it('shows the shortest BNPL term of the API with its instalment', async () => {
    const [first] = await simulate(10000, 'bnpl_instalments')
    expect(first?.period).toBe(3)
    const page = await world.browser.newPage()
    await page.goto(`${world.shop}/?amount=10000&type=bnpl_instalments&lang=es`)
    await page.locator('.plazo-bnpl:not([hidden])').waitFor()
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads
    const text = (await page.locator('#bnpl').innerText()).replace(/[\u00a0\u202f]/g, ' ')
    expect(text).toBe('Paga en 3 × 33,33 € sin intereses, TAE 0,00 %')
    expect(digits(text.split('×')[1]?.split('€')[0] ?? '')).toBe(first?.conditions.user_defined_quota)
    await page.close()
  })
})

/** A phone: the viewport of an iPhone 14, touch, and the page's language. */
async function phonePage(lang: 'es' | 'fr'): Promise<Page> {
  const context = await world.browser.newContext({
    locale: lang === 'es' ? 'es-ES' : 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  return context.newPage()
}

const percent = (lang: 'es' | 'fr', ratio: number) =>
  new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'fr-FR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
    .format(ratio)
    .replace(/[\u00a0\u202f]/g, ' ')
const euros = (lang: 'es' | 'fr', cents: number) =>
  new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'fr-FR', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/[\u00a0\u202f]/g, ' ')

describe('the APR beside every instalment figure of the widgets, on a phone', () => {
  it.each([
    ['es', 'Paga en', 'TAE', 'Cuota mensual'],
    ['fr', 'Payez en', 'TAEG', 'Mensualité'],
  ] as const)(
    '%s: the BNPL widget and the simulator give each instalment its APR',
    async (lang, payIn, apr, instalment) => {
      const amount = 123456
      const [loan] = await simulate(amount, 'consumer_loan_instalments')
      if (!loan) throw new Error('no consumer loan offer')
      expect(loan.conditions.apr).toBeGreaterThan(0)
      const page = await phonePage(lang)
      await page.goto(
        `${world.shop}/?amount=${amount}&type=consumer_loan_instalments&bnpl=consumer_loan_instalments&lang=${lang}`,
      )
      await page.locator('.plazo-bnpl:not([hidden])').waitFor()
      await page.locator('.plazo-simulator:not([hidden])').waitFor()

      // The price teaser: the instalment, then its APR, in the same sentence.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads
      const teaser = (await page.locator('#bnpl').innerText()).replace(/[\u00a0\u202f]/g, ' ')
      expect(teaser).toBe(
        `${payIn} ${loan.period} × ${euros(lang, loan.conditions.user_defined_quota)}, ${apr} ${percent(lang, loan.conditions.apr)}`,
      )

      // The simulator: the APR row right after the instalment row, with the API's figure.
      const rows = await page
        .locator('.plazo-simulator dt')
        .evaluateAll((dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']))
      expect(rows[0]?.[0]).toBe(instalment)
      expect(rows[1]?.[0]).toBe(apr)
      expect(digits(rows[1]?.[1] ?? '')).toBe(Math.round(loan.conditions.apr * 10000))

      // In French, the warning of the Code de la consommation, in view with the simulator; not in Spanish.
      const warning = page.locator('.plazo-simulator__warning')
      if (lang === 'fr') {
        await warning.scrollIntoViewIfNeeded()
        expect(await warning.isVisible()).toBe(true)
        expect(await warning.textContent()).toBe(FRENCH_CREDIT_WARNING)
      } else {
        expect(await warning.isVisible()).toBe(false)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await page.context().close()
    },
  )
})
