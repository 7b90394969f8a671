import { randomUUID } from 'node:crypto'
import type {
  CaptureRequest,
  CheckoutSession,
  CheckoutSessionRequest,
  Conditions,
  CustomerActionRequest,
  Operation,
  OrderLine,
  PaymentIntent,
  RefundRequest,
} from '@plazo/contract'
import { ApiError, invalidFields } from '../../errors.ts'
import type { Database, Transaction } from '../../storage/index.ts'
import { type Job, jobRepository } from '../../storage/job-repository.ts'
import { type StoredSession, sessionRepository } from '../../storage/session-repository.ts'
import type { Principal } from '../auth/index.ts'
import {
  ASYNC_DECISION_MINUTES,
  CHALLENGE_DOWN_PAYMENT_RATIO,
  forcedDecision,
  type LenderDecision,
  lenderDecision,
  lenderProfile,
  ON_HOLD_MINUTES,
  providerRequestId,
} from '../lender/sandbox-lender.ts'
import type { Clock } from '../sandbox/clock.ts'
import { enqueueEvents } from '../webhooks/outbox.ts'
import { conditionsFor } from './conditions.ts'
import { newSessionDocument } from './session-document.ts'
import { DEFAULT_SESSION_TTL_MS, expiryOf } from './session-service.ts'
import { type JobKind, SessionState } from './session-state.ts'
import { canTransition, PAYMENT_INTENT_TRANSITIONS } from './transitions.ts'

const money = (amount: number) => ({ amount, currency: 'EUR' as const })
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

interface ChangeContext {
  tx: Transaction
  stored: StoredSession
}

/**
 * The order lifecycle (spec §4): what the customer and the lender do, confirmation, capture, refund and the
 * timers. Each operation runs in one transaction: the session row is locked, the change is checked against
 * the transition table, and the new document, its notifications (outbox) and its timers are written together.
 */
export class LifecycleService {
  readonly #db: Database
  readonly #clock: Clock

  constructor(options: { db: Database; clock: Clock }) {
    this.#db = options.db
    this.#clock = options.clock
  }

  /** Runs `fn` on a locked session and writes what it changed. */
  async #change<R>(
    merchantId: string,
    id: string,
    fn: (state: SessionState, context: ChangeContext) => Promise<R> | R,
    existingTx?: Transaction,
  ): Promise<{ session: CheckoutSession; result: R }> {
    const body = async (tx: Transaction) => {
      const stored = await sessionRepository.lockFamily(tx, merchantId, id)
      if (!stored) throw new ApiError('SESSION_NOT_FOUND', { id })
      const now = await this.#clock.now(merchantId, tx)
      const settings = await sessionRepository.notificationSettings(tx, id)
      const state = new SessionState(stored.document, now, settings?.notificationAdditionalPayload ?? null)
      const result = await fn(state, { tx, stored })
      await this.#write(tx, state, stored)
      return { session: state.session, result }
    }
    return existingTx ? body(existingTx) : this.#db.transaction(body)
  }

  async #write(tx: Transaction, state: SessionState, stored: StoredSession): Promise<void> {
    const session = state.session
    await sessionRepository.update(tx, session, stored.version)
    await enqueueEvents(
      tx,
      state.events.map((payload) => ({
        merchantId: session.merchant_id,
        checkoutSessionId: session.id,
        payload,
      })),
      this.#clock.realNow(),
    )
    for (const kind of state.cancelJobs) await jobRepository.cancel(tx, session.id, kind, state.now)
    for (const [kind, dueAt] of state.schedule) {
      await jobRepository.schedule(
        tx,
        { merchantId: session.merchant_id, sessionId: session.id, kind, dueAt },
        state.now,
      )
    }
  }

  // ---------------------------------------------------------------- customer and lender

  /** Sandbox test helper: plays the customer and the lender, with the hosted page's effects. */
  async customerAction(
    principal: Principal,
    id: string,
    body: CustomerActionRequest,
  ): Promise<CheckoutSession> {
    const forced: Record<CustomerActionRequest['action'], LenderDecision | 'desist'> = {
      approve: 'approved',
      deny: 'denied',
      challenge: 'challenge',
      desist: 'desist',
    }
    return this.completeCheckout(principal.merchantId, id, body.payment_method_type, forced[body.action])
  }

  /**
   * The customer completes (or abandons) the checkout with a payment method. `decision` forces the lender's
   * answer (test helper); otherwise the sandbox lender decides from the customer's e-mail.
   */
  async completeCheckout(
    merchantId: string,
    id: string,
    paymentMethodType: string | undefined,
    decision?: LenderDecision | 'desist',
    period?: number,
  ): Promise<CheckoutSession> {
    return this.#db.transaction(async (tx) => {
      const { session } = await this.#change(
        merchantId,
        id,
        async (state, { stored }) => {
          const status = state.session.status
          if (status === 'challenge' && stored.parentSessionId === null) {
            throw new ApiError('INVALID_TRANSITION', {
              detail: `The checkout session waits for its down payment: the customer pays it in session ${state.session.downpayment_checkout_session_id}.`,
            })
          }
          if (status !== 'initial') {
            throw new ApiError('INVALID_TRANSITION', {
              detail: `The checkout session is ${status}: the customer can no longer act on it.`,
            })
          }
          if (decision === 'desist') {
            this.#desist(state)
          } else {
            const intent = state.intentOfType(paymentMethodType)
            if (!intent) {
              throw invalidFields(
                [
                  {
                    field: '/payment_method_type',
                    message: 'is not offered in this checkout session',
                    keyword: 'rule',
                  },
                ],
                undefined,
              )
            }
            if (intent.status !== 'initial') {
              throw new ApiError('INVALID_TRANSITION', {
                detail: `The ${intent.payment_method_type} payment intent is ${intent.status}: choose another payment method.`,
              })
            }
            if (period !== undefined) {
              const conditions = this.#conditionsNow(state, intent, period)
              if (conditions !== undefined) intent.conditions = conditions
            }
            state.select(intent)
            intent.provider_name = lenderProfile(state.session.customer?.email).providerName
            intent.provider_request_id = providerRequestId()
            const email = state.session.customer?.email
            const verdict = decision ? forcedDecision(decision, email) : lenderDecision(email)
            // A down payment is never asked a down payment of its own: the lender's extra step is this one.
            this.#decide(
              state,
              intent,
              stored.parentSessionId !== null && verdict === 'challenge' ? 'approved' : verdict,
            )
          }
          return undefined
        },
        tx,
      )
      await this.#afterChange(tx, session)
      // The follow-up work may have changed the session again (a down-payment session attached).
      const stored = await sessionRepository.find(tx, merchantId, id)
      return stored?.document ?? session
    })
  }

  #principal(state: SessionState): number {
    return state.session.total_price.amount - state.downPaymentAmount()
  }

  #decide(state: SessionState, intent: PaymentIntent, decision: LenderDecision): void {
    switch (decision) {
      case 'approved': {
        const dp = state.session.down_payment
        if (
          dp?.down_payment_collection === 'upfront' &&
          dp.amount.amount > 0 &&
          !this.#downPaymentPaid(state)
        ) {
          this.#challenge(state, intent)
          return
        }
        this.#approve(state, intent)
        return
      }
      case 'denied': {
        state.moveIntent(intent, 'denied')
        const open = state.session.payment_intents.some((i) =>
          ['initial', 'on_hold', 'approved'].includes(i.status),
        )
        if (!open) {
          state.moveSession('denied')
          state.moveHpp('cancelled')
        }
        return
      }
      case 'on_hold':
        state.moveIntent(intent, 'on_hold')
        state.scheduleJob('lender_decision', state.minutesFromNow(ON_HOLD_MINUTES))
        return
      case 'challenge':
        // The extra step the lender asks for is a down payment; one the customer has paid already answers it.
        if (this.#downPaymentPaid(state)) this.#approve(state, intent)
        else this.#challenge(state, intent)
        return
    }
  }

  #downPaymentPaid(state: SessionState): boolean {
    return state.session.down_payment?.paid === true
  }

  /** The lender approved: what follows depends on the checkout mode (spec §4). */
  #approve(state: SessionState, intent: PaymentIntent): void {
    if (intent.status !== 'approved') state.moveIntent(intent, 'approved')
    const dp = state.session.down_payment
    if (
      dp?.down_payment_collection === 'before_confirm' &&
      dp.amount.amount > 0 &&
      !this.#downPaymentPaid(state)
    ) {
      this.#challenge(state, intent)
      return
    }
    const merchant = state.session.merchant
    state.moveHpp('completed')
    if (merchant.checkout_mode === 'delegated') {
      if (merchant.max_interval_in_minutes_for_confirm !== null) {
        state.scheduleJob(
          'confirm_deadline',
          state.minutesFromNow(merchant.max_interval_in_minutes_for_confirm),
        )
      }
      state.cancelJob('expire')
      return
    }
    this.#confirm(state, intent)
    if (merchant.checkout_mode === 'auto_capture') this.#captureAll(state, null, false)
  }

  #confirm(state: SessionState, intent: PaymentIntent): void {
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

  /** The lender asks for a down payment: a child session collects it (spec §3 Down payment). */
  #challenge(state: SessionState, intent: PaymentIntent): void {
    if (intent.status === 'initial') state.moveIntent(intent, 'on_hold')
    const session = state.session
    if (!session.down_payment || session.down_payment.amount.amount === 0) {
      session.down_payment = {
        down_payment_collection: session.down_payment?.down_payment_collection ?? 'before_confirm',
        payment_methods: session.down_payment?.payment_methods ?? ['card_payment', 'a2a_payment'],
        amount: money(Math.round(session.total_price.amount * CHALLENGE_DOWN_PAYMENT_RATIO)),
        paid: false,
      }
    }
    state.moveSession('challenge')
    state.moveHpp('challenge')
  }

  #desist(state: SessionState): void {
    // Intents first: the session's notification lists them as they end up.
    state.closeOpenIntents('desisted')
    state.moveSession('desisted')
    state.moveHpp('cancelled')
  }

  /** Work that needs other rows: the down-payment child session, and the parent when a child finishes. */
  async #afterChange(tx: Transaction, session: CheckoutSession): Promise<void> {
    if (session.status === 'challenge' && session.downpayment_checkout_session_id === null) {
      await this.#createDownPaymentSession(tx, session)
    }
    const stored = await sessionRepository.findForUpdate(tx, session.merchant_id, session.id)
    if (
      stored?.parentSessionId &&
      ['confirmed', 'denied', 'desisted', 'expired', 'cancelled'].includes(session.status)
    ) {
      let child = session
      if (session.status === 'confirmed') {
        // The down payment is collected (captured at once): its intent is `paid`, as docs/adr/0005 documents.
        const paid = await this.#change(
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
      await this.#downPaymentFinished(tx, stored.parentSessionId, child)
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
        await this.#change(
          session.merchant_id,
          childId,
          (state) => (expired ? this.#expire(state) : this.#cancel(state)),
          tx,
        )
      } else if (child?.document.status === 'confirmed' && session.down_payment?.paid) {
        await this.#change(
          session.merchant_id,
          childId,
          (state) => this.#refundDownPayment(state, session.status),
          tx,
        )
      }
    }
  }

  /** Refunds what is left of a collected down payment whose order ended (`outcome`) without a capture. */
  #refundDownPayment(state: SessionState, outcome: string): void {
    const session = state.session
    const reserved = sum(session.refunds.filter((r) => r.status !== 'rejected').map((r) => r.amount.amount))
    const available = session.captured_amount.amount - reserved
    if (available <= 0) return
    // By line when nothing was refunded yet (the whole down payment), else the rest by amount.
    const lines =
      reserved === 0 ? session.cart.order_lines.filter((line) => line.captured && !line.refunded) : []
    this.#refund(state, lines, available, `The order is ${outcome}: its down payment is refunded.`, false)
  }

  async #createDownPaymentSession(tx: Transaction, parent: CheckoutSession): Promise<void> {
    const dp = parent.down_payment
    if (!dp) return
    const now = await this.#clock.now(parent.merchant_id, tx)
    const childId = randomUUID()
    const request = {
      merchant: {
        order_reference_1: `${parent.merchant.order_reference_1}-DP`,
        ...(parent.merchant.order_reference_2
          ? { order_reference_2: parent.merchant.order_reference_2 }
          : {}),
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
      // The down payment is due by the time the order expires: the order's expiry ends both (#afterChange).
      defaultExpiresAt: expiryOf(parent) ?? new Date(now.getTime() + DEFAULT_SESSION_TTL_MS),
    })
    child.customer = parent.customer
    await sessionRepository.insert(tx, child, { clientSecretHash: null, parentSessionId: parent.id })
    await this.#change(
      parent.merchant_id,
      parent.id,
      (state) => {
        state.session.downpayment_checkout_session_id = childId
      },
      tx,
    )
  }

  async #downPaymentFinished(tx: Transaction, parentId: string, child: CheckoutSession): Promise<void> {
    await this.#change(
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
            const to = canTransition(PAYMENT_INTENT_TRANSITIONS, intent.status, outcome)
              ? outcome
              : 'cancelled'
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
          const conditions = this.#conditionsNow(state, intent, intent.conditions?.term)
          if (conditions !== undefined) {
            intent.conditions = conditions
            if (conditions) this.#notifyConditions(state, conditions)
          }
        }
        state.moveSession('initial')
        state.moveHpp('initial')
        if (intent) this.#approve(state, intent)
      },
      tx,
    )
  }

  // ---------------------------------------------------------------- merchant operations

  /** Delegated mode: the merchant confirms an order the lender approved. */
  async confirm(principal: Principal, id: string): Promise<CheckoutSession> {
    const { session } = await this.#change(principal.merchantId, id, (state) => {
      const intent = state.selectedIntent
      if (state.session.status === 'confirmed') {
        throw new ApiError('INVALID_TRANSITION', { detail: 'The checkout session is already confirmed.' })
      }
      if (state.session.status !== 'initial' || !intent || intent.status !== 'approved') {
        throw new ApiError('INVALID_TRANSITION', {
          detail: `The checkout session is ${state.session.status} with no approved payment intent: there is nothing to confirm.`,
        })
      }
      this.#confirm(state, intent)
    })
    return session
  }

  /**
   * Update (spec §4): `apply` writes the new order (SessionService.update) in this transaction. A challenged
   * order is open again: the merchant is notified, and the down payment of the old order is cancelled so the
   * customer cannot pay it.
   */
  async update(
    principal: Principal,
    id: string,
    apply: (tx: Transaction) => Promise<CheckoutSession>,
  ): Promise<CheckoutSession> {
    return this.#db.transaction(async (tx) => {
      const updated = await apply(tx)
      if (updated.status === 'initial' && updated.hpp?.status !== 'completed') {
        // Its intents were built again: a confirmation window of an old approval (embedded mode) ends too.
        await jobRepository.cancel(
          tx,
          id,
          'confirm_deadline',
          await this.#clock.now(principal.merchantId, tx),
        )
        return updated
      }
      if (updated.status === 'initial' && updated.hpp?.status === 'completed') {
        // An approved order the merchant had not confirmed: its intents were built again, so the customer
        // chooses again on the page, and the confirmation window of the old approval no longer runs.
        const { session } = await this.#change(
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
        const { session } = await this.#change(principal.merchantId, id, (state) => this.#reprice(state), tx)
        return session
      }
      if (updated.status !== 'challenge') return updated
      const { session, result: childId } = await this.#change(
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
        await this.#change(principal.merchantId, childId, (state) => this.#cancel(state), tx)
      }
      return session
    })
  }

  /**
   * A confirmed order whose total an update lowered: the chosen payment method finances less, over the same
   * term. Its conditions are computed again and the merchant is notified (conditions_changed).
   */
  #reprice(state: SessionState): void {
    const intent = state.selectedIntent
    if (!intent?.conditions) return
    const conditions = this.#conditionsNow(state, intent, intent.conditions.term)
    if (!conditions || conditions.principal === intent.conditions.principal) return
    intent.conditions = conditions
    this.#notifyConditions(state, conditions)
  }

  /**
   * The intent's conditions on the order's principal as it is now (the total less the down payment), over
   * `term`; undefined when the session no longer offers the intent's method.
   */
  #conditionsNow(
    state: SessionState,
    intent: PaymentIntent,
    term: number | undefined,
  ): Conditions | null | undefined {
    const index = state.session.payment_methods.findIndex((m) => m.type === intent.payment_method_type)
    const method = state.session.payment_methods[index]
    return method && conditionsFor(method, index, this.#principal(state), term)
  }

  /** Tells the merchant the chosen intent's new conditions (down payment paid, or a confirmed total lowered). */
  #notifyConditions(state: SessionState, conditions: Conditions): void {
    state.emit('conditions_changed', {
      conditions: { ...conditions, down_payment_amount: state.downPaymentAmount() },
      down_payment: { amount: state.session.down_payment?.amount ?? money(0) },
    })
  }

  /**
   * Cancel (spec §4): only before capture, and for good. Open intents end with the order, its timers stop and
   * the merchant is notified like any other change of status; an open down-payment session is cancelled too,
   * so the customer cannot pay a down payment for an order that no longer exists.
   */
  async cancel(principal: Principal, id: string): Promise<CheckoutSession> {
    return this.#db.transaction(async (tx) => {
      const { session } = await this.#change(
        principal.merchantId,
        id,
        (state) => {
          if (state.session.captures.length > 0) {
            throw new ApiError('INVALID_TRANSITION', {
              detail: 'The checkout session is captured: it cannot be cancelled. Refund it in full instead.',
            })
          }
          this.#cancel(state)
        },
        tx,
      )
      await this.#afterChange(tx, session)
      return session
    })
  }

  #cancel(state: SessionState): void {
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

  /**
   * Captures every line not captured yet. The down payment the customer paid was captured on its own session
   * (an order of its own for payouts), so the order's capture is the rest: the lines' total less that amount.
   * A transactional capture, or one in auto_capture mode, gets the lender's verdict at once; otherwise an
   * asynchronous lender answers later (operation_decision).
   */
  #captureAll(state: SessionState, description: string | null, transactional: boolean): Operation {
    const lines = state.session.cart.order_lines.filter((line) => !line.captured)
    const profile = lenderProfile(state.session.customer?.email)
    const paidDownPayment =
      this.#downPaymentPaid(state) && state.session.captures.length === 0 ? state.downPaymentAmount() : 0
    const amount = sum(lines.map((line) => line.total_price_with_tax.amount)) - paidDownPayment
    const asynchronous =
      profile.asynchronous && !transactional && state.session.merchant.checkout_mode !== 'auto_capture'
    const operation: Operation = {
      id: randomUUID(),
      created_at: state.now.toISOString(),
      status: asynchronous ? 'pending' : 'approved',
      description,
      amount: money(amount),
      item_ids: lines.map((line) => line.id),
      transactional,
    }
    for (const line of lines) line.captured = true
    state.session.captures.push(operation)
    state.cancelJob('capture_deadline')
    this.#settleOrWait(state, operation, () => {
      state.session.captured_amount = money(state.session.captured_amount.amount + amount)
      state.emitCapture(description, amount, lines)
    })
    return operation
  }

  /**
   * An approved operation takes effect now; a pending one waits for the operation_decision timer, which decides
   * every pending operation of the session at once. A timer already running for an earlier one is kept: a
   * second operation must not push the first one's decision back.
   */
  #settleOrWait(state: SessionState, operation: Operation, settle: () => void): void {
    if (operation.status === 'approved') {
      settle()
      return
    }
    const others = [...state.session.captures, ...state.session.refunds].filter(
      (other) => other !== operation && other.status === 'pending',
    )
    if (others.length === 0) {
      state.scheduleJob('operation_decision', state.minutesFromNow(ASYNC_DECISION_MINUTES))
    }
  }

  async capture(principal: Principal, id: string, body: CaptureRequest): Promise<Operation> {
    const { result } = await this.#change(principal.merchantId, id, (state) => {
      if (state.session.status !== 'confirmed') {
        throw new ApiError('INVALID_TRANSITION', {
          detail: `The checkout session is ${state.session.status}: it must be confirmed before capture.`,
        })
      }
      const captured = state.session.cart.order_lines.find((line) => line.captured)
      if (state.session.cart.order_lines.every((line) => line.captured)) {
        throw new ApiError('ALREADY_CAPTURED', { id: captured?.id ?? '' })
      }
      if (body.transactional && lenderProfile(state.session.customer?.email).rejectsTransactional) {
        throw new ApiError('LENDER_REJECTED', { operation: 'capture' })
      }
      return this.#captureAll(state, body.description ?? null, body.transactional ?? false)
    })
    return result
  }

  async refund(principal: Principal, id: string, body: RefundRequest): Promise<Operation> {
    const { result } = await this.#change(principal.merchantId, id, async (state, { tx, stored }) => {
      if (stored.parentSessionId !== null)
        await this.#assertDownPaymentRefundable(tx, stored.parentSessionId, state)
      const session = state.session
      const approvedCaptures = session.captures.filter((c) => c.status === 'approved')
      const capturedIds = new Set(approvedCaptures.flatMap((c) => c.item_ids))
      let lines: OrderLine[] = []
      let amount: number
      if (body.refunded_item_ids) {
        const errors = body.refunded_item_ids.flatMap((itemId, i) =>
          session.cart.order_lines.some((line) => line.id === itemId)
            ? []
            : [
                {
                  field: `/refunded_item_ids/${i}`,
                  message: 'is not an order line of this session',
                  keyword: 'rule',
                },
              ],
        )
        if (errors.length) throw invalidFields(errors, undefined)
        lines = body.refunded_item_ids.map(
          (itemId) => session.cart.order_lines.find((l) => l.id === itemId) as OrderLine,
        )
        for (const line of lines) {
          if (!capturedIds.has(line.id)) throw new ApiError('NOT_CAPTURED', { id: line.id })
          if (line.refunded) throw new ApiError('ALREADY_REFUNDED', { id: line.id })
        }
        amount = sum(lines.map((line) => line.total_price_with_tax.amount))
        if (amount <= 0) {
          throw invalidFields(
            [{ field: '/refunded_item_ids', message: 'must add up to a positive amount', keyword: 'rule' }],
            undefined,
          )
        }
      } else {
        // By item, the line that was not captured is named (409 not captured); by amount, there is no line.
        if (approvedCaptures.length === 0) {
          throw new ApiError('INVALID_TRANSITION', {
            detail: 'Nothing has been captured yet: a refund requires a prior capture.',
          })
        }
        amount = body.refunded_amount ?? 0
      }
      const reserved = sum(session.refunds.filter((r) => r.status !== 'rejected').map((r) => r.amount.amount))
      const available = session.captured_amount.amount - reserved
      if (amount > available) throw new ApiError('REFUND_EXCEEDS_CAPTURED', { amount, available })
      const profile = lenderProfile(session.customer?.email)
      if (body.transactional && profile.rejectsTransactional) {
        throw new ApiError('LENDER_REJECTED', { operation: 'refund' })
      }
      return this.#refund(state, lines, amount, body.description ?? null, body.transactional ?? false)
    })
    return result
  }

  /**
   * A down payment is refunded on its own session once its order no longer counts on it: the order is captured
   * (its capture is the cart less the down payment) or ended. Before that, refunding it would leave the order
   * short of what the customer pays.
   */
  async #assertDownPaymentRefundable(tx: Transaction, parentId: string, state: SessionState): Promise<void> {
    const order = await sessionRepository.find(tx, state.session.merchant_id, parentId)
    if (!order) return
    const open = ['initial', 'challenge', 'confirmed'].includes(order.document.status)
    if (open && order.document.captures.length === 0) {
      throw new ApiError('INVALID_TRANSITION', {
        detail: `The checkout session collects the down payment of order ${parentId}, which is not captured: the order counts on it. Cancel the order to refund its down payment, or refund it once the order is captured.`,
      })
    }
  }

  /** Records a refund the checks allowed; a transactional one gets the lender's verdict at once. */
  #refund(
    state: SessionState,
    lines: OrderLine[],
    amount: number,
    description: string | null,
    transactional: boolean,
  ): Operation {
    const session = state.session
    const asynchronous = lenderProfile(session.customer?.email).asynchronous && !transactional
    const operation: Operation = {
      id: randomUUID(),
      created_at: state.now.toISOString(),
      status: asynchronous ? 'pending' : 'approved',
      description,
      amount: money(amount),
      item_ids: lines.map((line) => line.id),
      transactional,
    }
    for (const line of lines) line.refunded = true
    session.refunds.push(operation)
    this.#settleOrWait(state, operation, () => {
      session.refunded_amount = money(session.refunded_amount.amount + amount)
      state.emitRefund(description, amount, lines)
    })
    return operation
  }

  // ---------------------------------------------------------------- timers

  /** Runs one due timer in its own transaction; a timer whose condition no longer holds does nothing. */
  async runJob(job: Job): Promise<void> {
    await this.#db.transaction(async (tx) => {
      // The session is locked first: a request that replaced or cancelled this timer meanwhile has committed
      // by then, and the check below sees it (PostgreSQL; SQLite transactions run one at a time).
      await sessionRepository.lockFamily(tx, job.merchant_id, job.checkout_session_id)
      if (!(await jobRepository.isPending(tx, job))) return
      const { session } = await this.#change(
        job.merchant_id,
        job.checkout_session_id,
        (state) => {
          this.#applyTimer(state, job.kind as JobKind)
          state.cancelJobs.delete(job.kind as JobKind) // this run finishes it below
        },
        tx,
      )
      await jobRepository.finish(tx, job, await this.#clock.now(job.merchant_id, tx))
      await this.#afterChange(tx, session)
    })
  }

  #expire(state: SessionState): void {
    state.closeOpenIntents('expired')
    state.moveSession('expired')
    state.moveHpp('expired')
  }

  #applyTimer(state: SessionState, kind: JobKind): void {
    const session = state.session
    const intent = state.selectedIntent
    switch (kind) {
      case 'expire':
        // Not completed in time: still open, or waiting for a down payment (even after the lender approved,
        // before_confirm). An approved order waiting for the merchant is the confirm window's business.
        if (
          session.status === 'challenge' ||
          (session.status === 'initial' && !session.payment_intents.some((i) => i.status === 'approved'))
        ) {
          this.#expire(state)
        }
        return
      case 'confirm_deadline':
        if (session.status === 'initial' && intent?.status === 'approved') {
          state.closeOpenIntents('cancelled')
          state.moveSession('cancelled')
          state.moveHpp('cancelled')
        }
        return
      case 'capture_deadline':
        if (session.status === 'confirmed' && session.captures.length === 0) {
          state.closeOpenIntents('cancelled')
          state.moveSession('cancelled')
          state.moveHpp('cancelled')
        }
        return
      case 'lender_decision':
        if (intent?.status === 'on_hold' && session.status === 'initial')
          this.#decide(state, intent, 'approved')
        return
      case 'operation_decision':
        for (const capture of session.captures.filter((c) => c.status === 'pending')) {
          capture.status = 'approved'
          session.captured_amount = money(session.captured_amount.amount + capture.amount.amount)
          const lines = session.cart.order_lines.filter((l) => capture.item_ids.includes(l.id))
          state.emitCapture(capture.description, capture.amount.amount, lines)
        }
        for (const refund of session.refunds.filter((r) => r.status === 'pending')) {
          refund.status = 'approved'
          session.refunded_amount = money(session.refunded_amount.amount + refund.amount.amount)
          const lines = session.cart.order_lines.filter((l) => refund.item_ids.includes(l.id))
          state.emitRefund(refund.description, refund.amount.amount, lines)
        }
        return
    }
  }

  /** Runs every timer of the merchant that is due on its sandbox clock; returns how many ran. */
  async runDueJobs(merchantId?: string): Promise<number> {
    const merchants = merchantId
      ? [{ merchant_id: merchantId }]
      : await jobRepository.merchantsWithPendingJobs(this.#db)
    let ran = 0
    for (const { merchant_id } of merchants) {
      const merchantNow = await this.#clock.now(merchant_id)
      const jobs = await jobRepository.claimDue(this.#db, merchant_id, merchantNow, this.#clock.realNow())
      for (const job of jobs) {
        await this.runJob(job)
        ran++
      }
    }
    return ran
  }

  /** Sandbox: moves the merchant's clock forward and runs what falls due before answering. */
  async advanceClock(
    merchantId: string,
    minutes: number,
  ): Promise<{ now: Date; offsetMinutes: number; ran: number }> {
    await this.#db.transaction(async (tx) => {
      const updated = await tx.run(
        'UPDATE sandbox_clocks SET offset_minutes = offset_minutes + $2, updated_at = $3 WHERE merchant_id = $1',
        [merchantId, minutes, this.#clock.realNow()],
      )
      if (updated.changes === 0) {
        await tx.run(
          'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, $2, $3)',
          [merchantId, minutes, this.#clock.realNow()],
        )
      }
    })
    let ran = 0
    // A timer can schedule another that is already due (on hold → approved → confirm window): run until quiet.
    for (let pass = 0; pass < 20; pass++) {
      const count = await this.runDueJobs(merchantId)
      ran += count
      if (count === 0) break
    }
    return {
      now: await this.#clock.now(merchantId),
      offsetMinutes: await this.#clock.offsetMinutes(merchantId),
      ran,
    }
  }
}
