import { ClientSessionSchema } from '@plazo/contract'
import {
  type AgentPricing,
  DEFAULT_PRICINGS,
  optionsFromPricing,
  paymentIntentConditions,
} from '@plazo/finance'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { CHALLENGE_AMOUNT, LINE_1, payloadOf } from '../lifecycle/kit.ts'
import {
  BASIC_CUSTOMER,
  type ClientSession,
  FULL_CUSTOMER,
  fieldErrors,
  HppKit,
  outcomeOf,
} from './hpp-kit.ts'

const LOAN = DEFAULT_PRICINGS.find(
  (p) => p.payment_method_type === 'consumer_loan_instalments',
) as AgentPricing

/** What the finance package prices for a loan of the default pricing: the figures the API must give. */
function financed(pricing: AgentPricing, principal: number, period: number, gracePeriod: number) {
  return paymentIntentConditions({ principal, options: optionsFromPricing(pricing, period), gracePeriod })
}

/** An offer as the finance package would price it. */
function offerOf(pricing: AgentPricing, principal: number, period: number, gracePeriod: number) {
  const { conditions, quote } = financed(pricing, principal, period, gracePeriod)
  return {
    payment_method_type: pricing.payment_method_type,
    pricing_id: pricing.pricing_id,
    period,
    conditions,
    schedule: quote.schedule.map(({ number, month, amount }) => ({ number, month, amount })),
    total_payable: quote.totalAmountPayable,
    total_cost_of_credit: quote.totalCostOfCredit,
  }
}

const methodOf = (view: ClientSession, type: string) => view.payment_methods.find((m) => m.type === type)

describe.each(testEngines())('grace periods in the client API on $name', (engine) => {
  let t: TestApp
  let kit: HppKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
  })
  afterAll(() => t.close())

  const secret = (value: string) => ({ 'x-client-secret': value })

  async function viewWith(hppId: string, query: string): Promise<ClientSession> {
    const res = await kit.client('GET', `/hpp/${hppId}?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return expectBody(res, ClientSessionSchema) as ClientSession
  }

  describe('what the customer sees', () => {
    it('each method says the longest grace period the customer may choose', async () => {
      const created = await kit.createHpp()
      const view = await kit.view(created.hppId)
      expect(view.payment_methods.map((m) => [m.type, m.max_grace_period])).toEqual([
        ['bnpl_instalments', 0],
        ['consumer_loan_instalments', LOAN.max_grace_period],
      ])
      for (const method of view.payment_methods) {
        for (const offer of method.offers) expect(offer.conditions.grace_period).toBe(0)
      }
    })

    it('?grace_period prices every offer of a loan as the finance package does, first instalment at month grace + 1', async () => {
      const created = await kit.createHpp()
      const plain = await kit.view(created.hppId)
      const graced = await viewWith(created.hppId, 'grace_period=2')
      const loan = methodOf(graced, 'consumer_loan_instalments')
      expect(loan?.offers.map((o) => o.period)).toEqual([18, 24, 36, 48])
      for (const offer of loan?.offers ?? []) {
        expect(offer).toEqual(offerOf(LOAN, LINE_1, offer.period, 2))
        expect(offer.conditions.grace_period).toBe(2)
        expect(offer.schedule[0]?.month).toBe(3)
        expect(offer.schedule.at(-1)?.month).toBe(offer.period + 2)
      }
      // Interest accrues during the grace: every figure moves against the same term without it.
      const [without, withGrace] = [methodOf(plain, 'consumer_loan_instalments'), loan].map((m) =>
        m?.offers.find((o) => o.period === 24),
      )
      expect(withGrace?.conditions.user_defined_quota).toBeGreaterThan(
        without?.conditions.user_defined_quota ?? 0,
      )
      expect(withGrace?.total_cost_of_credit).toBeGreaterThan(without?.total_cost_of_credit ?? 0)
      // BNPL allows no grace: its offers are those without one.
      expect(methodOf(graced, 'bnpl_instalments')?.offers).toEqual(
        methodOf(plain, 'bnpl_instalments')?.offers,
      )
    })

    it("a grace period above a method's maximum prices it with the maximum", async () => {
      const created = await kit.createHpp()
      const graced = await viewWith(created.hppId, 'grace_period=12')
      for (const offer of methodOf(graced, 'consumer_loan_instalments')?.offers ?? []) {
        expect(offer).toEqual(offerOf(LOAN, LINE_1, offer.period, LOAN.max_grace_period))
      }
    })

    it('the embedded checkout reads the same offers with ?grace_period', async () => {
      const { secret: clientSecret } = await kit.createEmbedded()
      const res = await kit.client('GET', '/embedded?grace_period=1', undefined, secret(clientSecret))
      expect(res.statusCode, res.body).toBe(200)
      const view = expectBody(res, ClientSessionSchema) as ClientSession
      const loan = methodOf(view, 'consumer_loan_instalments')
      expect(loan?.max_grace_period).toBe(LOAN.max_grace_period)
      for (const offer of loan?.offers ?? []) expect(offer).toEqual(offerOf(LOAN, LINE_1, offer.period, 1))
    })

    it('?grace_period that is not a whole number of months from 0 is a 400 naming it', async () => {
      const created = await kit.createHpp()
      for (const value of ['-1', '1.5', 'soon']) {
        const errors = fieldErrors(await kit.client('GET', `/hpp/${created.hppId}?grace_period=${value}`))
        expect(errors).toHaveLength(1)
        expect(errors[0]).toMatch(/^\/grace_period: /)
      }
    })
  })

  describe('the customer chooses a grace period', () => {
    it('hosted page: the payment intent gets the conditions the finance package gives for that grace', async () => {
      const created = await kit.createHpp()
      const outcome = await kit.completeOk(created.hppId, {
        payment_method_type: 'consumer_loan_instalments',
        period: 24,
        grace_period: 2,
        customer: FULL_CUSTOMER,
      })
      expect(outcome.status).toBe('confirmed')
      const session = await kit.get(created.id)
      const intent = session.payment_intents.find(
        (i) => i.payment_method_type === 'consumer_loan_instalments',
      )
      expect(intent?.conditions).toEqual(financed(LOAN, LINE_1, 24, 2).conditions)
      expect(intent?.conditions?.grace_period).toBe(2)
      // The notifications carry the conditions of the session.
      const events = await kit.events(created.id)
      const notified = events
        .map((e) => payloadOf<{ selected_payment_intent?: { conditions: unknown } | null }>(e))
        .filter((p) => p.selected_payment_intent?.conditions)
      expect(notified.length).toBeGreaterThan(0)
      for (const payload of notified) {
        expect(payload.selected_payment_intent?.conditions).toEqual({
          ...intent?.conditions,
          down_payment_amount: 0,
        })
      }
    })

    it('embedded checkout: the longest grace period is accepted', async () => {
      const { id, secret: clientSecret } = await kit.createEmbedded()
      const outcome = outcomeOf(
        await kit.client(
          'POST',
          '/embedded/complete',
          {
            payment_method_type: 'consumer_loan_instalments',
            period: 36,
            grace_period: LOAN.max_grace_period,
            customer: FULL_CUSTOMER,
          },
          secret(clientSecret),
        ),
      )
      expect(outcome.status).toBe('confirmed')
      const intent = (await kit.get(id)).payment_intents.find(
        (i) => i.payment_method_type === 'consumer_loan_instalments',
      )
      expect(intent?.conditions).toEqual(financed(LOAN, LINE_1, 36, LOAN.max_grace_period).conditions)
    })

    it('a grace period above the maximum, a negative one, or any for BNPL is a 400 naming /grace_period; nothing changes', async () => {
      const created = await kit.createHpp()
      const loan = { payment_method_type: 'consumer_loan_instalments', period: 24, customer: FULL_CUSTOMER }
      expect(fieldErrors(await kit.complete(created.hppId, { ...loan, grace_period: 4 }))).toEqual([
        '/grace_period: must be at most 3: the longest grace period the consumer_loan_instalments payment method offers',
      ])
      expect(fieldErrors(await kit.complete(created.hppId, { ...loan, grace_period: -1 }))).toEqual([
        '/grace_period: must be >= 0',
      ])
      expect(
        fieldErrors(
          await kit.complete(created.hppId, {
            payment_method_type: 'bnpl_instalments',
            period: 3,
            grace_period: 1,
            customer: BASIC_CUSTOMER,
          }),
        ),
      ).toEqual([
        '/grace_period: must be 0 or left out: the bnpl_instalments payment method offers no grace period',
      ])
      const view = await kit.view(created.hppId)
      expect(view.status).toBe('initial')
      expect(view.payment_methods.map((m) => m.status)).toEqual(['initial', 'initial'])
    })

    it('BNPL takes grace_period 0, which changes nothing', async () => {
      const created = await kit.createHpp()
      const outcome = await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        period: 3,
        grace_period: 0,
        customer: BASIC_CUSTOMER,
      })
      expect(outcome.status).toBe('confirmed')
      const intent = (await kit.get(created.id)).payment_intents.find(
        (i) => i.payment_method_type === 'bnpl_instalments',
      )
      expect(intent?.conditions).toMatchObject({ term: 3, grace_period: 0, user_defined_quota: 8600 })
    })

    it('the grace period stays when paying the down payment prices the loan again', async () => {
      const created = await kit.createHpp()
      const email = 'ana+challenge@example.com'
      const challenged = await kit.completeOk(created.hppId, {
        payment_method_type: 'consumer_loan_instalments',
        period: 24,
        grace_period: 3,
        customer: { ...FULL_CUSTOMER, email },
      })
      expect(challenged.status).toBe('challenge')
      const childHpp = new URL(challenged.session.down_payment?.redirect_url ?? 'http://x/').pathname.split(
        '/',
      )[2] as string
      const paid = await kit.completeOk(childHpp, {
        payment_method_type: 'card_payment',
        customer: { ...BASIC_CUSTOMER, email },
      })
      expect(paid.status).toBe('confirmed')
      const session = await kit.get(created.id)
      const intent = session.payment_intents.find(
        (i) => i.payment_method_type === 'consumer_loan_instalments',
      )
      expect(intent?.conditions).toEqual(financed(LOAN, LINE_1 - CHALLENGE_AMOUNT, 24, 3).conditions)
      const changed = (await kit.events(created.id)).filter((e) => e.type === 'conditions_changed')
      expect(changed).toHaveLength(1)
      expect(payloadOf<{ conditions: unknown }>(changed[0] as never).conditions).toEqual({
        ...intent?.conditions,
        down_payment_amount: CHALLENGE_AMOUNT,
      })
    })
  })
})
