/**
 * The grace periods the page offers for a method, in months without payment before the first instalment. Every
 * whole month up to a short maximum (consumer loans and credit lines: 0, 1, 2, 3); for a long one (an auto loan's
 * 30) a short list a customer can read at a glance, 0, 3, 6 and 12 months and the maximum, rather than 31 radio
 * buttons. The API prices each (`?grace_period`); the page never computes a loan.
 */
export function graceChoices(maxGracePeriod: number): number[] {
  if (maxGracePeriod <= 0) return [0]
  if (maxGracePeriod <= 3) return Array.from({ length: maxGracePeriod + 1 }, (_, months) => months)
  return [...[0, 3, 6, 12].filter((months) => months < maxGracePeriod), maxGracePeriod]
}

/** The month the first instalment falls due with `gracePeriod` months of grace: the one after the grace. */
export function firstDueMonth(gracePeriod: number): number {
  return gracePeriod + 1
}
