import { describe, expect, it } from 'vitest'
import { annexIResidual, aprOfSchedule, type CashFlow, solveAnnexIRate } from '../apr.ts'
import { AprNotSolvableError, FinanceInputError } from '../errors.ts'
import { quoteLoan } from '../loan.ts'
import { annexIResidualOf } from './helpers.ts'

const lent = (amount: number): CashFlow[] => [{ amount, years: 0 }]

describe('solveAnnexIRate', () => {
  it('solves a single repayment in closed form: 950 lent, 1 200 repaid after one year → 26.3158 %', () => {
    // 950 = 1200 / (1 + X) ⇒ X = 1200 / 950 − 1 = 0.263157894…
    expect(solveAnnexIRate(lent(950), [{ amount: 1200, years: 1 }])).toBeCloseTo(0.2631578947, 9)
  })

  it('matches the worked example "1 000 repaid in two instalments of 600 after one and two years" (13.1 %)', () => {
    // Published worked example of the APR directives (Directive 98/7/EC, Annex II, example 3: 13.1 %).
    // 1000 = 600 v + 600 v², v = 1 / (1 + X) ⇒ v = (−600 + √(600² + 4·600·1000)) / 1200
    //      = (−600 + 1661.3248) / 1200 = 0.884437 ⇒ X = 1 / v − 1 = 0.1306624.
    const rate = solveAnnexIRate(lent(1000), [
      { amount: 600, years: 1 },
      { amount: 600, years: 2 },
    ])
    expect(rate).toBeCloseTo(0.1306624, 6)
  })

  it('matches the worked example "272 after 3 months, 272 after 6, 544 after 12" (13.2 %)', () => {
    // Published worked example (Directive 98/7/EC, Annex II, example 4: 13.2 % at one decimal).
    // With 12 equal months the times are exactly 0.25, 0.5 and 1 year. Bisection on
    // 272/(1+X)^0.25 + 272/(1+X)^0.5 + 544/(1+X) − 1000 in 40-digit decimals gives X = 0.1318550.
    const repayments = [
      { amount: 272, years: 0.25 },
      { amount: 272, years: 0.5 },
      { amount: 544, years: 1 },
    ]
    const rate = solveAnnexIRate(lent(1000), repayments)
    expect(rate).toBeCloseTo(0.131855, 6)
    expect(Math.abs(annexIResidual(lent(1000), repayments, rate))).toBeLessThan(1e-9)
  })

  it('finds the effective rate of a nominal one: TIN 7.99 % ⇒ TAE 8.29 %, as advertised in Spain', () => {
    // 100 lent, 12 monthly payments of the exact annuity: X = (1 + 0.0799/12)^12 − 1 = 0.0828919290.
    const i = 0.0799 / 12
    const payment = (100 * i) / (1 - (1 + i) ** -12)
    const repayments = Array.from({ length: 12 }, (_, k) => ({ amount: payment, years: (k + 1) / 12 }))
    expect(solveAnnexIRate(lent(100), repayments)).toBeCloseTo(0.082891929, 8)
  })

  it('returns exactly 0 when repayments equal drawdowns', () => {
    expect(
      solveAnnexIRate(
        lent(300),
        [100, 100, 100].map((amount, k) => ({ amount, years: k / 12 })),
      ),
    ).toBe(0)
  })

  it('converges from far away: a 300 % payday-style loan', () => {
    // 100 lent, 120 repaid after one month: X = 1.2^12 − 1 = 7.9161…
    expect(solveAnnexIRate(lent(100), [{ amount: 120, years: 1 / 12 }])).toBeCloseTo(1.2 ** 12 - 1, 6)
  })

  it('rejects flows that cannot give a rate', () => {
    expect(() => solveAnnexIRate([], [{ amount: 1, years: 1 }])).toThrow(FinanceInputError)
    expect(() => solveAnnexIRate(lent(100), [{ amount: -5, years: 1 }])).toThrow(FinanceInputError)
    // Half repaid at the very moment it is lent: both sides are constant, no rate makes them equal.
    expect(() => solveAnnexIRate(lent(100), [{ amount: 50, years: 0 }])).toThrow(AprNotSolvableError)
    // 100 lent, 0.50 repaid after a year: the root, −99.5 %, lies below the −99 % the solver searches from.
    expect(() => solveAnnexIRate(lent(100), [{ amount: 0.5, years: 1 }])).toThrow(AprNotSolvableError)
  })
})

describe('aprOfSchedule', () => {
  it('rounds half up to 4 decimals of the ratio and the exact root lies within half a unit of it', () => {
    const quote = quoteLoan({
      principal: 300_000,
      options: {
        periods: 12,
        annual_interest: 0.1,
        setup_fee: { payment_type: 'type_upfront', fee_type: 'fix_amount', amount: 30 },
      },
    })
    const apr = aprOfSchedule(quote.amountOfCredit, quote.schedule)
    expect(apr).toBe(quote.apr)
    expect(apr * 1e4).toBeCloseTo(Math.round(apr * 1e4), 9)
    expect(annexIResidualOf(300_000, quote.schedule, apr - 0.00005)).toBeGreaterThan(0)
    expect(annexIResidualOf(300_000, quote.schedule, apr + 0.00005)).toBeLessThan(0)
  })
})
