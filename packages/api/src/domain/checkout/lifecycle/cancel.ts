import type { CheckoutSession } from '@plazo/contract'
import { ApiError } from '../../../errors.ts'
import type { Principal } from '../../auth/index.ts'
import { afterChange } from './down-payment.ts'
import { cancelOrder } from './order-endings.ts'
import { change, type LifecycleContext } from './session-change.ts'

/**
 * Cancel (spec §4): only before capture, and for good. Open intents end with the order, its timers stop and
 * the merchant is notified like any other change of status; an open down-payment session is cancelled too,
 * so the customer cannot pay a down payment for an order that no longer exists.
 */
export function cancel(
  context: LifecycleContext,
  principal: Principal,
  id: string,
): Promise<CheckoutSession> {
  return context.db.transaction(async (tx) => {
    const { session } = await change(
      context,
      principal.merchantId,
      id,
      (state) => {
        if (state.session.captures.length > 0) {
          throw new ApiError('INVALID_TRANSITION', {
            detail: 'The checkout session is captured: it cannot be cancelled. Refund it in full instead.',
          })
        }
        cancelOrder(state)
      },
      tx,
    )
    await afterChange(context, tx, session)
    return session
  })
}
