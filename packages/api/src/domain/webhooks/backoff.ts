import { CONSTANTS } from '@plazo/contract'
/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then never (eight
 * tries in all, spread over about 28 hours, so a receiver that is down for a day still gets the event).
 */
export const RETRY_DELAYS_MS: readonly number[] = CONSTANTS.WEBHOOK_RETRY_DELAYS_SECONDS.value.map(
  (s) => s * 1000,
)

/** ±10 %: receivers that came back up are not hit by every queued event in the same second. */
export const RETRY_JITTER = 0.1

/**
 * The delay before the next try after `failedAttempts` failed tries in a row (1 after the first failure), or
 * undefined when the schedule is used up and the event is given up. `random` is in [0, 1).
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number | undefined {
  const base = RETRY_DELAYS_MS[failedAttempts - 1]
  if (base === undefined) return undefined
  return Math.round(base * (1 + RETRY_JITTER * (2 * random() - 1)))
}

/**
 * The delay before the next try of a failed one: the schedule's, or later when the receiver asked for it with
 * `Retry-After` (a 429 or 503), up to the schedule's longest step (10 h). Never earlier than the schedule, and
 * undefined once the schedule is used up, whatever the receiver asked.
 */
export function nextTryDelayMs(
  failedAttempts: number,
  outcome: { retryAfterMs?: number | undefined },
  random: () => number = Math.random,
): number | undefined {
  const scheduled = retryDelayMs(failedAttempts, random)
  if (scheduled === undefined || outcome.retryAfterMs === undefined) return scheduled
  return Math.max(scheduled, Math.min(outcome.retryAfterMs, Math.max(...RETRY_DELAYS_MS)))
}
