import { FinanceInputError } from './errors.ts'
import { eurosToCents, roundHalfUp } from './rounding.ts'
import type { SetupFee } from './types.ts'
import { assertInteger, assertRatio } from './validation.ts'

/**
 * The setup fee in integer cents.
 * - `percentage`: `amount` is a ratio 0..1 of the amount of credit; `principal × amount`, rounded half up.
 * - `fix_amount`: `amount` is in euros with decimals (spec §9); converted to cents, rounded half up.
 *
 * How it is paid (`payment_type`) does not change its amount, only when it is collected (see {@link quoteLoan}).
 *
 * @param setupFee - the `setup_fee` option, or null/undefined for none (returns 0)
 * @param principal - the amount of credit in cents
 */
export function setupFeeAmount(setupFee: SetupFee | null | undefined, principal: number): number {
  if (setupFee === null || setupFee === undefined) return 0
  assertInteger('principal', principal, 1)
  if (setupFee.fee_type === 'percentage') {
    assertRatio('setup_fee.amount', setupFee.amount)
    return roundHalfUp(principal * setupFee.amount)
  }
  if (!Number.isFinite(setupFee.amount) || setupFee.amount < 0) {
    throw new FinanceInputError('setup_fee.amount', `must be an amount in euros ≥ 0, got ${setupFee.amount}`)
  }
  return eurosToCents(setupFee.amount)
}

/**
 * What the merchant pays the provider for a financed sale: `principal × merchantFee`, in integer cents,
 * rounded half up. The customer never pays it, so it is in no customer figure (instalments, total cost, APR).
 *
 * @param principal - the amount of credit in cents
 * @param merchantFee - ratio 0..1 (`0.02` = 2 %)
 * @example merchantFeeAmount(10_000, 0.02) // 200
 */
export function merchantFeeAmount(principal: number, merchantFee: number): number {
  assertInteger('principal', principal, 1)
  assertRatio('merchantFee', merchantFee)
  return roundHalfUp(principal * merchantFee)
}
