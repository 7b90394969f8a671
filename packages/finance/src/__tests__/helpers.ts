import type { Instalment, LoanInput, SetupFee } from '../types.ts'

/**
 * Residual of the Annex I equation for one drawdown at time 0, written here independently of the package's
 * solver: Σ instalment·(1 + X)^(−month/12) − amount of credit. Zero at the exact APR.
 */
export function annexIResidualOf(
  amountOfCredit: number,
  schedule: readonly Instalment[],
  rate: number,
): number {
  let presentValue = 0
  for (const row of schedule) presentValue += row.amount * (1 + rate) ** (-row.month / 12)
  return presentValue - amountOfCredit
}

/** Sum of a list of numbers. */
export function total(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0)
}

export { seededRandom } from '../../../../test-support/seeded-random.ts'

/**
 * Deep equality as strict as it gets: numbers by Object.is (so -0 is not 0, NaN is NaN), objects by their own
 * keys in the same order, arrays element by element.
 */
export function identical(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  const otherKeys = Object.keys(b)
  if (keys.length !== otherKeys.length) return false
  for (let k = 0; k < keys.length; k += 1) {
    const key = keys[k] as string
    if (otherKeys[k] !== key) return false
    if (!identical((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false
  }
  return true
}

/**
 * A random valid loan as a session could price it: principal 1..10 000 000 cents, 1..120 months, interest
 * 0..30 %, every setup fee payment and amount type, insurance financed or not, grace periods.
 */
export function randomLoan(random: () => number): LoanInput {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T
  const periods = 1 + Math.floor(random() * 120)
  const principal = Math.max(periods, Math.round(10 ** (random() * 7)))
  const annual_interest = pick([0, 0.0799, Math.round(random() * 3000) / 10_000, random() * 0.3])
  const fee_type = pick(['percentage', 'fix_amount'] as const)
  const setup_fee: SetupFee | null =
    random() < 0.25
      ? null
      : {
          payment_type: pick(['type_fixed_amount', 'type_upfront', 'type_financed'] as const),
          fee_type,
          amount:
            fee_type === 'percentage'
              ? pick([0, 0.015, 0.03, Math.round(random() * 1000) / 10_000])
              : pick([0, 9.99, 49.95, Math.round(random() * 50_000) / 100]),
        }
  const insured = random() < 0.4
  const max_grace_period = pick([0, 0, 3, 12, 30])
  return {
    principal,
    ...(insured ? { insuranceAmount: Math.round(principal * random() * 0.05) } : {}),
    gracePeriod: Math.floor(random() * (max_grace_period + 1)),
    options: {
      periods,
      annual_interest,
      setup_fee,
      insurance: insured ? { value: 'payment-protection', is_insurance_financed: random() < 0.5 } : null,
      max_grace_period,
      merchant_fee: pick([0, 0.02, Math.round(random() * 500) / 10_000]),
    },
  }
}
