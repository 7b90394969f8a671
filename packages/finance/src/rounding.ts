import { FinanceInputError } from './errors.ts'

/**
 * Rounds half up (ties away from zero) to `decimals` decimal places.
 *
 * Values are first normalised to 15 significant digits, so binary noise does not decide a tie the way a
 * person reading the decimal number would not: `1.005 * 100` is `100.49999999999999` in IEEE 754 but is
 * meant as `100.5`, and rounds to `101`. Never returns `-0`.
 *
 * @param value - any finite number
 * @param decimals - number of decimal places to keep (0 = integer), 0..15
 */
export function roundHalfUp(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) throw new FinanceInputError('value', `cannot round ${value}`)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
    throw new FinanceInputError('decimals', 'must be an integer between 0 and 15')
  }
  const factor = 10 ** decimals
  const shifted = Number((Math.abs(value) * factor).toPrecision(15))
  const rounded = (Math.sign(value) * Math.round(shifted)) / factor
  return rounded === 0 ? 0 : rounded
}

/**
 * Converts an amount in euros given with decimals (e.g. a `fix_amount` setup fee, `12.5`) to integer cents
 * (`1250`), rounding half up to the cent.
 */
export function eurosToCents(euros: number): number {
  return roundHalfUp(euros * 100)
}
