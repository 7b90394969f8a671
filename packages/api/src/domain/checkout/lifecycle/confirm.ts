import type { CheckoutSession, PaymentIntent } from '@plazo/contract'
import { ApiError } from '../../../errors.ts'
import type { Principal } from '../../auth/index.ts'
import type { SessionState } from '../session-state.ts'
import { change, type LifecycleContext } from './session-change.ts'

/**
 * The order is confirmed on `intent`: the other open intents were never chosen and end (not notified), and the
 * capture window starts (none in auto_capture mode, which captures at once).
 */
export function confirmIntent(state: SessionState, intent: PaymentIntent): void {
  state.moveIntent(intent, 'confirmed')
  for (const other of state.session.payment_intents) {
    if (other !== intent && ['initial', 'on_hold', 'approved'].includes(other.status)) {
      other.status = 'cancelled' // never chosen: not notified
    }
  }
  state.moveSession('confirmed')
  state.moveHpp('completed')
  state.cancelJob('confirm_deadline')
  const minutes = state.session.merchant.max_interval_in_minutes_for_capture
  if (minutes !== null && state.session.merchant.checkout_mode !== 'auto_capture') {
    state.scheduleJob('capture_deadline', state.minutesFromNow(minutes))
  }
}

/** Delegated mode: the merchant confirms an order the lender approved. */
export async function confirm(
  context: LifecycleContext,
  principal: Principal,
  id: string,
): Promise<CheckoutSession> {
  const { session } = await change(context, principal.merchantId, id, (state) => {
    const intent = state.selectedIntent
    if (state.session.status === 'confirmed') {
      throw new ApiError('INVALID_TRANSITION', { detail: 'The checkout session is already confirmed.' })
    }
    if (state.session.status !== 'initial' || !intent || intent.status !== 'approved') {
      throw new ApiError('INVALID_TRANSITION', {
        detail: `The checkout session is ${state.session.status} with no approved payment intent: there is nothing to confirm.`,
      })
    }
    confirmIntent(state, intent)
  })
  return session
}
