import { ERRORS, examples, ValidationErrorBodySchema } from '@plazo/contract'
import {
  type AgentPricing,
  DEFAULT_PRICINGS,
  optionsFromPricing,
  paymentIntentConditions,
} from '@plazo/finance'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

const URL = '/api/v2/checkout/payment-intent/'
const LOAN = DEFAULT_PRICINGS.find(
  (p) => p.payment_method_type === 'consumer_loan_instalments',
) as AgentPricing

function request(reference: string, processed?: { type: string; period?: number; grace_period?: number }) {
  const body = structuredClone(examples.PAYMENT_INTENT_REQUEST_EXAMPLE) as unknown as Record<
    string,
    unknown
  > & {
    merchant: { order_reference_1: string }
  }
  body.merchant.order_reference_1 = reference
  if (processed) body.processed_payment_method = processed
  return body
}

describe.each(testEngines())('POST /api/v2/checkout/payment-intent/ on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  const post = (payload: object) => t.app.inject({ method: 'POST', url: URL, headers: t.demo, payload })

  /** The stored sessions of the Demo Store with this order reference, with their status. */
  const stored = async (reference: string) => {
    const rows = await t.t.db.query<{
      document: { status: string; merchant: { order_reference_1: string } }
    }>('SELECT document FROM checkout_sessions WHERE merchant_id = $1', [SANDBOX.demoStore.merchantId])
    return rows
      .filter((row) => row.document.merchant.order_reference_1 === reference)
      .map((row) => row.document.status)
  }
  /** Notifications written for the Demo Store's sessions (the outbox). */
  const events = async () =>
    (await t.t.db.query('SELECT event_id FROM events WHERE merchant_id = $1', [SANDBOX.demoStore.merchantId]))
      .length

  it('creates the session and decides its payment intent together', async () => {
    const res = await post(request('PI-OK'))
    expect(res.statusCode, res.body).toBe(201)
    const [status] = await stored('PI-OK')
    expect(status).not.toBe('initial')
  })

  it('leaves nothing when the decision fails after the session was written', async () => {
    const before = await events()
    // A failure between the create and the decision (a crash, a lost connection) stands for any of them.
    vi.spyOn(t.app.services.lifecycle, 'completeCheckout').mockRejectedValueOnce(
      new Error('injected failure'),
    )
    const res = await post(request('PI-CRASH'))
    expect(res.statusCode).toBe(500)
    expect(await stored('PI-CRASH')).toEqual([])
    expect(await events()).toBe(before)
    // The retry, once the failure is gone, makes one whole order.
    const retry = await post(request('PI-CRASH'))
    expect(retry.statusCode, retry.body).toBe(201)
    expect(await stored('PI-CRASH')).toHaveLength(1)
  })

  it('answers 400 naming the period when the method does not offer that term, and creates nothing', async () => {
    const body = request('PI-PERIOD', { type: 'consumer_loan_instalments', period: 7 })
    const res = await post(body)
    expect(res.statusCode).toBe(400)
    expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
      exception: ERRORS.VALIDATION.exception,
      schema_errors: [
        {
          field: '/processed_payment_method/period',
          message: 'must be a term the consumer_loan_instalments payment method offers: 18, 24, 36, 48',
          keyword: 'rule',
        },
      ],
      original_data: body,
    })
    expect(await stored('PI-PERIOD')).toEqual([])
  })

  it("takes the pricing's terms when the method lists none of its own", async () => {
    const body = request('PI-PRICING', { type: 'consumer_loan_instalments', period: 7 })
    body.payment_methods = [{ type: 'consumer_loan_instalments' }]
    const res = await post(body)
    expect(res.statusCode).toBe(400)
    expect(res.json().schema_errors[0].field).toBe('/processed_payment_method/period')
    expect(res.json().schema_errors[0].message).toMatch(
      /^must be a term the consumer_loan_instalments payment method offers: \d+/,
    )
  })

  it('refuses a term for a method that has none, on the create as well', async () => {
    const intent = request('PI-CARD', { type: 'card_payment', period: 3 })
    const create = {
      ...examples.embeddedRequestExample('product'),
      processed_payment_method: { type: 'card_payment', period: 3 },
    }
    for (const [url, body] of [
      [URL, intent],
      ['/api/v2/checkout/', create],
    ] as const) {
      body.payment_methods = [{ type: 'card_payment' }]
      const res = await t.app.inject({ method: 'POST', url, headers: t.demo, payload: body })
      expect(res.statusCode).toBe(400)
      expect(res.json().schema_errors).toEqual([
        {
          field: '/processed_payment_method/period',
          message: 'must be left out: the card_payment payment method has no terms',
          keyword: 'rule',
        },
      ])
    }
  })
  describe('the grace period the customer chose (processed_payment_method.grace_period)', () => {
    const conditionsOf = async (res: { statusCode: number; body: string; json(): unknown }) => {
      expect(res.statusCode, res.body).toBe(201)
      const id = (res.json() as { checkout_session_id: string }).checkout_session_id
      const read = await t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers: t.demo })
      const session = read.json().payload as {
        payment_intents: Array<{ payment_method_type: string; conditions: unknown }>
      }
      return session.payment_intents.find((i) => i.payment_method_type === 'consumer_loan_instalments')
        ?.conditions
    }
    const total = examples.PAYMENT_INTENT_REQUEST_EXAMPLE.cart.total_price_with_tax

    it('prices the payment intent with it, as the finance package does', async () => {
      const body = request('PI-GRACE', { type: 'consumer_loan_instalments', period: 24, grace_period: 2 })
      const conditions = await conditionsOf(await post(body))
      expect(conditions).toEqual(
        paymentIntentConditions({
          principal: total,
          options: optionsFromPricing(LOAN, 24),
          gracePeriod: 2,
        }).conditions,
      )
      expect(conditions).toMatchObject({ term: 24, grace_period: 2 })
    })

    it("takes the method's own options.max_grace_period over its pricing's", async () => {
      const body = request('PI-GRACE-OWN', { type: 'consumer_loan_instalments', period: 24, grace_period: 6 })
      body.payment_methods = [{ type: 'consumer_loan_instalments', options: { max_grace_period: 6 } }]
      const conditions = await conditionsOf(await post(body))
      expect(conditions).toEqual(
        paymentIntentConditions({
          principal: total,
          options: { ...optionsFromPricing(LOAN, 24), max_grace_period: 6 },
          gracePeriod: 6,
        }).conditions,
      )
    })

    it('answers 400 naming the field for more than the maximum, a negative one or any for BNPL, on the create as well, and creates nothing', async () => {
      const cases = [
        [
          { type: 'consumer_loan_instalments', period: 24, grace_period: 4 },
          'must be at most 3: the longest grace period the consumer_loan_instalments payment method offers',
        ],
        [{ type: 'consumer_loan_instalments', period: 24, grace_period: -1 }, 'must be >= 0'],
        [
          { type: 'bnpl_instalments', period: 3, grace_period: 1 },
          'must be 0 or left out: the bnpl_instalments payment method offers no grace period',
        ],
      ] as const
      for (const [processed, message] of cases) {
        const intent = request('PI-GRACE-400', processed)
        intent.payment_methods = [{ type: processed.type }]
        const create = {
          ...examples.embeddedRequestExample('product'),
          merchant: { order_reference_1: 'PI-GRACE-400' },
          payment_methods: [{ type: processed.type }],
          processed_payment_method: processed,
        }
        for (const [url, body] of [
          [URL, intent],
          ['/api/v2/checkout/', create],
        ] as const) {
          const res = await t.app.inject({ method: 'POST', url, headers: t.demo, payload: body })
          expect(res.statusCode, res.body).toBe(400)
          expect(res.json().schema_errors).toEqual([
            expect.objectContaining({ field: '/processed_payment_method/grace_period', message }),
          ])
        }
      }
      expect(await stored('PI-GRACE-400')).toEqual([])
    })
  })
})
