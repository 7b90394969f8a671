import { ApiError } from '../../../errors.ts'
import type { SessionState } from '../session-state.ts'

/**
 * How an open order ends without a capture: the merchant cancels it, it expires, or the customer desists.
 * Intents first: the session's notification lists them as they end up.
 */

/** Cancel (spec §4): an open or confirmed order ends for good and its timers stop. */
export function cancelOrder(state: SessionState): void {
  const status = state.session.status
  if (!['initial', 'challenge', 'confirmed'].includes(status)) {
    throw new ApiError('INVALID_TRANSITION', {
      detail: `The checkout session is ${status}: it cannot be cancelled.`,
    })
  }
  state.closeOpenIntents('cancelled')
  state.moveSession('cancelled')
  state.moveHpp('cancelled')
  for (const kind of ['confirm_deadline', 'capture_deadline', 'lender_decision'] as const)
    state.cancelJob(kind)
}

export function expireOrder(state: SessionState): void {
  state.closeOpenIntents('expired')
  state.moveSession('expired')
  state.moveHpp('expired')
}

export function desistOrder(state: SessionState): void {
  state.closeOpenIntents('desisted')
  state.moveSession('desisted')
  state.moveHpp('cancelled')
}
