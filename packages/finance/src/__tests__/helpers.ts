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
