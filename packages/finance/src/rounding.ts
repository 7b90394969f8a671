import { FinanceInputError } from './errors.ts'

/**
 * Below this magnitude, normalising to 15 significant digits moves a number by less than 5.6e-7: at most half
 * a unit of its 15th digit (5e-7, as at least 6 of the 15 digits are decimals) plus the error of reading the
 * digits back as a double (half an ulp, at most 2^-24 ≈ 6e-8).
 */
const EXACT_SHORTCUT_LIMIT = 1e9

/**
 * How far from a half-integer a magnitude below {@link EXACT_SHORTCUT_LIMIT} must be to skip the normalisation:
 * more than the 5.6e-7 it could move the number by, so the normalised number rounds to the same integer.
 */
const TIE_MARGIN = 1e-6

/** `10 ** decimals` for every accepted `decimals`, computed once by that very expression. */
const FACTORS = Array.from({ length: 16 }, (_, decimals) => 10 ** decimals)

/**
 * Rounds half up (ties away from zero) to `decimals` decimal places.
 *
 * Values are first normalised to 15 significant digits, so binary noise does not decide a tie the way a
 * person reading the decimal number would not: `1.005 * 100` is `100.49999999999999` in IEEE 754 but is
 * meant as `100.5`, and rounds to `101`. Never returns `-0`.
 *
 * The normalisation (a string round trip) only matters near a tie: `Math.round` changes its result at
 * half-integers only, so a shifted value farther from the nearest half-integer than the normalisation can move
 * it rounds to the same integer without it. Only the rest (within {@link TIE_MARGIN} of a tie, or at
 * {@link EXACT_SHORTCUT_LIMIT} and above) pays for it.
 *
 * @param value - any finite number
 * @param decimals - number of decimal places to keep (0 = integer), 0..15
 */
export function roundHalfUp(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) throw new FinanceInputError('value', `cannot round ${value}`)
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15) {
    throw new FinanceInputError('decimals', 'must be an integer between 0 and 15')
  }
  const factor = FACTORS[decimals] as number
  const shifted = Math.abs(value) * factor
  let nearest = Math.round(shifted)
  // `shifted - nearest` is exact (Sterbenz), and 0.5 − |shifted − nearest| is the distance to the nearest tie.
  if (!(shifted < EXACT_SHORTCUT_LIMIT && Math.abs(shifted - nearest) < 0.5 - TIE_MARGIN)) {
    nearest = Math.round(Number(shifted.toPrecision(15)))
  }
  const rounded = (Math.sign(value) * nearest) / factor
  return rounded === 0 ? 0 : rounded
}

/**
 * Converts an amount in euros given with decimals (e.g. a `fix_amount` setup fee, `12.5`) to integer cents
 * (`1250`), rounding half up to the cent.
 */
export function eurosToCents(euros: number): number {
  return roundHalfUp(euros * 100)
}
