import type { Conditions, PaymentIntent } from '@plazo/contract'
import { conditionsFor } from '../conditions.ts'
import { money, type SessionState } from '../session-state.ts'

/**
 * The intent's conditions on the order's principal as it is now (the total less the down payment), over
 * `term` with `gracePeriod` months of grace; undefined when the session no longer offers the intent's method.
 */
export function conditionsNow(
  state: SessionState,
  intent: PaymentIntent,
  term: number | undefined,
  gracePeriod = 0,
): Conditions | null | undefined {
  const index = state.session.payment_methods.findIndex((m) => m.type === intent.payment_method_type)
  const method = state.session.payment_methods[index]
  const principal = state.session.total_price.amount - state.downPaymentAmount()
  return method && conditionsFor(method, index, principal, term, gracePeriod)
}

/** Tells the merchant the chosen intent's new conditions (down payment paid, or a confirmed total lowered). */
export function notifyConditions(state: SessionState, conditions: Conditions): void {
  state.emit('conditions_changed', {
    conditions: { ...conditions, down_payment_amount: state.downPaymentAmount() },
    down_payment: { amount: state.session.down_payment?.amount ?? money(0) },
  })
}
