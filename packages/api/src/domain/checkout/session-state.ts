import type {
  CheckoutSession,
  CheckoutSessionStatusValue,
  HppStatusValue,
  OrderLine,
  PaymentIntent,
  PaymentIntentStatusValue,
  WebhookEvent,
} from '@plazo/contract'
import { ApiError } from '../../errors.ts'
import { newEventId } from '../webhooks/outbox.ts'
import { HPP_TRANSITIONS, PAYMENT_INTENT_TRANSITIONS, SESSION_TRANSITIONS } from './transitions.ts'

export type JobKind =
  | 'expire'
  | 'confirm_deadline'
  | 'capture_deadline'
  | 'lender_decision'
  | 'operation_decision'

/** An amount in the API's one currency. */
export const money = (amount: number) => ({ amount, currency: 'EUR' as const })

/**
 * One change of a session, accumulated before it is written: every status move is checked against the
 * transition table (a forbidden one is a 409 and nothing is written), and the notifications and timers the
 * change triggers are collected so the caller writes them in the same transaction as the session.
 */
export class SessionState {
  session: CheckoutSession
  readonly events: WebhookEvent[] = []
  readonly schedule = new Map<JobKind, Date>()
  readonly cancelJobs = new Set<JobKind>()
  readonly now: Date
  readonly #additionalPayload: Record<string, unknown> | null

  constructor(session: CheckoutSession, now: Date, additionalPayload: Record<string, unknown> | null) {
    this.session = structuredClone(session)
    this.now = now
    this.#additionalPayload = additionalPayload
    this.session.updated_at = now.toISOString()
  }

  get selectedIntent(): PaymentIntent | undefined {
    const id = this.session.selected_payment_method_id
    return id ? this.session.payment_intents.find((intent) => intent.payment_method_id === id) : undefined
  }

  intentOfType(type: string | undefined): PaymentIntent | undefined {
    const intents = this.session.payment_intents
    return type ? intents.find((intent) => intent.payment_method_type === type) : intents[0]
  }

  select(intent: PaymentIntent): void {
    this.session.selected_payment_method_id = intent.payment_method_id
    this.session.selected_payment_method_type = intent.payment_method_type
  }

  moveSession(to: CheckoutSessionStatusValue): void {
    const from = this.session.status
    if (from === to) return
    if (!SESSION_TRANSITIONS[from].includes(to)) {
      throw new ApiError('INVALID_TRANSITION', {
        detail: `The checkout session is ${from}: it cannot become ${to}.`,
      })
    }
    this.session.status = to
    this.emit('checkout_session_status_changed', { status: to, payment_intents: this.#notifiedIntents() })
    if (
      to === 'confirmed' ||
      to === 'cancelled' ||
      to === 'denied' ||
      to === 'desisted' ||
      to === 'expired'
    ) {
      this.cancelJobs.add('expire')
    }
  }

  moveIntent(intent: PaymentIntent, to: PaymentIntentStatusValue): void {
    const from = intent.status
    if (from === to) return
    if (!PAYMENT_INTENT_TRANSITIONS[from].includes(to)) {
      throw new ApiError('INVALID_TRANSITION', {
        detail: `The ${intent.payment_method_type} payment intent is ${from}: it cannot become ${to}.`,
      })
    }
    intent.status = to
    // Notified for the intent the customer chose (the one merchants follow), not for the ones never tried.
    if (intent.payment_method_id === this.session.selected_payment_method_id) {
      this.emit('payment_intent_status_changed', { status: to })
    }
  }

  moveHpp(to: HppStatusValue): void {
    const hpp = this.session.hpp
    if (!hpp || hpp.status === to) return
    if (!HPP_TRANSITIONS[hpp.status].includes(to)) return // the page only follows the session
    hpp.status = to
    hpp.updated_at = this.now.toISOString()
  }

  /** Ends every intent that is still open with the given status (cancel, expiry, desist). */
  closeOpenIntents(to: 'cancelled' | 'expired' | 'desisted'): void {
    for (const intent of this.session.payment_intents) {
      if (PAYMENT_INTENT_TRANSITIONS[intent.status].includes(to)) this.moveIntent(intent, to)
    }
  }

  scheduleJob(kind: JobKind, at: Date): void {
    this.cancelJobs.delete(kind)
    this.schedule.set(kind, at)
  }

  cancelJob(kind: JobKind): void {
    this.schedule.delete(kind)
    this.cancelJobs.add(kind)
  }

  minutesFromNow(minutes: number): Date {
    return new Date(this.now.getTime() + minutes * 60_000)
  }

  downPaymentAmount(): number {
    return this.session.down_payment?.amount.amount ?? 0
  }

  downPaymentPaid(): boolean {
    return this.session.down_payment?.paid === true
  }

  #notifiedIntent(intent: PaymentIntent) {
    return {
      ...intent,
      conditions: intent.conditions
        ? { ...intent.conditions, down_payment_amount: this.downPaymentAmount() }
        : null,
    }
  }

  #notifiedIntents() {
    return this.session.payment_intents.map((intent) => this.#notifiedIntent(intent))
  }

  /** A notification with the common fields of spec §3, snapshotted now. */
  emit(event: WebhookEvent['event'], fields: Record<string, unknown>): void {
    const selected = this.selectedIntent
    const merchant = this.session.merchant
    const payload = {
      event,
      checkout_session_id: this.session.id,
      event_id: newEventId(),
      triggered_at: this.now.toISOString(),
      order_reference_1: merchant.order_reference_1,
      order_reference_2: merchant.order_reference_2,
      selected_payment_intent: selected ? this.#notifiedIntent(selected) : null,
      ...(this.#additionalPayload ? { additional_payload: this.#additionalPayload } : {}),
      status: this.session.status,
      ...fields,
    }
    this.events.push(payload as WebhookEvent)
  }

  emitCapture(description: string | null, amount: number, lines: OrderLine[]): void {
    this.emit('capture_approved', { description, captured_amount: money(amount), captured_items: lines })
  }

  emitRefund(description: string | null, amount: number, lines: OrderLine[]): void {
    this.emit('refund_approved', { description, refunded_amount: money(amount), refunded_items: lines })
  }
}
