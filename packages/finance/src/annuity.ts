import { roundHalfUp } from './rounding.ts'
import { assertInteger, assertRatio, MAX_PERIODS } from './validation.ts'

/** The monthly rate of a nominal annual rate: `annualInterest / 12` (12 equal months, no compounding). */
export function monthlyRate(annualInterest: number): number {
  assertRatio('annualInterest', annualInterest)
  return annualInterest / 12
}

/**
 * The regular instalment of a loan repaid in `periods` equal monthly instalments (French amortisation),
 * in integer cents, rounded half up to the cent:
 *
 * `A = P · i / (1 − (1 + i)^−n)` with `i = annualInterest / 12`; with zero interest, `A = P / n`.
 *
 * @param principal - principal in cents, integer ≥ 1
 * @param annualInterest - nominal annual rate, ratio 0..1
 * @param periods - number of monthly instalments, integer ≥ 1
 * @example annuityPayment(1_000_000, 0.0799, 36) // 31332 (313.32 EUR)
 */
export function annuityPayment(principal: number, annualInterest: number, periods: number): number {
  assertInteger('principal', principal, 1)
  assertInteger('periods', periods, 1, MAX_PERIODS)
  const i = monthlyRate(annualInterest)
  if (i === 0) return roundHalfUp(principal / periods)
  return roundHalfUp((principal * i) / (1 - (1 + i) ** -periods))
}
