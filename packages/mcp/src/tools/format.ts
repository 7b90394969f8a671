/**
 * Compact, readable tool output: what an agent needs to decide the next step (ids, statuses, amounts, URLs),
 * not the whole response body. Each answer is a few lines of text and ends with the next useful call.
 */
import type {
  CheckoutSession,
  CreateResponse,
  Operation,
  Static,
  WebhookEventRecordSchema,
} from '@plazo/contract'

type EventRecord = Static<typeof WebhookEventRecordSchema>

interface Money {
  amount: number
  currency: string
}

export function money(value: Money | undefined | null): string {
  if (!value) return '—'
  return `${(value.amount / 100).toFixed(2)} ${value.currency}`
}

const NEXT_BY_STATUS: Record<string, string> = {
  initial:
    'the customer has not finished yet: send them to the hosted page, or play them with simulate_customer_action (approve, deny, challenge, desist).',
  challenge:
    'the lender asked for a down payment: simulate_customer_action with action "approve" pays it (sandbox).',
  approved:
    'approved by the lender; in delegated checkout mode call confirm_order before max_interval_in_minutes_for_confirm passes.',
  confirmed:
    'capture_order when you ship; update_checkout_session may still lower the total; cancel_checkout_session before capture.',
  captured:
    'refund_order for returns (by refunded_item_ids or refunded_amount); list_events shows the webhooks.',
  denied: 'the lender denied it: create a new session for another attempt.',
  desisted: 'the customer gave up: create a new session to try again.',
  cancelled: 'final: nothing more can change.',
  expired: 'final: create a new session.',
}

export function nextForStatus(status: string): string {
  return NEXT_BY_STATUS[status] ?? 'get_checkout_session to follow it; list_events for its webhooks.'
}

export function formatSession(session: CheckoutSession, heading = 'Checkout session'): string {
  const intents = session.payment_intents
    .map((intent) => `${intent.payment_method_type} (${intent.status})`)
    .join(', ')
  const lines = [
    `${heading} ${session.id}: status ${session.status}, mode ${session.mode}`,
    `total ${money(session.total_price)}, captured ${money(session.captured_amount)}, refunded ${money(session.refunded_amount)}`,
    `order_reference_1 ${session.merchant.order_reference_1}`,
    `payment intents: ${intents}`,
  ]
  if (session.selected_payment_method_type)
    lines.push(`chosen payment method: ${session.selected_payment_method_type}`)
  if (session.hpp) lines.push(`hosted page ${session.hpp.id}: ${session.hpp.status}`)
  const lineIds = session.cart.order_lines.map(
    (line) =>
      `${line.id} (${line.units} × ${line.article.name}, ${money(line.total_price_with_tax)}${line.captured ? ', captured' : ''}${line.refunded ? ', refunded' : ''})`,
  )
  if (lineIds.length > 0) lines.push(`order lines: ${lineIds.join(', ')}`)
  for (const op of [...session.captures, ...session.refunds])
    lines.push(`operation ${op.id}: ${money(op.amount)} ${op.status}`)
  lines.push(`Next: ${nextForStatus(session.status)}`)
  return lines.join('\n')
}

export function formatCreated(created: CreateResponse): string {
  const lines = [`Created checkout session ${created.checkout_session_id}.`]
  if ('redirect_url' in created) {
    lines.push(`Hosted payment page: ${created.redirect_url}`, `QR code: ${created.qr_code_url}`)
  } else {
    lines.push(
      'Embedded mode: give its client_secret to checkout-js in the browser (kept out of this answer).',
    )
  }
  lines.push(
    'Next: simulate_customer_action with action "approve" to play the customer (sandbox), then get_checkout_session to read the status.',
  )
  return lines.join('\n')
}

export function formatOperation(kind: 'Capture' | 'Refund', op: Operation): string {
  const items = op.item_ids.length > 0 ? `, order lines ${op.item_ids.join(', ')}` : ''
  const next =
    op.status === 'pending'
      ? 'the lender answers asynchronously: list_events shows the approval webhook when it comes (advance_clock can move time on).'
      : 'get_checkout_session for the order totals; list_events for the webhooks.'
  return `${kind} ${op.id}: ${money(op.amount)}, status ${op.status}${items}\nNext: ${next}`
}

export function formatEvents(checkoutSessionId: string, events: readonly EventRecord[]): string {
  if (events.length === 0)
    return `No webhook events for ${checkoutSessionId} yet. Events are written when the session changes status (simulate_customer_action, capture_order, refund_order…).`
  const lines = events.map((event) => {
    const status = 'status' in event.payload ? ` → ${String(event.payload.status)}` : ''
    return `- ${event.event_id} ${event.type}${status}: delivery ${event.status}, ${event.attempt_count} tries${event.last_error ? `, last error: ${event.last_error}` : ''}`
  })
  return [
    `${events.length} webhook events for ${checkoutSessionId}, oldest first:`,
    ...lines,
    'Next: resend_event with an event_id to deliver one again.',
  ].join('\n')
}
