import { AprNotSolvableError, FinanceInputError } from './errors.ts'
import { roundHalfUp } from './rounding.ts'
import type { Instalment } from './types.ts'

/** A payment at a point in time: `amount` (any unit, e.g. cents, ≥ 0) `years` after the first drawdown (≥ 0). */
export interface CashFlow {
  amount: number
  years: number
}

/** Converts months to years as Annex I allows: a year of 12 equal months. */
export function monthsToYears(months: number): number {
  return months / 12
}

function presentValue(flows: readonly CashFlow[], rate: number): number {
  let sum = 0
  for (const flow of flows) sum += flow.amount * (1 + rate) ** -flow.years
  return sum
}

function presentValueDerivative(flows: readonly CashFlow[], rate: number): number {
  let sum = 0
  for (const flow of flows) sum -= flow.years * flow.amount * (1 + rate) ** (-flow.years - 1)
  return sum
}

/**
 * The residual of the Directive 2008/48/EC Annex I equation at `rate`:
 * `Σ repayments·(1+X)^−s − Σ drawdowns·(1+X)^−t`. Zero at the APR; useful to check a rate.
 */
export function annexIResidual(
  drawdowns: readonly CashFlow[],
  repayments: readonly CashFlow[],
  rate: number,
): number {
  return presentValue(repayments, rate) - presentValue(drawdowns, rate)
}

function assertFlows(field: string, flows: readonly CashFlow[]): void {
  if (!Array.isArray(flows) || flows.length === 0)
    throw new FinanceInputError(field, 'must list at least one flow')
  for (const flow of flows) {
    if (!Number.isFinite(flow.amount) || flow.amount < 0 || !Number.isFinite(flow.years) || flow.years < 0) {
      throw new FinanceInputError(field, 'amounts and times must be finite and ≥ 0')
    }
  }
  if (!flows.some((flow) => flow.amount > 0))
    throw new FinanceInputError(field, 'must hold a positive amount')
}

/**
 * Solves the Annex I equation of Directive 2008/48/EC for X, the annual percentage rate of charge:
 *
 * `Σ_k C_k (1 + X)^−t_k = Σ_l D_l (1 + X)^−s_l`
 *
 * (drawdowns C_k at t_k years, repayments and charges D_l at s_l years). Safeguarded Newton–Raphson: a
 * bracket with a sign change is found first (X from −0.99 up to 10^6), Newton steps are taken while they stay
 * inside it and bisection otherwise, so it always converges when a root exists. Returns X unrounded, as a ratio.
 *
 * @throws AprNotSolvableError when the equation has no root in −0.99..10^6
 */
export function solveAnnexIRate(drawdowns: readonly CashFlow[], repayments: readonly CashFlow[]): number {
  assertFlows('drawdowns', drawdowns)
  assertFlows('repayments', repayments)
  const f = (rate: number) => annexIResidual(drawdowns, repayments, rate)
  const df = (rate: number) =>
    presentValueDerivative(repayments, rate) - presentValueDerivative(drawdowns, rate)

  // Costless credit (repayments equal drawdowns) has X = 0 exactly; no need to iterate towards it.
  if (f(0) === 0) return 0

  let lo = -0.99
  let hi = 1
  let fLo = f(lo)
  let fHi = f(hi)
  while (Math.sign(fLo) === Math.sign(fHi) && hi < 1e6) {
    lo = hi
    fLo = fHi
    hi *= 10
    fHi = f(hi)
  }
  if (fLo === 0) return lo
  if (fHi === 0) return hi
  if (Math.sign(fLo) === Math.sign(fHi)) {
    throw new AprNotSolvableError('the Annex I equation has no root between -99 % and 10^8 %')
  }

  let x = lo < 0.1 && 0.1 < hi ? 0.1 : (lo + hi) / 2
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const fx = f(x)
    if (fx === 0) return x
    if (Math.sign(fx) === Math.sign(fLo)) {
      lo = x
      fLo = fx
    } else {
      hi = x
    }
    let next = x - fx / df(x)
    if (!Number.isFinite(next) || next <= lo || next >= hi) next = (lo + hi) / 2
    if (Math.abs(next - x) <= 1e-13 * Math.max(1, Math.abs(x))) return next
    x = next
  }
  return x
}

/**
 * The APR (TAE) of a repayment schedule, as a ratio rounded half up to 4 decimals (`0.0829` = 8.29 %, i.e. two
 * decimals of the percentage). One drawdown of `amountOfCredit` at time 0; each instalment is a repayment at
 * `month / 12` years (Annex I, 12 equal months). Everything in an instalment counts: principal, interest,
 * setup fee and insurance premium.
 *
 * @param amountOfCredit - the credit made available to the customer, in cents
 * @param schedule - the instalments, e.g. {@link LoanQuote.schedule}
 */
export function aprOfSchedule(amountOfCredit: number, schedule: readonly Instalment[]): number {
  const repayments = schedule
    .filter((row) => row.amount > 0)
    .map((row) => ({ amount: row.amount, years: monthsToYears(row.month) }))
  const rate = solveAnnexIRate([{ amount: amountOfCredit, years: 0 }], repayments)
  return roundHalfUp(rate, 4)
}
