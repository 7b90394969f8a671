import { describe, expect, it } from 'vitest'
import { aprOfSchedule, type CashFlow, solveAnnexIRate } from '../apr.ts'
import { type PaymentIntentConditions, paymentIntentConditions } from '../loan.ts'
import type { Instalment } from '../types.ts'
import {
  baselineAprOfSchedule,
  baselinePaymentIntentConditions,
  baselineSolveAnnexIRate,
} from './baseline.ts'
import { identical, randomLoan, seededRandom } from './helpers.ts'

/*
 * The APR solver memoises the powers it needs at fixed rates, evaluates f and f′ in one pass over reused
 * arrays, and the schedule loop sums as it goes. None of that may change a single bit of any result, so every
 * case below compares the package with the baseline: deep-equal results (Object.is on every number, so even
 * the unrounded rate of solveAnnexIRate must match to the last bit), or the same error.
 */

const LOANS = 10_000

/** What a call gives: its result, or the name, message and field of the error it throws. */
function outcome(call: () => unknown): unknown {
  try {
    return call()
  } catch (error) {
    const { name, message, field } = error as Error & { field?: string }
    return { threw: name, message, field }
  }
}

const differ = (current: () => unknown, baseline: () => unknown) =>
  !identical(outcome(current), outcome(baseline))

describe('the loan maths return exactly what the baseline returns', () => {
  it(`on ${LOANS} generated loans: the conditions, the whole quote, the APR and the unrounded rate`, () => {
    const random = seededRandom(11)
    const disagreements: string[] = []
    for (let k = 0; k < LOANS; k += 1) {
      const input = randomLoan(random)
      // paymentIntentConditions returns quoteLoan's quote (with aprOfSchedule's APR) next to the conditions.
      const baseline = outcome(() => baselinePaymentIntentConditions(input))
      if (
        !identical(
          outcome(() => paymentIntentConditions(input)),
          baseline,
        )
      ) {
        disagreements.push(`paymentIntentConditions(${JSON.stringify(input)})`)
      }
      // The rate aprOfSchedule rounds, unrounded; a loan that throws (no APR) has no schedule to solve.
      if (!('schedule' in (baseline as object))) continue
      const drawdowns = [{ amount: input.principal, years: 0 }]
      const repayments = (baseline as PaymentIntentConditions).schedule
        .filter((row) => row.amount > 0)
        .map((row) => ({ amount: row.amount, years: row.month / 12 }))
      if (
        differ(
          () => solveAnnexIRate(drawdowns, repayments),
          () => baselineSolveAnnexIRate(drawdowns, repayments),
        )
      ) {
        disagreements.push(`solveAnnexIRate of the schedule of ${JSON.stringify(input)}`)
      }
    }
    expect(disagreements).toEqual([])
  })

  it('on 10 000 arbitrary cash flows: several drawdowns, flows between months, zero amounts, no root', () => {
    const random = seededRandom(12)
    const flowsOf = (count: number, scale: number): CashFlow[] =>
      Array.from({ length: count }, () => ({
        amount: random() < 0.1 ? 0 : Math.round(random() * scale * 100) / 100,
        years: random() < 0.6 ? Math.floor(random() * 121) / 12 : random() * 10,
      }))
    const disagreements: string[] = []
    for (let k = 0; k < 10_000; k += 1) {
      const drawdowns =
        random() < 0.7 ? [{ amount: 1000, years: 0 }] : flowsOf(1 + Math.floor(random() * 3), 1000)
      const repayments = flowsOf(1 + Math.floor(random() * 60), (random() * 2000) / 10)
      if (
        differ(
          () => solveAnnexIRate(drawdowns, repayments),
          () => baselineSolveAnnexIRate(drawdowns, repayments),
        )
      ) {
        disagreements.push(`solveAnnexIRate(${JSON.stringify(drawdowns)}, ${JSON.stringify(repayments)})`)
      }
    }
    expect(disagreements).toEqual([])
  })

  it('on odd schedules: no positive row, rows between or beyond memoised months, invalid amounts and months', () => {
    const row = (month: number, amount: number): Instalment => ({
      number: 1,
      month,
      principal: amount,
      interest: 0,
      setupFee: 0,
      insurance: 0,
      amount,
      outstandingPrincipal: 0,
    })
    const cases: [amountOfCredit: number, schedule: Instalment[]][] = [
      [1000, []],
      [1000, [row(1, 0), row(2, -5)]],
      [1000, [row(1, 600), row(2, 600)]],
      [1000, [row(0.5, 600), row(13.25, 600)]],
      [1000, [row(2400, 900), row(2401, 900), row(1e6, 900)]],
      [1000, [row(0, 500), row(0, 500)]],
      [1000, [row(0, 400), row(12, 700)]],
      [1000, [row(12, 0.5)]],
      [1000, [row(Number.NaN, 600), row(2, 600)]],
      [1000, [row(Number.NaN, 0), row(2, 1200)]],
      [1000, [row(-1, 600), row(2, 600)]],
      [1000, [row(1, Number.POSITIVE_INFINITY)]],
      [1000, [row(1, Number.NaN), row(2, 1100)]],
      [0, [row(1, 600)]],
      [-0, [row(1, 600)]],
      [-1, [row(Number.NaN, 600)]],
      [Number.NaN, [row(1, 600)]],
      [100, [row(1, 120)]],
      [1000, Array.from({ length: 300 }, (_, k) => row(k + 1, 10))],
    ]
    const disagreements = cases
      .filter(([credit, schedule]) =>
        differ(
          () => aprOfSchedule(credit, schedule),
          () => baselineAprOfSchedule(credit, schedule),
        ),
      )
      .map(([credit, schedule]) => `aprOfSchedule(${credit}, ${JSON.stringify(schedule)})`)
    expect(disagreements).toEqual([])
  })
})
