import type { ReadPaymentMethod } from '@plazo/contract'
import { DEFAULT_PRICINGS } from '@plazo/finance'
import { describe, expect, it } from 'vitest'
import { conditionsFor, offersFor, pricingFor } from '../../../src/domain/checkout/conditions.ts'
import { ApiError } from '../../../src/errors.ts'

const pricingOf = (type: string) => {
  const pricing = DEFAULT_PRICINGS.find((p) => p.payment_method_type === type)
  if (!pricing) throw new Error(`no default pricing for ${type}`)
  return pricing
}

function refusal(run: () => unknown): { status: number; fields: string[] } {
  try {
    run()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, fields: (error.schemaErrors ?? []).map((e) => e.field) }
  }
  throw new Error('expected a refusal')
}

describe('pricingFor', () => {
  it("uses the agent's default pricing of the type", () => {
    expect(pricingFor({ type: 'consumer_loan_instalments' }, 0)).toBe(pricingOf('consumer_loan_instalments'))
  })

  it('uses the pricing its pricing_id names', () => {
    const pricing = pricingOf('bnpl_instalments')
    expect(pricingFor({ type: 'bnpl_instalments', options: { pricing_id: pricing.pricing_id } }, 0)).toBe(
      pricing,
    )
  })

  it('refuses an unknown pricing_id, or one of another type, naming the field', () => {
    const other = pricingOf('credit_line').pricing_id
    for (const pricingId of ['4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11', other]) {
      expect(
        refusal(() => pricingFor({ type: 'bnpl_instalments', options: { pricing_id: pricingId } }, 2)),
      ).toEqual({ status: 400, fields: ['/payment_methods/2/options/pricing_id'] })
    }
  })

  it('has no pricing for a card payment', () => {
    expect(pricingFor({ type: 'card_payment' }, 0)).toBeUndefined()
  })
})

describe('conditionsFor', () => {
  it('prices the shortest term offered, with the options sent over the pricing', () => {
    const method: ReadPaymentMethod = {
      type: 'consumer_loan_instalments',
      options: { periods: [36, 24, 48], annual_interest: 0.05 },
    }
    const conditions = conditionsFor(method, 0, 100_000)
    expect(conditions).toMatchObject({ currency: 'EUR', principal: 100_000, term: 24, interest: 0.05 })
    expect(conditions?.user_defined_quota).toBeGreaterThan(100_000 / 24)
    expect(conditions?.apr).toBeGreaterThan(0.05)
  })

  it('prices the term asked for', () => {
    expect(conditionsFor({ type: 'bnpl_instalments' }, 0, 90_000, 9)).toMatchObject({
      term: 9,
      user_defined_quota: 10_000,
      interest: 0,
    })
  })

  it('gives a card payment no conditions', () => {
    expect(conditionsFor({ type: 'card_payment' }, 0, 10_000)).toBeNull()
  })

  it('answers 400 naming the options of a method that cannot be priced for the amount', () => {
    // Fewer cents than instalments.
    expect(
      refusal(() => conditionsFor({ type: 'bnpl_instalments', options: { periods: [12] } }, 1, 5)),
    ).toEqual({
      status: 400,
      fields: ['/payment_methods/1/options'],
    })
  })
})

describe('offersFor', () => {
  it('gives one offer per term, shortest first, and leaves out terms that cannot be priced', () => {
    const method: ReadPaymentMethod = { type: 'bnpl_instalments', options: { periods: [12, 3, 6] } }
    expect(offersFor(method, 0, 60_000).map((o) => o.period)).toEqual([3, 6, 12])
    expect(offersFor(method, 0, 8).map((o) => o.period)).toEqual([3, 6])
    expect(offersFor({ type: 'card_payment' }, 0, 60_000)).toEqual([])
  })

  it('shows the same conditions as the payment intent records', () => {
    const method: ReadPaymentMethod = { type: 'consumer_loan_instalments' }
    const [first] = offersFor(method, 0, 250_000)
    expect(first?.conditions).toEqual(conditionsFor(method, 0, 250_000))
  })
})
