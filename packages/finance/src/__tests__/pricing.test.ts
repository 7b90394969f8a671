import { describe, expect, it } from 'vitest'
import { DEFAULT_PRICINGS } from '../default-pricings.ts'
import { FinanceInputError } from '../errors.ts'
import { quoteLoan } from '../loan.ts'
import { defaultPricingsFor, findDefaultPricing, optionsFromPricing } from '../pricing.ts'
import { FINANCED_PAYMENT_METHOD_TYPES } from '../types.ts'

describe('default agent pricings', () => {
  it('has one stable UUID per pricing and covers every financed payment method type', () => {
    const ids = DEFAULT_PRICINGS.map((pricing) => pricing.pricing_id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    for (const type of FINANCED_PAYMENT_METHOD_TYPES)
      expect(defaultPricingsFor(type).length).toBeGreaterThan(0)
  })

  it('carries the figures of spec §9', () => {
    const bnpl = defaultPricingsFor('bnpl_instalments')[0]
    expect(bnpl).toMatchObject({ periods: [3, 6, 9, 12], annual_interest: 0, merchant_fee: 0.02 })
    const consumer = defaultPricingsFor('consumer_loan_instalments')[0]
    expect(consumer?.annual_interest).toBe(0.0799)
    expect([consumer?.periods[0], consumer?.periods.at(-1)]).toEqual([18, 48])
    const auto = defaultPricingsFor('auto_loan')[0]
    expect(auto?.annual_interest).toBe(0.0799)
    expect([auto?.periods[0], auto?.periods.at(-1)]).toEqual([24, 96])
    expect(new Set(DEFAULT_PRICINGS.map((pricing) => pricing.max_grace_period))).toEqual(new Set([0, 3, 30]))
  })

  it('prices a 1 000.00 EUR purchase with every pricing, term and the longest grace', () => {
    for (const pricing of DEFAULT_PRICINGS) {
      for (const periods of pricing.periods) {
        const quote = quoteLoan({
          principal: 100_000,
          gracePeriod: pricing.max_grace_period,
          options: optionsFromPricing(pricing, periods),
        })
        expect(quote.schedule).toHaveLength(periods)
        expect(quote.totalAmountPayable).toBeGreaterThanOrEqual(100_000)
      }
    }
  })

  it('finds a pricing by id and refuses a term it does not offer', () => {
    const pricing = findDefaultPricing('c43b3d61-4d4f-485b-83d3-1ce411c8d44d')
    expect(pricing?.payment_method_type).toBe('bnpl_instalments')
    expect(findDefaultPricing('00000000-0000-4000-8000-000000000000')).toBeUndefined()
    if (!pricing) throw new Error('missing BNPL pricing')
    expect(optionsFromPricing(pricing, 6)).toEqual({
      pricing_id: 'c43b3d61-4d4f-485b-83d3-1ce411c8d44d',
      periods: 6,
      annual_interest: 0,
      setup_fee: null,
      insurance: null,
      max_grace_period: 0,
      merchant_fee: 0.02,
    })
    expect(() => optionsFromPricing(pricing, 4)).toThrow(FinanceInputError)
  })
})
