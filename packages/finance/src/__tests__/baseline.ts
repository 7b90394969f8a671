/*
 * BASELINE: the loan mathematics as they were before they were optimised (as of commit b5e9dae), copied
 * verbatim except for names and imports. The equivalence tests and bench/quotes.ts compare the package against
 * it: the optimised code must return exactly what this returns, for every input. Never "fix" anything here.
 */
import { AprNotSolvableError, FinanceInputError } from '../errors.ts'
import type { Conditions, Instalment, LoanInput, LoanQuote, SetupFee } from '../types.ts'
import { assertInteger, assertRatio, MAX_PERIODS, validateLoanInput } from '../validation.ts'

// --- rounding.ts -------------------------------------------------------------------------------------------

export function baselineRoundHalfUp(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) throw new FinanceInputError('value', `cannot round ${value}`)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
    throw new FinanceInputError('decimals', 'must be an integer between 0 and 15')
  }
  const factor = 10 ** decimals
  const shifted = Number((Math.abs(value) * factor).toPrecision(15))
  const rounded = (Math.sign(value) * Math.round(shifted)) / factor
  return rounded === 0 ? 0 : rounded
}

function eurosToCents(euros: number): number {
  return baselineRoundHalfUp(euros * 100)
}

// --- annuity.ts --------------------------------------------------------------------------------------------

function monthlyRate(annualInterest: number): number {
  assertRatio('annualInterest', annualInterest)
  return annualInterest / 12
}

function annuityPayment(principal: number, annualInterest: number, periods: number): number {
  assertInteger('principal', principal, 1)
  assertInteger('periods', periods, 1, MAX_PERIODS)
  const i = monthlyRate(annualInterest)
  if (i === 0) return baselineRoundHalfUp(principal / periods)
  return baselineRoundHalfUp((principal * i) / (1 - (1 + i) ** -periods))
}

// --- fees.ts -----------------------------------------------------------------------------------------------

function setupFeeAmount(setupFee: SetupFee | null | undefined, principal: number): number {
  if (setupFee === null || setupFee === undefined) return 0
  assertInteger('principal', principal, 1)
  if (setupFee.fee_type === 'percentage') {
    assertRatio('setup_fee.amount', setupFee.amount)
    return baselineRoundHalfUp(principal * setupFee.amount)
  }
  if (!Number.isFinite(setupFee.amount) || setupFee.amount < 0) {
    throw new FinanceInputError('setup_fee.amount', `must be an amount in euros ≥ 0, got ${setupFee.amount}`)
  }
  return eurosToCents(setupFee.amount)
}

function merchantFeeAmount(principal: number, merchantFee: number): number {
  assertInteger('principal', principal, 1)
  assertRatio('merchantFee', merchantFee)
  return baselineRoundHalfUp(principal * merchantFee)
}

// --- apr.ts ------------------------------------------------------------------------------------------------

interface CashFlow {
  amount: number
  years: number
}

function monthsToYears(months: number): number {
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

export function baselineAnnexIResidual(
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

export function baselineSolveAnnexIRate(
  drawdowns: readonly CashFlow[],
  repayments: readonly CashFlow[],
): number {
  assertFlows('drawdowns', drawdowns)
  assertFlows('repayments', repayments)
  const f = (rate: number) => baselineAnnexIResidual(drawdowns, repayments, rate)
  const df = (rate: number) =>
    presentValueDerivative(repayments, rate) - presentValueDerivative(drawdowns, rate)

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

export function baselineAprOfSchedule(amountOfCredit: number, schedule: readonly Instalment[]): number {
  const repayments = schedule
    .filter((row) => row.amount > 0)
    .map((row) => ({ amount: row.amount, years: monthsToYears(row.month) }))
  const rate = baselineSolveAnnexIRate([{ amount: amountOfCredit, years: 0 }], repayments)
  return baselineRoundHalfUp(rate, 4)
}

// --- loan.ts -----------------------------------------------------------------------------------------------

export function baselineQuoteLoan(input: LoanInput): LoanQuote {
  validateLoanInput(input)
  const { options, principal } = input
  const periods = options.periods
  const annualInterest = options.annual_interest ?? 0
  const gracePeriod = input.gracePeriod ?? 0
  const i = monthlyRate(annualInterest)

  const fee = options.setup_fee ?? null
  const feeAmount = setupFeeAmount(fee, principal)
  const insuranceAmount = options.insurance ? (input.insuranceAmount ?? 0) : 0
  const insuranceFinanced = options.insurance?.is_insurance_financed === true

  const financedPrincipal =
    principal +
    (fee?.payment_type === 'type_financed' ? feeAmount : 0) +
    (insuranceFinanced ? insuranceAmount : 0)

  let balance = financedPrincipal
  for (let month = 1; month <= gracePeriod; month += 1) balance += baselineRoundHalfUp(balance * i)
  const capitalisedInterest = balance - financedPrincipal

  const instalmentAmount = annuityPayment(balance, annualInterest, periods)
  const feeShare = fee?.payment_type === 'type_fixed_amount' ? baselineRoundHalfUp(feeAmount / periods) : 0
  let feeLeft = fee?.payment_type === 'type_fixed_amount' ? feeAmount : 0

  const schedule: Instalment[] = []
  let outstanding = balance
  for (let number = 1; number <= periods; number += 1) {
    const last = number === periods
    const interest = baselineRoundHalfUp(outstanding * i)
    const principalPart = last ? outstanding : Math.min(Math.max(instalmentAmount - interest, 0), outstanding)
    let setupFee = 0
    if (fee?.payment_type === 'type_fixed_amount') {
      setupFee = last ? feeLeft : Math.min(feeShare, feeLeft)
      feeLeft -= setupFee
    } else if (fee?.payment_type === 'type_upfront' && number === 1) {
      setupFee = feeAmount
    }
    const insurance = !insuranceFinanced && number === 1 ? insuranceAmount : 0
    outstanding -= principalPart
    schedule.push({
      number,
      month: gracePeriod + number,
      principal: principalPart,
      interest,
      setupFee,
      insurance,
      amount: principalPart + interest + setupFee + insurance,
      outstandingPrincipal: outstanding,
    })
  }

  const totalAmountPayable = sum(schedule.map((row) => row.amount))
  return {
    amountOfCredit: principal,
    financedPrincipal,
    capitalisedInterest,
    setupFeeAmount: feeAmount,
    insuranceAmount,
    instalmentAmount,
    periods,
    gracePeriod,
    annualInterest,
    schedule,
    totalInterest: capitalisedInterest + sum(schedule.map((row) => row.interest)),
    totalAmountPayable,
    totalCostOfCredit: totalAmountPayable - principal,
    apr: baselineAprOfSchedule(principal, schedule),
    merchantFeeAmount: merchantFeeAmount(principal, options.merchant_fee ?? 0),
  }
}

export function baselinePaymentIntentConditions(input: LoanInput): {
  conditions: Conditions
  schedule: Instalment[]
  quote: LoanQuote
} {
  const quote = baselineQuoteLoan(input)
  const insurance = input.options.insurance
  return {
    conditions: {
      currency: 'EUR',
      principal: quote.financedPrincipal,
      term: quote.periods,
      user_defined_quota: quote.instalmentAmount,
      interest: quote.annualInterest,
      apr: quote.apr,
      insurance: insurance
        ? { value: insurance.value, is_insurance_financed: insurance.is_insurance_financed }
        : null,
      grace_period: quote.gracePeriod,
    },
    schedule: quote.schedule,
    quote,
  }
}

function sum(values: readonly number[]): number {
  let total = 0
  for (const value of values) total += value
  return total
}
