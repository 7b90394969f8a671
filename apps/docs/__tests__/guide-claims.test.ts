// Claims the guides make in prose, checked against the running sandbox like the code samples (issue 40): each
// test reads the sentence or the fragment from the page, in English and in Spanish, and does what it says.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { examples } from '@plazo/contract'
import { findInsuranceProduct, INSURANCE_PRODUCTS, insurancePremium, quoteLoan } from '@plazo/finance'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX, type SandboxApi, startSandboxApi } from '../../../test-support/sandbox-api.ts'
import { codeBlocks, enDocsDir, esDocsDir } from './pages.ts'

const page = (dir: string, path: string) => readFileSync(join(dir, `${path}.mdx`), 'utf8')
const both = (path: string) => [
  { locale: 'en', text: page(enDocsDir, path) },
  { locale: 'es', text: page(esDocsDir, path) },
]

const CART_TOTAL = 100_000
const cart = (total = CART_TOTAL) => ({
  total_price_with_tax: total,
  currency: 'EUR',
  items: [
    {
      article: {
        type: 'product',
        category: 'physical',
        name: 'Sofa',
        reference: 'S-1',
        unit_price_with_tax: total,
      },
      units: 1,
      total_discount: 0,
      total_price_with_tax: total,
    },
  ],
})

describe('what the guides claim, against the sandbox', () => {
  let api: SandboxApi
  let headers: Record<string, string>
  beforeAll(async () => {
    api = await startSandboxApi({ name: 'guide-claims' })
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
    })
    headers = { authorization: `Bearer ${login.json().access_token}` }
  })
  afterAll(() => api.close())

  const post = (url: string, payload?: unknown) =>
    api.app.inject({
      method: 'POST',
      url: `/api/v2${url}`,
      headers,
      ...(payload ? { payload: payload as object } : {}),
    })

  it.each(both('get-started/payment-methods'))(
    'takes the payment methods fragment of get-started/payment-methods ($locale), insurance included, and prices the premium',
    async ({ text }) => {
      const fragment = codeBlocks(text).find((block) => block.lang === 'json')?.body ?? ''
      const paymentMethods = (
        JSON.parse(`{${fragment}}`) as {
          payment_methods: Array<{ type: string; options: Record<string, unknown> }>
        }
      ).payment_methods
      const created = await post('/checkout/', {
        merchant: { order_reference_1: 'CLAIM-1' },
        cart: cart(),
        payment_methods: paymentMethods,
        ui: { mode: 'hpp' },
      })
      expect(created.statusCode, created.body).toBe(201)
      const session = await api.app.inject({
        method: 'GET',
        url: `/api/v2/checkout/${created.json().checkout_session_id}/`,
        headers,
      })
      const loan = session.json().payload.payment_intents[1].conditions
      const options = paymentMethods[1]?.options as { periods: number[]; insurance: { value: string } }
      const product = findInsuranceProduct(options.insurance.value)
      if (!product) throw new Error(`the guide names an unknown insurance: ${options.insurance.value}`)
      const term = Math.min(...options.periods)
      const premium = insurancePremium(product, CART_TOTAL, term)
      const quote = quoteLoan({
        principal: CART_TOTAL,
        options: { ...(options as never), periods: term },
        insuranceAmount: premium,
      })
      expect(loan).toMatchObject({
        insurance: { value: 'payment_protection', is_insurance_financed: true },
        principal: quote.financedPrincipal,
        user_defined_quota: quote.instalmentAmount,
        apr: quote.apr,
      })
      // Financed: the premium (and the financed setup fee) joined the principal.
      expect(loan.principal).toBe(CART_TOTAL + premium + 0.02 * CART_TOTAL)
    },
  )

  it.each(both('get-started/payment-methods'))(
    'lists the insurance products of the sandbox with the premiums the API charges ($locale)',
    ({ locale, text }) => {
      for (const product of INSURANCE_PRODUCTS) {
        const row = text.split('\n').find((line) => line.startsWith(`| \`${product.value}\` |`)) ?? ''
        expect(row, product.value).toContain(product.name[locale as 'en' | 'es'].split(' (')[0] as string)
        const percent = (product.premium.rate * 100).toLocaleString(locale === 'es' ? 'es-ES' : 'en-GB')
        expect(row).toContain(`${percent} %`)
        expect(row).toContain(
          product.premium.kind === 'per_month'
            ? locale === 'es'
              ? 'por cada mes'
              : 'per month'
            : locale === 'es'
              ? 'una sola vez'
              : 'once',
        )
      }
      // The worked example: 1,000.00 € over 24 months.
      const euros = (cents: number) =>
        (cents / 100).toLocaleString(locale === 'es' ? 'es-ES' : 'en-GB', {
          minimumFractionDigits: 2,
          useGrouping: true,
        })
      for (const product of INSURANCE_PRODUCTS) {
        expect(text).toContain(`${euros(insurancePremium(product, 100_000, 24))} €`)
      }
    },
  )

  it.each(both('get-started/payment-methods'))(
    "gives the grace period example's figures as the sandbox prices them, and refuses more than the maximum ($locale)",
    async ({ locale, text }) => {
      const euros = (cents: number) =>
        `${(cents / 100).toLocaleString(locale === 'es' ? 'es-ES' : 'en-GB', { minimumFractionDigits: 2 })} €`
      const rows = [
        { grace: 0, starts: locale === 'es' ? '| el mes que viene' : '| next month' },
        { grace: 2, starts: locale === 'es' ? '| dentro de 3 meses' : '| in 3 months' },
      ]
      for (const { grace, starts } of rows) {
        const row = text.split('\n').find((line) => line.startsWith(starts)) ?? ''
        expect(row, starts).toContain(`\`grace_period\` ${grace}`)
        const res = await api.app.inject({
          method: 'POST',
          url: '/api/v2/client/simulate',
          payload: {
            agent_id: SANDBOX.demoStore.agents.online.id,
            amount: 25800,
            payment_method_type: 'consumer_loan_instalments',
            period: 24,
            grace_period: grace,
          },
        })
        expect(res.statusCode, res.body).toBe(200)
        const offer = res.json().offers[0]
        const capitalised = quoteLoan({
          principal: 25800,
          options: { periods: 24, annual_interest: offer.conditions.interest, max_grace_period: 3 },
          gracePeriod: grace,
        }).capitalisedInterest
        const cells = row.split('|').map((cell) => cell.trim())
        expect(cells.slice(2, 7)).toEqual([
          euros(capitalised),
          euros(offer.conditions.user_defined_quota),
          `${locale === 'es' ? 'mes' : 'month'} ${offer.schedule.at(-1).month}`,
          euros(offer.total_cost_of_credit),
          euros(offer.total_payable),
        ])
        expect(offer.schedule[0].month).toBe(grace + 1)
      }
      // "A BNPL method allows no grace period" and the consumer loan's maximum of 3.
      expect(text).toContain('`/processed_payment_method/grace_period`')
      for (const [type, grace] of [
        ['bnpl_instalments', 1],
        ['consumer_loan_instalments', 4],
      ] as const) {
        const refused = await post('/checkout/payment-intent/', {
          merchant: { order_reference_1: `CLAIM-GRACE-${type}` },
          cart: cart(),
          payment_methods: [{ type }],
          processed_payment_method: { type, grace_period: grace },
          customer: examples.FULL_CUSTOMER_EXAMPLE,
          ui: { mode: 'embedded' },
        })
        expect(refused.statusCode, refused.body).toBe(400)
        expect(refused.json().schema_errors[0].field).toBe('/processed_payment_method/grace_period')
      }
    },
  )

  it('refuses an insurance the agreement does not have, naming it', async () => {
    const res = await post('/checkout/', {
      merchant: { order_reference_1: 'CLAIM-2' },
      cart: cart(),
      payment_methods: [
        {
          type: 'consumer_loan_instalments',
          options: { insurance: { value: 'basic', is_insurance_financed: false } },
        },
      ],
      ui: { mode: 'hpp' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().schema_errors[0].field).toBe('/payment_methods/0/options/insurance/value')
  })

  it.each(both('get-started/considerations'))(
    'answers 400, not 409, to a cart total of 0, as considerations says ($locale)',
    async ({ text }) => {
      expect(text).toContain('`0`')
      expect(text).toMatch(/`0` (or less answers|o menos responde) `400`/)
      const res = await post('/checkout/', {
        merchant: { order_reference_1: 'CLAIM-3' },
        cart: cart(0),
        ui: { mode: 'hpp' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().schema_errors.map((e: { field: string }) => e.field)).toContain(
        '/cart/total_price_with_tax',
      )
    },
  )

  it.each(both('api/index'))(
    'echoes the path parameters as original_data of a call without a body ($locale)',
    async ({ text }) => {
      expect(text).toContain('`{"checkout_session_id": "not-a-uuid"}`')
      const res = await post('/checkout/not-a-uuid/confirm/')
      expect(res.statusCode).toBe(400)
      expect(res.json().original_data).toEqual({ checkout_session_id: 'not-a-uuid' })
    },
  )

  it.each(both('hpp/distribution'))(
    "does not count the server's sends in the distribution page's limit ($locale)",
    async ({ text }) => {
      expect(text).toContain('POST /api/v2/checkout/hpp/{hpp_id}/distribute/')
      const created = await post('/checkout/', {
        merchant: { order_reference_1: 'CLAIM-4' },
        cart: cart(),
        ui: { mode: 'hpp' },
      })
      const hppId = new URL(created.json().redirect_url).pathname.split('/')[2]
      for (let i = 0; i < 6; i++) {
        expect(
          (await post(`/checkout/hpp/${hppId}/distribute/`, { recipient: `+3460011100${i}` })).statusCode,
        ).toBe(201)
      }
      const fromPage = await api.app.inject({
        method: 'POST',
        url: `/api/v2/client/hpp/${hppId}/distribute`,
        payload: { recipient: '+34600111999' },
      })
      expect(fromPage.statusCode).toBe(201)
    },
  )
})
