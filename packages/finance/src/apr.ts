import { AprNotSolvableError, FinanceInputError } from './errors.ts'
import { roundHalfUp } from './rounding.ts'
import type { Instalment } from './types.ts'
import { MAX_PERIODS } from './validation.ts'

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
  flows.clear(repayments.length + drawdowns.length)
  for (const flow of repayments) flows.add(flow.amount, flow.years)
  flows.endRepayments()
  for (const flow of drawdowns) flows.add(flow.amount, flow.years)
  return solveLoadedFlows()
}

/**
 * {@link solveAnnexIRate} on the flows in {@link flows}, already checked. The same safeguarded Newton–Raphson,
 * step for step: f is `flows.residual(rate)`, f′ is `flows.slope` after `flows.residual(rate, true)`.
 */
function solveLoadedFlows(): number {
  // Costless credit (repayments equal drawdowns) has X = 0 exactly; no need to iterate towards it.
  if (flows.residual(0) === 0) return 0

  let lo = -0.99
  let hi = 1
  let fLo = flows.residual(lo)
  let fHi = flows.residual(hi)
  while (Math.sign(fLo) === Math.sign(fHi) && hi < 1e6) {
    lo = hi
    fLo = fHi
    hi *= 10
    fHi = flows.residual(hi)
  }
  if (fLo === 0) return lo
  if (fHi === 0) return hi
  if (Math.sign(fLo) === Math.sign(fHi)) {
    throw new AprNotSolvableError('the Annex I equation has no root between -99 % and 10^8 %')
  }

  let x = lo < 0.1 && 0.1 < hi ? 0.1 : (lo + hi) / 2
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const fx = flows.residual(x, true)
    if (fx === 0) return x
    if (Math.sign(fx) === Math.sign(fLo)) {
      lo = x
      fLo = fx
    } else {
      hi = x
    }
    let next = x - fx / flows.slope
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
  // solveAnnexIRate's checks, and errors, on the flows it would be given: the drawdown { amountOfCredit, 0 }
  // and a repayment per instalment of a positive amount (which leaves their amounts to check for finiteness).
  if (!Number.isFinite(amountOfCredit) || amountOfCredit < 0) {
    throw new FinanceInputError('drawdowns', 'amounts and times must be finite and ≥ 0')
  }
  if (amountOfCredit === 0) throw new FinanceInputError('drawdowns', 'must hold a positive amount')
  flows.clear(schedule.length + 1)
  for (const row of schedule) {
    if (!(row.amount > 0)) continue
    const years = monthsToYears(row.month)
    if (!Number.isFinite(row.amount) || !Number.isFinite(years) || years < 0) {
      throw new FinanceInputError('repayments', 'amounts and times must be finite and ≥ 0')
    }
    flows.add(row.amount, years)
  }
  if (flows.size === 0) throw new FinanceInputError('repayments', 'must list at least one flow')
  flows.endRepayments()
  flows.add(amountOfCredit, 0)
  return roundHalfUp(solveLoadedFlows(), 4)
}

/** Flows at whole months up to this many months after the drawdown get their powers memoised. */
const MEMO_MONTHS = 2 * MAX_PERIODS

/**
 * A memo of `power(years)` at one rate, for flows at whole months `m / 12` years, m = 0..{@link MEMO_MONTHS},
 * filled in on first use. `power` is the very expression the solver evaluates at that rate, and pow is
 * deterministic, so an entry read back is bit-identical to one computed afresh: the memo only saves the pow.
 */
class PowerMemo {
  readonly #powers = new Float64Array(MEMO_MONTHS + 1).fill(Number.NaN)

  constructor(
    readonly rate: number,
    private readonly power: (years: number) => number,
  ) {}

  /** The power for a flow at `years`; `month` is m when `years` is m / 12, -1 for a flow between months. */
  at(month: number, years: number): number {
    if (month < 0) return this.power(years)
    let value = this.#powers[month] as number
    if (Number.isNaN(value)) {
      value = this.power(years)
      this.#powers[month] = value
    }
    return value
  }
}

/**
 * The rates at which a solve evaluates f whatever the flows: 0 (costless credit?), the bracket's ends −0.99 and
 * 1, and the first guess 0.1, where it evaluates f′ too. For a usual loan (instalments at whole months, an APR
 * below 100 %) that is 5 of the 11 evaluations of f or f′ its solve makes.
 */
const RESIDUAL_MEMOS = [0, -0.99, 1, 0.1].map((rate) => new PowerMemo(rate, (years) => (1 + rate) ** -years))
const SLOPE_MEMOS = [0.1].map((rate) => new PowerMemo(rate, (years) => (1 + rate) ** (-years - 1)))

/** The memo of `rate` among `memos`, if any. A loop rather than `find`: no closure per evaluation. */
function memoAt(memos: readonly PowerMemo[], rate: number): PowerMemo | undefined {
  for (const memo of memos) if (memo.rate === rate) return memo
  return undefined
}

/**
 * The flows of the equation being solved, repayments first, in arrays reused by every solve (the solver is
 * synchronous), with what each evaluation needs precomputed per flow.
 *
 * f sums exactly the terms {@link annexIResidual} sums, and f′ those of `Σ −s·D·(1+X)^(−s−1)`, in the same
 * order and with the same powers (some read from a memo), so the solver takes exactly the same steps.
 */
class LoadedFlows {
  #amounts = new Float64Array(0)
  #years = new Float64Array(0)
  /** `years · amount`: the coefficient of a flow's derivative, computed as the derivative's sum computed it. */
  #weights = new Float64Array(0)
  /** m when the flow is at m / 12 years, m ≤ {@link MEMO_MONTHS}; -1 otherwise. */
  #months = new Int32Array(0)
  #repayments = 0
  size = 0
  /** f′ at the rate of the last `residual(rate, true)`. */
  slope = 0
  /** The derivative part of the last {@link #sum}. */
  #sumSlope = 0

  /** Empties the list, with room for `capacity` flows. */
  clear(capacity: number): void {
    if (capacity > this.#amounts.length) {
      const length = Math.max(capacity, 2 * this.#amounts.length)
      this.#amounts = new Float64Array(length)
      this.#years = new Float64Array(length)
      this.#weights = new Float64Array(length)
      this.#months = new Int32Array(length)
    }
    this.size = 0
    this.#repayments = 0
  }

  /** Appends a flow of `amount` (finite, ≥ 0) at `years` (finite, ≥ 0). */
  add(amount: number, years: number): void {
    const month = Math.round(years * 12)
    this.#amounts[this.size] = amount
    this.#years[this.size] = years
    this.#weights[this.size] = years * amount
    this.#months[this.size] = month <= MEMO_MONTHS && month / 12 === years ? month : -1
    this.size += 1
  }

  /** Marks the flows added so far as the repayments, those added next as the drawdowns. */
  endRepayments(): void {
    this.#repayments = this.size
  }

  /**
   * f(rate), the present value of the repayments minus that of the drawdowns; with `withSlope`, also sets
   * {@link slope} to f′(rate) in the same pass.
   */
  residual(rate: number, withSlope = false): number {
    const residualMemo = memoAt(RESIDUAL_MEMOS, rate)
    const slopeMemo = withSlope ? memoAt(SLOPE_MEMOS, rate) : undefined
    const repaid = this.#sum(0, this.#repayments, rate, withSlope, residualMemo, slopeMemo)
    const repaidSlope = this.#sumSlope
    const lent = this.#sum(this.#repayments, this.size, rate, withSlope, residualMemo, slopeMemo)
    if (withSlope) this.slope = repaidSlope - this.#sumSlope
    return repaid - lent
  }

  /** Σ amount·(1+rate)^−years over flows `from..to`, and Σ −years·amount·(1+rate)^(−years−1) into #sumSlope. */
  #sum(
    from: number,
    to: number,
    rate: number,
    withSlope: boolean,
    residualMemo: PowerMemo | undefined,
    slopeMemo: PowerMemo | undefined,
  ): number {
    if (residualMemo !== undefined || slopeMemo !== undefined) {
      return this.#memoisedSum(from, to, rate, withSlope, residualMemo, slopeMemo)
    }
    let sum = 0
    let sumSlope = 0
    for (let k = from; k < to; k += 1) {
      const years = this.#years[k] as number
      sum += (this.#amounts[k] as number) * (1 + rate) ** -years
      if (withSlope) sumSlope -= (this.#weights[k] as number) * (1 + rate) ** (-years - 1)
    }
    this.#sumSlope = sumSlope
    return sum
  }

  /** {@link #sum} at a rate with a memo, apart so that the loop of every other rate stays free of memo checks. */
  #memoisedSum(
    from: number,
    to: number,
    rate: number,
    withSlope: boolean,
    residualMemo: PowerMemo | undefined,
    slopeMemo: PowerMemo | undefined,
  ): number {
    let sum = 0
    let sumSlope = 0
    for (let k = from; k < to; k += 1) {
      const years = this.#years[k] as number
      const month = this.#months[k] as number
      const power = residualMemo === undefined ? (1 + rate) ** -years : residualMemo.at(month, years)
      sum += (this.#amounts[k] as number) * power
      if (withSlope) {
        const slopePower = slopeMemo === undefined ? (1 + rate) ** (-years - 1) : slopeMemo.at(month, years)
        sumSlope -= (this.#weights[k] as number) * slopePower
      }
    }
    this.#sumSlope = sumSlope
    return sum
  }
}

const flows = new LoadedFlows()
