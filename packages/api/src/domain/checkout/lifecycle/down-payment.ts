import { randomUUID } from 'node:crypto'
import type { CheckoutSession, CheckoutSessionRequest } from '@plazo/contract'
import type { Transaction } from '../../../storage/index.ts'
import { sessionRepository } from '../../../storage/session-repository.ts'
import { newSessionDocument } from '../session-document.ts'
import { DEFAULT_SESSION_TTL_MS, expiryOf } from '../session-service.ts'
import { money, type SessionState } from '../session-state.ts'
import { canTransition, PAYMENT_INTENT_TRANSITIONS } from '../transitions.ts'
import { conditionsNow, notifyConditions } from './intent-conditions.ts'
import { approve } from './lender-decisions.ts'
import { cancelOrder, expireOrder } from './order-endings.ts'
import { recordRefund, refundable, refunded } from './refund.ts'
import { change, type LifecycleContext } from './session-change.ts'

/**
 * The down payment (spec §3): a challenged order gets a child session that collects it, and the order follows
 * the child when it finishes. Runs after a change of either, in its transaction: the work needs other rows.
 */
export async function afterChange(
  context: LifecycleContext,
  tx: Transaction,
  session: CheckoutSession,
): Promise<void> {
  if (session.status === 'challenge' && session.downpayment_checkout_session_id === null) {
    await createDownPaymentSession(context, tx, session)
  }
  const stored = await sessionRepository.findForUpdate(tx, session.merchant_id, session.id)
  if (
    stored?.parentSessionId &&
    ['confirmed', 'denied', 'desisted', 'expired', 'cancelled'].includes(session.status)
  ) {
    let child = session
    if (session.status === 'confirmed') {
      // The down payment is collected (captured at once): its intent is `paid`, as docs/adr/0005 documents.
      const paid = await change(
        context,
        session.merchant_id,
        session.id,
        (state) => {
          const intent = state.selectedIntent
          if (intent?.status === 'confirmed' && state.session.captured_amount.amount > 0) {
            state.moveIntent(intent, 'paid')
          }
        },
        tx,
      )
      child = paid.session
    }
    await downPaymentFinished(context, tx, stored.parentSessionId, child)
  }
  // An order that expired or was cancelled takes its open down-payment session with it: the customer must not
  // pay a down payment for an order that no longer exists. One that ends without being captured after the
  // customer paid its down payment gives the money back: the down payment is refunded on its own session.
  const childId = session.downpayment_checkout_session_id
  if (childId && ['expired', 'cancelled', 'denied', 'desisted'].includes(session.status)) {
    const child = await sessionRepository.find(tx, session.merchant_id, childId)
    const expired = session.status === 'expired'
    const open = child && ['initial', 'challenge'].includes(child.document.status)
    if (open && (expired || session.status === 'cancelled')) {
      await change(
        context,
        session.merchant_id,
        childId,
        (state) => (expired ? expireOrder(state) : cancelOrder(state)),
        tx,
      )
    } else if (child?.document.status === 'confirmed' && session.down_payment?.paid) {
      await change(
        context,
        session.merchant_id,
        childId,
        (state) => refundDownPayment(state, session.status),
        tx,
      )
    }
  }
}

/** Refunds what is left of a collected down payment whose order ended (`outcome`) without a capture. */
function refundDownPayment(state: SessionState, outcome: string): void {
  const session = state.session
  const available = refundable(session)
  if (available <= 0) return
  // By line when nothing was refunded yet (the whole down payment), else the rest by amount.
  const lines =
    refunded(session) === 0 ? session.cart.order_lines.filter((line) => line.captured && !line.refunded) : []
  recordRefund(state, lines, available, `The order is ${outcome}: its down payment is refunded.`, false)
}

async function createDownPaymentSession(
  context: LifecycleContext,
  tx: Transaction,
  parent: CheckoutSession,
): Promise<void> {
  const dp = parent.down_payment
  if (!dp) return
  const now = await context.clock.now(parent.merchant_id, tx)
  const childId = randomUUID()
  const request = {
    merchant: {
      order_reference_1: `${parent.merchant.order_reference_1}-DP`,
      ...(parent.merchant.order_reference_2 ? { order_reference_2: parent.merchant.order_reference_2 } : {}),
      checkout_mode: 'auto_capture' as const,
    },
    cart: {
      currency: 'EUR' as const,
      total_price_with_tax: dp.amount.amount,
      items: [
        {
          article: {
            type: 'product' as const,
            category: 'physical' as const,
            name: 'Down payment',
            reference: 'DOWN-PAYMENT',
            unit_price_with_tax: dp.amount.amount,
          },
          units: 1,
          total_discount: 0,
          total_price_with_tax: dp.amount.amount,
        },
      ],
    },
    purchase_country: parent.purchase_country,
    payment_methods: dp.payment_methods.map((type) => ({ type })),
    ...(parent.mode === 'hpp'
      ? {
          ui: {
            mode: 'hpp' as const,
            hpp: parent.hpp?.merchant_urls ? { merchant_urls: parent.hpp.merchant_urls } : {},
          },
        }
      : { ui: { mode: 'embedded' as const } }),
  } as unknown as CheckoutSessionRequest
  const child = newSessionDocument(request, {
    id: childId,
    now,
    userId: parent.user_id,
    merchantId: parent.merchant_id,
    agentId: parent.agent_id,
    defaultCountry: parent.purchase_country,
    hppId: parent.mode === 'hpp' ? randomUUID() : null,
    // The down payment is due by the time the order expires: the order's expiry ends both (afterChange).
    defaultExpiresAt: expiryOf(parent) ?? new Date(now.getTime() + DEFAULT_SESSION_TTL_MS),
  })
  child.customer = parent.customer
  await sessionRepository.insert(tx, child, { clientSecretHash: null, parentSessionId: parent.id })
  await change(
    context,
    parent.merchant_id,
    parent.id,
    (state) => {
      state.session.downpayment_checkout_session_id = childId
    },
    tx,
  )
}

/** The child session finished: the order goes on as the lender approved it, or ends as its down payment did. */
async function downPaymentFinished(
  context: LifecycleContext,
  tx: Transaction,
  parentId: string,
  child: CheckoutSession,
): Promise<void> {
  await change(
    context,
    child.merchant_id,
    parentId,
    (state) => {
      if (state.session.status !== 'challenge') return
      const childIntent =
        child.payment_intents.find((i) => i.payment_method_id === child.selected_payment_method_id) ?? null
      state.emit('down_payment_status_changed', {
        down_payment: {
          status: child.status,
          downpayment_checkout_session_id: child.id,
          downpayment_order_reference_1: child.merchant.order_reference_1,
          downpayment_order_reference_2: child.merchant.order_reference_2,
          amount: state.session.down_payment?.amount ?? money(0),
          payment_methods: state.session.down_payment?.payment_methods ?? [],
          selected_payment_intent: childIntent ? { ...childIntent, conditions: null } : null,
          payment_intents: child.payment_intents.map((i) => ({ ...i, conditions: null })),
        },
      })
      const intent = state.selectedIntent
      if (child.status !== 'confirmed') {
        // The order ends as its down payment did; a down payment that was denied denies the order.
        const outcome =
          child.status === 'desisted' || child.status === 'expired' || child.status === 'cancelled'
            ? child.status
            : 'denied'
        if (intent && ['initial', 'on_hold', 'approved'].includes(intent.status)) {
          // An intent the lender already approved (before_confirm) cannot become denied: it is cancelled.
          const to = canTransition(PAYMENT_INTENT_TRANSITIONS, intent.status, outcome) ? outcome : 'cancelled'
          state.moveIntent(intent, to)
        }
        // The methods the customer never chose end with the session (not notified: they were never tried).
        state.closeOpenIntents(outcome === 'denied' ? 'cancelled' : outcome)
        state.moveSession(outcome)
        state.moveHpp(outcome === 'expired' ? 'expired' : 'cancelled')
        return
      }
      if (state.session.down_payment) state.session.down_payment.paid = true
      if (intent) {
        const conditions = conditionsNow(
          state,
          intent,
          intent.conditions?.term,
          intent.conditions?.grace_period,
        )
        if (conditions !== undefined) {
          intent.conditions = conditions
          if (conditions) notifyConditions(state, conditions)
        }
      }
      state.moveSession('initial')
      state.moveHpp('initial')
      if (intent) approve(state, intent)
    },
    tx,
  )
}
