import { FinanceInputError } from './errors.ts'
import type { LoanInput } from './types.ts'

/** Longest term accepted, in months. A guard against loops over absurd terms, far above any real product. */
export const MAX_PERIODS = 1200

const SETUP_FEE_PAYMENT_TYPES = new Set(['type_fixed_amount', 'type_upfront', 'type_financed'])
const SETUP_FEE_TYPES = new Set(['percentage', 'fix_amount'])

/** Throws unless `value` is a safe integer within `min..max`. */
export function assertInteger(
  field: string,
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `between ${min} and ${max}`
    throw new FinanceInputError(field, `must be an integer ${range}, got ${String(value)}`)
  }
}

/** Throws unless `value` is a ratio: a finite number within 0..1. */
export function assertRatio(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new FinanceInputError(field, `must be a ratio between 0 and 1, got ${String(value)}`)
  }
}

/**
 * Checks every input of {@link LoanInput} and throws a {@link FinanceInputError} naming the first invalid one.
 * Rules: principal integer ≥ periods (≥ 1 cent per instalment); periods integer 1..{@link MAX_PERIODS};
 * annual_interest, merchant_fee and a percentage setup fee in 0..1; a fix_amount setup fee finite and ≥ 0
 * euros; insuranceAmount integer ≥ 0, given exactly when insurance is; gracePeriod integer 0..max_grace_period.
 */
export function validateLoanInput(input: LoanInput): void {
  const { options } = input
  if (typeof options !== 'object' || options === null) {
    throw new FinanceInputError('options', 'must be a payment method options object')
  }
  assertInteger('options.periods', options.periods, 1, MAX_PERIODS)
  assertInteger('principal', input.principal, 1)
  if (input.principal < options.periods) {
    throw new FinanceInputError(
      'principal',
      `must be at least one cent per instalment (${options.periods}), got ${input.principal}`,
    )
  }
  if (options.annual_interest !== undefined) assertRatio('options.annual_interest', options.annual_interest)
  if (options.merchant_fee !== undefined) assertRatio('options.merchant_fee', options.merchant_fee)
  if (options.max_grace_period !== undefined) {
    assertInteger('options.max_grace_period', options.max_grace_period, 0, MAX_PERIODS)
  }

  const fee = options.setup_fee
  if (fee !== undefined && fee !== null) {
    if (!SETUP_FEE_PAYMENT_TYPES.has(fee.payment_type)) {
      throw new FinanceInputError(
        'options.setup_fee.payment_type',
        `must be type_fixed_amount, type_upfront or type_financed, got ${String(fee.payment_type)}`,
      )
    }
    if (!SETUP_FEE_TYPES.has(fee.fee_type)) {
      throw new FinanceInputError(
        'options.setup_fee.fee_type',
        `must be percentage or fix_amount, got ${String(fee.fee_type)}`,
      )
    }
    if (fee.fee_type === 'percentage') {
      assertRatio('options.setup_fee.amount', fee.amount)
    } else if (typeof fee.amount !== 'number' || !Number.isFinite(fee.amount) || fee.amount < 0) {
      throw new FinanceInputError(
        'options.setup_fee.amount',
        `must be an amount in euros ≥ 0, got ${String(fee.amount)}`,
      )
    }
  }

  const insurance = options.insurance
  if (insurance !== undefined && insurance !== null) {
    if (typeof insurance.value !== 'string' || insurance.value.length === 0) {
      throw new FinanceInputError('options.insurance.value', 'must be a non-empty insurance name')
    }
    if (typeof insurance.is_insurance_financed !== 'boolean') {
      throw new FinanceInputError('options.insurance.is_insurance_financed', 'must be a boolean')
    }
    if (input.insuranceAmount === undefined) {
      throw new FinanceInputError('insuranceAmount', 'is required when options.insurance is set')
    }
    assertInteger('insuranceAmount', input.insuranceAmount, 0)
  } else if (input.insuranceAmount !== undefined) {
    throw new FinanceInputError('insuranceAmount', 'must be absent when options.insurance is not set')
  }

  if (input.gracePeriod !== undefined) {
    const max = options.max_grace_period ?? 0
    assertInteger('gracePeriod', input.gracePeriod, 0, max)
  }
}
