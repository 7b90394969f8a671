import type { Instalment } from '../types.ts'

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

/** A reproducible source of uniform numbers in [0, 1) (mulberry32), so a failing generated case can be rerun. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}
