import type { CheckoutSession } from '@plazo/contract'
import type { Transaction } from '../../../storage/index.ts'
import { jobRepository } from '../../../storage/job-repository.ts'
import { sessionRepository } from '../../../storage/session-repository.ts'
import type { Principal } from '../../auth/index.ts'
import type { SessionState } from '../session-state.ts'
import { conditionsNow, notifyConditions } from './intent-conditions.ts'
import { cancelOrder } from './order-endings.ts'
import { change, type LifecycleContext } from './session-change.ts'

/**
 * Update (spec §4): `apply` writes the new order (SessionService.update) in this transaction. A challenged
 * order is open again: the merchant is notified, and the down payment of the old order is cancelled so the
 * customer cannot pay it.
 */
export function update(
  context: LifecycleContext,
  principal: Principal,
  id: string,
  apply: (tx: Transaction) => Promise<CheckoutSession>,
): Promise<CheckoutSession> {
  return context.db.transaction(async (tx) => {
    const updated = await apply(tx)
    if (updated.status === 'initial' && updated.hpp?.status !== 'completed') {
      // Its intents were built again: a confirmation window of an old approval (embedded mode) ends too.
      const now = await context.clock.now(principal.merchantId, tx)
      await jobRepository.cancel(tx, id, 'confirm_deadline', now)
      return updated
    }
    if (updated.status === 'initial' && updated.hpp?.status === 'completed') {
      // An approved order the merchant had not confirmed: its intents were built again, so the customer
      // chooses again on the page, and the confirmation window of the old approval no longer runs.
      const { session } = await change(
        context,
        principal.merchantId,
        id,
        (state) => {
          state.moveHpp('initial')
          state.cancelJob('confirm_deadline')
        },
        tx,
      )
      return session
    }
    if (updated.status === 'confirmed') {
      const { session } = await change(context, principal.merchantId, id, reprice, tx)
      return session
    }
    if (updated.status !== 'challenge') return updated
    const { session, result: childId } = await change(
      context,
      principal.merchantId,
      id,
      (state) => {
        const childId = state.session.downpayment_checkout_session_id
        state.session.downpayment_checkout_session_id = null
        state.moveSession('initial')
        state.moveHpp('initial')
        return childId
      },
      tx,
    )
    const child = childId ? await sessionRepository.find(tx, principal.merchantId, childId) : undefined
    if (childId && child && ['initial', 'challenge'].includes(child.document.status)) {
      await change(context, principal.merchantId, childId, cancelOrder, tx)
    }
    return session
  })
}

/**
 * A confirmed order whose total an update lowered: the chosen payment method finances less, over the same
 * term and grace period. Its conditions are computed again and the merchant is notified (conditions_changed).
 */
function reprice(state: SessionState): void {
  const intent = state.selectedIntent
  if (!intent?.conditions) return
  const conditions = conditionsNow(state, intent, intent.conditions.term, intent.conditions.grace_period)
  if (!conditions || conditions.principal === intent.conditions.principal) return
  intent.conditions = conditions
  notifyConditions(state, conditions)
}
