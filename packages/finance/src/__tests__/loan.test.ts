import { describe, expect, it } from 'vitest'
import { paymentIntentConditions, quoteLoan } from '../loan.ts'
import type { LoanInput, LoanQuote, SetupFee } from '../types.ts'
import { annexIResidualOf, total } from './helpers.ts'

/*
 * How the expected figures were obtained: the annuity formula by hand (see annuity.test.ts), then the
 * amortisation table built row by row the way a spreadsheet does it — interest = ROUND(balance · 0.0799/12),
 * principal = instalment − interest, balance = balance − principal, the last row repays the whole remaining
 * balance — in an independent Python script using 40-digit decimals (ROUND_HALF_UP). The APR was found by
 * bisection on the Annex I equation in the same script, and is also checked here by plugging it back in.
 */

/** Checks what holds for every quote: rows add up, the balance ends at 0, the APR solves Annex I. */
function expectConsistent(quote: LoanQuote): void {
  const { schedule } = quote
  expect(schedule).toHaveLength(quote.periods)
  for (const row of schedule) {
    expect(row.amount).toBe(row.principal + row.interest + row.setupFee + row.insurance)
    expect(Number.isInteger(row.amount)).toBe(true)
  }
  expect(total(schedule.map((row) => row.amount))).toBe(quote.totalAmountPayable)
  expect(total(schedule.map((row) => row.principal))).toBe(
    quote.financedPrincipal + quote.capitalisedInterest,
  )
  expect(schedule.at(-1)?.outstandingPrincipal).toBe(0)
  expect(quote.totalCostOfCredit).toBe(quote.totalAmountPayable - quote.amountOfCredit)
  // The rounded APR brackets the exact root: the residual changes sign within ±0.00005 of it.
  expect(annexIResidualOf(quote.amountOfCredit, schedule, quote.apr - 0.00005)).toBeGreaterThan(0)
  expect(annexIResidualOf(quote.amountOfCredit, schedule, quote.apr + 0.00005)).toBeLessThan(0)
}

describe('BNPL instalments, 3 months at 0 % with a 2 % merchant fee', () => {
  const quote = quoteLoan({
    principal: 29_900,
    options: { periods: 3, annual_interest: 0, merchant_fee: 0.02 },
  })

  it('splits 299.00 EUR into 99.67 + 99.67 + 99.66 (the last absorbs the remainder)', () => {
    // 29 900 / 3 = 9966.67 → 9967; last = 29 900 − 2 · 9967 = 9966.
    expect(quote.schedule.map((row) => row.amount)).toEqual([9967, 9967, 9966])
    expect(quote.instalmentAmount).toBe(9967)
    expect(quote.totalAmountPayable).toBe(29_900)
  })

  it('costs the customer nothing and charges the merchant 2 %', () => {
    expect(quote.totalCostOfCredit).toBe(0)
    expect(quote.totalInterest).toBe(0)
    expect(quote.apr).toBe(0)
    // 29 900 · 0.02 = 598.
    expect(quote.merchantFeeAmount).toBe(598)
    expectConsistent(quote)
  })
})

describe('consumer loan of 10 000.00 EUR at 7.99 %', () => {
  it.each([
    // n, instalment, last instalment, total payable, total interest
    [18, 59_136, 59_132, 1_064_444, 64_444],
    [24, 45_223, 45_218, 1_085_347, 85_347],
    [36, 31_332, 31_325, 1_127_945, 127_945],
    [48, 24_408, 24_419, 1_171_595, 171_595],
  ])(
    'over %i months pays %i a month, %i last, %i in total',
    (periods, instalment, last, payable, interest) => {
      const quote = quoteLoan({ principal: 1_000_000, options: { periods, annual_interest: 0.0799 } })
      expect(quote.instalmentAmount).toBe(instalment)
      expect(quote.schedule[0]?.amount).toBe(instalment)
      expect(quote.schedule.at(-1)?.amount).toBe(last)
      expect(quote.totalAmountPayable).toBe(payable)
      expect(quote.totalInterest).toBe(interest)
      expect(quote.totalCostOfCredit).toBe(interest)
      // Without fees the APR is the effective rate of the nominal one: (1 + 0.0799/12)^12 − 1 = 0.082892 → 8.29 %.
      expect(quote.apr).toBe(0.0829)
      expectConsistent(quote)
    },
  )

  it('starts the 36-month schedule with 66.58 interest and 246.74 principal', () => {
    const quote = quoteLoan({ principal: 1_000_000, options: { periods: 36, annual_interest: 0.0799 } })
    // Interest = 1 000 000 · 0.0066583… = 6658.33 → 6658; principal = 31 332 − 6658 = 24 674.
    expect(quote.schedule[0]).toEqual({
      number: 1,
      month: 1,
      principal: 24_674,
      interest: 6658,
      setupFee: 0,
      insurance: 0,
      amount: 31_332,
      outstandingPrincipal: 975_326,
    })
  })
})

describe('setup fee on a 5 000.00 EUR loan at 7.99 % over 24 months', () => {
  // Without fee: A = 500 000 · i / (1 − (1 + i)^−24) = 22 611.365 → 22 611; interest over the loan 42 673.
  // percentage 0.03 → 500 000 · 0.03 = 15 000 cents; fix_amount 49.95 EUR → 4995 cents.
  const percentage = (payment_type: SetupFee['payment_type']): SetupFee => ({
    payment_type,
    fee_type: 'percentage',
    amount: 0.03,
  })
  const fixed = (payment_type: SetupFee['payment_type']): SetupFee => ({
    payment_type,
    fee_type: 'fix_amount',
    amount: 49.95,
  })
  const quoteWith = (setup_fee: SetupFee) =>
    quoteLoan({ principal: 500_000, options: { periods: 24, annual_interest: 0.0799, setup_fee } })

  it('type_fixed_amount, percentage: 150.00 split as 6.25 on every instalment, not financed', () => {
    const quote = quoteWith(percentage('type_fixed_amount'))
    expect(quote.setupFeeAmount).toBe(15_000)
    expect(quote.financedPrincipal).toBe(500_000)
    expect(quote.instalmentAmount).toBe(22_611)
    // 15 000 / 24 = 625 exactly on each row.
    expect(quote.schedule.every((row) => row.setupFee === 625)).toBe(true)
    expect(quote.schedule[0]?.amount).toBe(22_611 + 625)
    expect(quote.totalAmountPayable).toBe(500_000 + 42_673 + 15_000)
    expect(quote.apr).toBe(0.1125)
    expectConsistent(quote)
  })

  it('type_fixed_amount, fix_amount: 49.95 EUR split as 2.08 and the last share 2.11', () => {
    const quote = quoteWith(fixed('type_fixed_amount'))
    expect(quote.setupFeeAmount).toBe(4995)
    // 4995 / 24 = 208.125 → 208; last = 4995 − 23 · 208 = 211.
    expect(quote.schedule.slice(0, 23).every((row) => row.setupFee === 208)).toBe(true)
    expect(quote.schedule.at(-1)?.setupFee).toBe(211)
    expect(total(quote.schedule.map((row) => row.setupFee))).toBe(4995)
    expect(quote.instalmentAmount).toBe(22_611)
    expect(quote.totalAmountPayable).toBe(500_000 + 42_673 + 4995)
    expect(quote.apr).toBe(0.0927)
    expectConsistent(quote)
  })

  it('type_upfront, percentage: 150.00 paid with the first instalment, not financed', () => {
    const quote = quoteWith(percentage('type_upfront'))
    expect(quote.schedule[0]?.setupFee).toBe(15_000)
    expect(quote.schedule[0]?.amount).toBe(22_611 + 15_000)
    expect(quote.schedule.slice(1).every((row) => row.setupFee === 0)).toBe(true)
    expect(quote.instalmentAmount).toBe(22_611)
    expect(quote.totalAmountPayable).toBe(557_673)
    // Paying the same fee earlier costs more: 11.57 % against 11.25 % when spread.
    expect(quote.apr).toBe(0.1157)
    expectConsistent(quote)
  })

  it('type_upfront, fix_amount: 49.95 EUR paid with the first instalment', () => {
    const quote = quoteWith(fixed('type_upfront'))
    expect(quote.schedule[0]?.amount).toBe(22_611 + 4995)
    expect(quote.totalAmountPayable).toBe(547_668)
    expect(quote.apr).toBe(0.0936)
    expectConsistent(quote)
  })

  it('type_financed, percentage: 150.00 joins the principal and bears interest', () => {
    const quote = quoteWith(percentage('type_financed'))
    expect(quote.financedPrincipal).toBe(515_000)
    // A = 515 000 · i / (1 − (1 + i)^−24) = 23 289.706 → 23 290.
    expect(quote.instalmentAmount).toBe(23_290)
    expect(quote.schedule.every((row) => row.setupFee === 0)).toBe(true)
    expect(quote.totalAmountPayable).toBe(558_953)
    expect(quote.totalInterest).toBe(43_953)
    expect(quote.totalCostOfCredit).toBe(43_953 + 15_000)
    expect(quote.apr).toBe(0.115)
    expectConsistent(quote)
  })

  it('type_financed, fix_amount: 49.95 EUR joins the principal', () => {
    const quote = quoteWith(fixed('type_financed'))
    expect(quote.financedPrincipal).toBe(504_995)
    // A = 504 995 · i / (1 − (1 + i)^−24) = 22 837.253 → 22 837.
    expect(quote.instalmentAmount).toBe(22_837)
    expect(quote.totalAmountPayable).toBe(548_093)
    expect(quote.apr).toBe(0.0936)
    expectConsistent(quote)
  })
})

describe('insurance of 120.00 EUR on a 5 000.00 EUR loan at 7.99 % over 24 months', () => {
  const input = (is_insurance_financed: boolean): LoanInput => ({
    principal: 500_000,
    insuranceAmount: 12_000,
    options: {
      periods: 24,
      annual_interest: 0.0799,
      insurance: { value: 'payment-protection', is_insurance_financed },
    },
  })

  it('financed: the premium joins the principal and is repaid over the instalments', () => {
    const { conditions, quote } = paymentIntentConditions(input(true))
    // A = 512 000 · i / (1 − (1 + i)^−24) = 23 154.038 → 23 154.
    expect(quote.financedPrincipal).toBe(512_000)
    expect(conditions.principal).toBe(512_000)
    expect(conditions.user_defined_quota).toBe(23_154)
    expect(quote.schedule.every((row) => row.insurance === 0)).toBe(true)
    expect(quote.totalAmountPayable).toBe(555_696)
    expect(quote.totalCostOfCredit).toBe(55_696)
    expect(conditions.apr).toBe(0.1086)
    expect(conditions.insurance).toEqual({ value: 'payment-protection', is_insurance_financed: true })
    expectConsistent(quote)
  })

  it('upfront: the premium is paid with the first instalment and the quota excludes it', () => {
    const { conditions, quote } = paymentIntentConditions(input(false))
    expect(conditions.principal).toBe(500_000)
    expect(conditions.user_defined_quota).toBe(22_611)
    expect(quote.schedule[0]?.insurance).toBe(12_000)
    expect(quote.schedule[0]?.amount).toBe(22_611 + 12_000)
    expect(quote.totalAmountPayable).toBe(500_000 + 42_673 + 12_000)
    expect(conditions.apr).toBe(0.109)
    expect(conditions.insurance).toEqual({ value: 'payment-protection', is_insurance_financed: false })
    expectConsistent(quote)
  })
})

describe('grace period', () => {
  it('capitalises 3 months of interest on a 10 000.00 EUR loan at 7.99 % over 36 months', () => {
    const quote = quoteLoan({
      principal: 1_000_000,
      gracePeriod: 3,
      options: { periods: 36, annual_interest: 0.0799, max_grace_period: 3 },
    })
    // Month 1: 1 000 000 · i = 6658.33 → 6658; month 2: 1 006 658 · i = 6702.66 → 6703;
    // month 3: 1 013 361 · i = 6747.30 → 6747. Balance 1 020 108; A = 31 961.77 → 31 962.
    expect(quote.capitalisedInterest).toBe(6658 + 6703 + 6747)
    expect(quote.instalmentAmount).toBe(31_962)
    expect(quote.schedule[0]?.month).toBe(4)
    expect(quote.schedule.at(-1)?.month).toBe(39)
    expect(quote.schedule.at(-1)?.amount).toBe(31_954)
    expect(quote.totalAmountPayable).toBe(1_150_624)
    expect(quote.totalInterest).toBe(150_624)
    // Grace interest accrues at the same rate as the loan, so the APR stays the effective 8.29 %.
    expect(quote.apr).toBe(0.0829)
    expectConsistent(quote)
    const { conditions } = paymentIntentConditions({
      principal: 1_000_000,
      gracePeriod: 3,
      options: { periods: 36, annual_interest: 0.0799, max_grace_period: 3 },
    })
    expect(conditions.grace_period).toBe(3)
    expect(conditions.principal).toBe(1_000_000)
  })

  it('only delays the payments at zero interest', () => {
    const quote = quoteLoan({
      principal: 60_000,
      gracePeriod: 2,
      options: { periods: 6, max_grace_period: 3 },
    })
    expect(quote.schedule.map((row) => [row.month, row.amount])).toEqual([
      [3, 10_000],
      [4, 10_000],
      [5, 10_000],
      [6, 10_000],
      [7, 10_000],
      [8, 10_000],
    ])
    expect(quote.totalCostOfCredit).toBe(0)
    expect(quote.apr).toBe(0)
  })
})

describe('paymentIntentConditions', () => {
  it('produces the conditions object of spec §3 for a 36-month consumer loan', () => {
    const { conditions, schedule } = paymentIntentConditions({
      principal: 1_000_000,
      options: { pricing_id: '04b2041c-bcaa-400e-a0b5-c2e36db9d313', periods: 36, annual_interest: 0.0799 },
    })
    expect(conditions).toEqual({
      currency: 'EUR',
      principal: 1_000_000,
      term: 36,
      user_defined_quota: 31_332,
      interest: 0.0799,
      apr: 0.0829,
      insurance: null,
      grace_period: 0,
    })
    expect(total(schedule.map((row) => row.amount))).toBe(1_127_945)
  })
})

describe('schedule sums', () => {
  it('sums exactly to the total payable for every term and awkward amount', () => {
    for (const principal of [1_999, 12_345, 99_999, 1_234_567]) {
      for (const periods of [1, 2, 3, 7, 13, 36, 96]) {
        if (principal < periods) continue
        for (const annual_interest of [0, 0.0799, 0.2499]) {
          const quote = quoteLoan({
            principal,
            options: {
              periods,
              annual_interest,
              setup_fee: { payment_type: 'type_fixed_amount', fee_type: 'fix_amount', amount: 9.99 },
            },
          })
          expectConsistent(quote)
          expect(quote.schedule.every((row) => row.amount > 0 && row.principal >= 0)).toBe(true)
        }
      }
    }
  })

  it('never produces a negative instalment for the smallest loans', () => {
    // 9 cents over 6 months: 9 / 6 = 1.5 → 2 a month would overpay; the principal parts are clamped.
    const quote = quoteLoan({ principal: 9, options: { periods: 6 } })
    expect(quote.schedule.map((row) => row.amount)).toEqual([2, 2, 2, 2, 1, 0])
    expect(quote.totalAmountPayable).toBe(9)
  })
})
