import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import {
  type CheckoutMode,
  type EventRow,
  errorBody,
  expectCommonFields,
  LINE_1,
  LINE_2,
  LifecycleKit,
  notifiedIntent,
  payloadOf,
  paymentIntentRequest,
  type Session,
  selected,
  sessionOf,
  sessionRequest,
  statuses,
} from './kit.ts'

/** 20 % of the 25800 cart: what the sandbox lender asks when the merchant set no down payment. */
const CHALLENGE_AMOUNT = 5160

describe.each(testEngines())('customer actions and the sandbox lender on $name', (engine) => {
  let t: TestApp
  let k: LifecycleKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    k = new LifecycleKit(t)
  })
  afterAll(() => t.close())

  const types = (events: EventRow[]) =>
    events.map((e) => `${e.type}:${payloadOf<{ status: string }>(e).status}`)

  /** Parent and child after a challenge, with the child's shape checked. */
  const challenged = async (
    id: string,
    amount = CHALLENGE_AMOUNT,
    methods = ['card_payment', 'a2a_payment'],
  ) => {
    const parent = await k.get(id)
    expect(statuses(parent)).toEqual({
      session: 'challenge',
      intent: 'on_hold',
      hpp: parent.mode === 'hpp' ? 'challenge' : null,
    })
    expect(parent.down_payment?.amount).toEqual({ amount, currency: 'EUR' })
    const childId = parent.downpayment_checkout_session_id as string
    expect(childId).toMatch(/^[0-9a-f-]{36}$/)
    const child = await k.get(childId)
    expect(child).toMatchObject({
      status: 'initial',
      mode: parent.mode,
      total_price: { amount, currency: 'EUR' },
      payment_methods: methods.map((type) => ({ type })),
      merchant: {
        order_reference_1: `${parent.merchant.order_reference_1}-DP`,
        checkout_mode: 'auto_capture',
      },
      customer: parent.customer,
      downpayment_checkout_session_id: null,
    })
    expect(child.cart.order_lines.map((l) => l.total_price_with_tax.amount)).toEqual([amount])
    // The parent waits: the customer pays in the child session.
    await k.expectRefused(
      id,
      () => k.act(id, 'approve'),
      409,
      errorBody(
        'INVALID_TRANSITION',
        `The checkout session waits for its down payment: the customer pays it in session ${childId}.`,
      ),
    )
    return { parent, child, childId }
  }

  describe('deny', () => {
    it('denies one method of two: the session stays initial and the other can still be chosen', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp' }))
      const session = await k.actOk(id, 'deny', 'bnpl_instalments')
      expect(statuses(session)).toEqual({ session: 'initial', intent: 'denied', hpp: 'initial' })
      expect(session.payment_intents.map((i) => i.status)).toEqual(['denied', 'initial'])
      const events = await k.events(id)
      expect(types(events)).toEqual(['payment_intent_status_changed:denied'])
      expectCommonFields(events[0] as EventRow, session)

      // The denied method cannot be tried again; the other one can.
      await k.expectRefused(
        id,
        () => k.act(id, 'approve', 'bnpl_instalments'),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The bnpl_instalments payment intent is denied: choose another payment method.',
        ),
      )
      const approved = await k.actOk(id, 'approve', 'consumer_loan_instalments')
      expect(statuses(approved)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
      expect(approved.payment_intents.map((i) => i.status)).toEqual(['denied', 'confirmed'])
    })

    it('denies every method: the session is denied and the hosted page cancelled', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp' }))
      await k.actOk(id, 'deny', 'bnpl_instalments')
      const session = await k.actOk(id, 'deny', 'consumer_loan_instalments')
      expect(statuses(session)).toEqual({ session: 'denied', intent: 'denied', hpp: 'cancelled' })
      expect(session.payment_intents.map((i) => i.status)).toEqual(['denied', 'denied'])
      const events = await k.events(id)
      expect(types(events)).toEqual([
        'payment_intent_status_changed:denied',
        'payment_intent_status_changed:denied',
        'checkout_session_status_changed:denied',
      ])
      expectCommonFields(events[2] as EventRow, session)
      expect(payloadOf(events[2]).payment_intents).toEqual(
        session.payment_intents.map((i) => notifiedIntent(i)),
      )
      // A denied session is final: no more customer actions, no confirm, no capture.
      await k.expectRefused(
        id,
        () => k.act(id, 'approve'),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is denied: the customer can no longer act on it.',
        ),
      )
    })
  })

  it('desists: the session and every open intent are desisted and the hosted page cancelled', async () => {
    const id = await k.create(sessionRequest({ ui: 'hpp' }))
    const session = await k.actOk(id, 'desist')
    expect(session.status).toBe('desisted')
    expect(session.hpp?.status).toBe('cancelled')
    expect(session.payment_intents.map((i) => i.status)).toEqual(['desisted', 'desisted'])
    expect(session.selected_payment_method_id).toBeNull()
    const events = await k.events(id)
    // Intents the customer never chose are not notified; the session change is.
    expect(types(events)).toEqual(['checkout_session_status_changed:desisted'])
    expect(payloadOf(events[0]).selected_payment_intent).toBeNull()
    expect(payloadOf(events[0]).payment_intents).toEqual(
      session.payment_intents.map((i) => notifiedIntent(i)),
    )
  })

  describe('on hold', () => {
    it('holds a +on_hold payment intent request and approves it 5 minutes later (auto_capture)', async () => {
      const id = await k.createPaymentIntent(
        paymentIntentRequest({ email: 'ana.garcia+on_hold@example.com' }),
      )
      let session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'initial', intent: 'on_hold', hpp: null })
      expect(types(await k.events(id))).toEqual(['payment_intent_status_changed:on_hold'])

      expect((await k.advance(4)).timers_run).toBe(0)
      expect(statuses(await k.get(id))).toEqual({ session: 'initial', intent: 'on_hold', hpp: null })

      expect((await k.advance(1)).timers_run).toBe(1)
      session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: null })
      expect(session.captured_amount.amount).toBe(LINE_1)
      expect(types(await k.events(id))).toEqual([
        'payment_intent_status_changed:on_hold',
        'payment_intent_status_changed:approved',
        'payment_intent_status_changed:confirmed',
        'checkout_session_status_changed:confirmed',
        'capture_approved:confirmed',
      ])
    })

    it('holds a session whose customer is +on_hold when the customer approves (delegated)', async () => {
      const id = await k.create(
        sessionRequest({ ui: 'hpp', checkoutMode: 'delegated', email: 'ana.garcia+on_hold@example.com' }),
      )
      let session = await k.actOk(id, 'approve')
      expect(statuses(session)).toEqual({ session: 'initial', intent: 'on_hold', hpp: 'initial' })
      // While the lender decides, the customer cannot choose again with that method.
      await k.expectRefused(
        id,
        () => k.act(id, 'approve'),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The bnpl_instalments payment intent is on_hold: choose another payment method.',
        ),
      )
      expect((await k.advance(5)).timers_run).toBe(1)
      session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'initial', intent: 'approved', hpp: 'completed' })
      expect(types(await k.events(id))).toEqual([
        'payment_intent_status_changed:on_hold',
        'payment_intent_status_changed:approved',
      ])
      expect(sessionOf(await k.confirm(id)).status).toBe('confirmed')
    })
  })

  describe('challenge and the down payment', () => {
    const afterPaid = (mode: CheckoutMode) =>
      ({
        auto_capture: [
          'payment_intent_status_changed:confirmed',
          'checkout_session_status_changed:confirmed',
          'capture_approved:confirmed',
        ],
        auto_confirm: [
          'payment_intent_status_changed:confirmed',
          'checkout_session_status_changed:confirmed',
        ],
        delegated: [],
      })[mode]

    it.each(['auto_capture', 'auto_confirm', 'delegated'] as const)(
      'challenge → child paid → the parent continues in %s mode with the new conditions',
      async (mode) => {
        const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: mode }))
        const before = selected(await k.actOk(id, 'challenge', 'consumer_loan_instalments'))
        expect(before.conditions?.principal).toBe(LINE_1)
        const { childId } = await challenged(id)
        expect(types(await k.events(id))).toEqual([
          'payment_intent_status_changed:on_hold',
          'checkout_session_status_changed:challenge',
        ])

        const child = await k.actOk(childId, 'approve', 'card_payment')
        // A collected down payment: the child is confirmed and captured, and its intent is paid.
        expect(statuses(child)).toEqual({ session: 'confirmed', intent: 'paid', hpp: 'completed' })
        expect(child.captured_amount.amount).toBe(CHALLENGE_AMOUNT)

        const parent = await k.get(id)
        const intent = selected(parent)
        expect(parent.down_payment).toMatchObject({ amount: { amount: CHALLENGE_AMOUNT }, paid: true })
        expect(intent.conditions?.principal).toBe(LINE_1 - CHALLENGE_AMOUNT)
        expect(intent.conditions?.term).toBe(before.conditions?.term)
        expect(statuses(parent)).toEqual(
          mode === 'delegated'
            ? { session: 'initial', intent: 'approved', hpp: 'completed' }
            : { session: 'confirmed', intent: 'confirmed', hpp: 'completed' },
        )
        // The down payment was captured on the child: the order's capture is the rest of the cart.
        expect(parent.captured_amount.amount).toBe(mode === 'auto_capture' ? LINE_1 - CHALLENGE_AMOUNT : 0)

        const events = await k.events(id)
        expect(types(events).slice(2)).toEqual([
          'down_payment_status_changed:challenge',
          'conditions_changed:challenge',
          'checkout_session_status_changed:initial',
          'payment_intent_status_changed:approved',
          ...afterPaid(mode),
        ])
        const downPayment = payloadOf<{ down_payment: Record<string, unknown> }>(events[2]).down_payment
        expect(downPayment).toEqual({
          status: 'confirmed',
          downpayment_checkout_session_id: childId,
          downpayment_order_reference_1: child.merchant.order_reference_1,
          downpayment_order_reference_2: child.merchant.order_reference_2,
          amount: { amount: CHALLENGE_AMOUNT, currency: 'EUR' },
          payment_methods: ['card_payment', 'a2a_payment'],
          selected_payment_intent: { ...selected(child), conditions: null },
          payment_intents: child.payment_intents.map((i) => ({ ...i, conditions: null })),
        })
        const conditions = payloadOf<{ conditions: Record<string, unknown>; down_payment: unknown }>(
          events[3],
        )
        expect(conditions.conditions).toEqual({ ...intent.conditions, down_payment_amount: CHALLENGE_AMOUNT })
        expect(conditions.down_payment).toEqual({ amount: { amount: CHALLENGE_AMOUNT, currency: 'EUR' } })
        // From the conditions change on, the selected intent is notified with its new conditions (before it, the
        // down payment event still shows the conditions the customer was challenged with).
        expect(payloadOf(events[2]).selected_payment_intent).toMatchObject({ conditions: before.conditions })
        for (const event of events.slice(3)) {
          expect(payloadOf(event).selected_payment_intent).toMatchObject({
            payment_method_id: intent.payment_method_id,
            conditions: { ...intent.conditions, down_payment_amount: CHALLENGE_AMOUNT },
          })
        }
        // The child's own notifications are the child's (an auto_capture checkout, then paid).
        expect(types(await k.events(childId))).toEqual([
          'payment_intent_status_changed:approved',
          'payment_intent_status_changed:confirmed',
          'checkout_session_status_changed:confirmed',
          'capture_approved:confirmed',
          'payment_intent_status_changed:paid',
        ])
      },
    )

    it('child denied → the parent is denied', async () => {
      // The merchant takes down payments by card only; the lender's challenge asks for 20 % of the cart.
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'auto_capture',
          extra: {
            down_payment: { down_payment_collection: 'before_confirm', payment_methods: ['card_payment'] },
          },
        }),
      )
      await k.actOk(id, 'challenge')
      const { childId } = await challenged(id, CHALLENGE_AMOUNT, ['card_payment'])
      expect((await k.actOk(childId, 'deny', 'card_payment')).status).toBe('denied')

      const parent = await k.get(id)
      expect(statuses(parent)).toEqual({ session: 'denied', intent: 'denied', hpp: 'cancelled' })
      expect(parent.down_payment?.paid).toBe(false)
      // The method the customer never chose is closed too: nothing is left open in a final session.
      expect(parent.payment_intents.map((i) => i.status)).toEqual(['denied', 'cancelled'])
      const events = await k.events(id)
      expect(types(events).slice(2)).toEqual([
        'down_payment_status_changed:challenge',
        'payment_intent_status_changed:denied',
        'checkout_session_status_changed:denied',
      ])
      expect(payloadOf<{ down_payment: { status: string } }>(events[2]).down_payment.status).toBe('denied')
    })

    it('child desisted → the parent is desisted', async () => {
      const id = await k.create(sessionRequest({ checkoutMode: 'auto_confirm' }))
      await k.actOk(id, 'challenge')
      const { childId } = await challenged(id)
      expect((await k.actOk(childId, 'desist')).status).toBe('desisted')
      const parent = await k.get(id)
      expect(statuses(parent)).toEqual({ session: 'desisted', intent: 'desisted', hpp: null })
      expect(parent.payment_intents.map((i) => i.status)).toEqual(['desisted', 'desisted'])
      const events = await k.events(id)
      expect(types(events).slice(2)).toEqual([
        'down_payment_status_changed:challenge',
        'payment_intent_status_changed:desisted',
        'checkout_session_status_changed:desisted',
      ])
      expect(payloadOf(events[4]).payment_intents).toEqual(
        parent.payment_intents.map((i) => notifiedIntent(i, CHALLENGE_AMOUNT)),
      )
    })

    it('the merchant cancels the down-payment session → the order is cancelled', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: 'delegated' }))
      await k.actOk(id, 'challenge')
      const { childId } = await challenged(id)
      expect(sessionOf(await k.cancel(childId)).status).toBe('cancelled')
      const parent = await k.get(id)
      expect(statuses(parent)).toEqual({ session: 'cancelled', intent: 'cancelled', hpp: 'cancelled' })
      expect(parent.payment_intents.map((i) => i.status)).toEqual(['cancelled', 'cancelled'])
      const events = await k.events(id)
      expect(types(events).slice(2)).toEqual([
        'down_payment_status_changed:challenge',
        'payment_intent_status_changed:cancelled',
        'checkout_session_status_changed:cancelled',
      ])
      expect(payloadOf<{ down_payment: { status: string } }>(events[2]).down_payment.status).toBe('cancelled')
    })

    it('upfront down payment with an amount: approval challenges first, and the child collects that amount', async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'auto_capture',
          extra: {
            down_payment: {
              down_payment_collection: 'upfront',
              payment_methods: ['a2a_payment'],
              amount: 3000,
            },
          },
        }),
      )
      const created = await k.get(id)
      expect(created.payment_intents.map((i) => i.conditions?.principal)).toEqual([
        LINE_1 - 3000,
        LINE_1 - 3000,
      ])
      await k.actOk(id, 'approve')
      const { childId } = await challenged(id, 3000, ['a2a_payment'])
      // The customer pays with the only method offered (the helper's default: the first one).
      expect(selected(await k.actOk(childId, 'approve')).payment_method_type).toBe('a2a_payment')
      const parent = await k.get(id)
      expect(statuses(parent)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
      expect(selected(parent).conditions?.principal).toBe(LINE_1 - 3000)
      expect(parent.captured_amount.amount).toBe(LINE_1 - 3000)
      expect(parent.captures).toMatchObject([
        {
          status: 'approved',
          amount: { amount: LINE_1 - 3000 },
          item_ids: parent.cart.order_lines.map((l) => l.id),
        },
      ])
      const capture = (await k.events(id)).find((e) => e.type === 'capture_approved')
      expect(payloadOf(capture)).toMatchObject({
        captured_amount: { amount: LINE_1 - 3000, currency: 'EUR' },
      })
    })

    it('before_confirm down payment: the lender approves, then the down payment is asked before confirmation', async () => {
      const id = await k.create(
        sessionRequest({
          checkoutMode: 'auto_confirm',
          extra: { down_payment: { down_payment_collection: 'before_confirm', amount: 2000 } },
        }),
      )
      const session = await k.actOk(id, 'approve')
      expect(statuses(session)).toEqual({ session: 'challenge', intent: 'approved', hpp: null })
      expect(types(await k.events(id))).toEqual([
        'payment_intent_status_changed:approved',
        'checkout_session_status_changed:challenge',
      ])
      await k.actOk(session.downpayment_checkout_session_id as string, 'approve')
      expect(statuses(await k.get(id))).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: null })
    })
  })

  describe('an update of a decided session', () => {
    it('during a challenge: the order is open again, the merchant notified, the old down payment cancelled', async () => {
      const request = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_capture' })
      const id = await k.create(request)
      await k.actOk(id, 'challenge')
      const { childId } = await challenged(id)

      const updated = sessionOf(
        await k.update(id, { ...request, cart: sessionRequest({ twoLines: true }).cart }),
      )
      expect(updated).toEqual(await k.get(id))
      expect(statuses(updated)).toEqual({ session: 'initial', intent: null, hpp: 'initial' })
      expect(updated.downpayment_checkout_session_id).toBeNull()
      expect(updated.down_payment).toBeNull()
      expect(updated.payment_intents.map((i) => i.status)).toEqual(['initial', 'initial'])
      expect(updated.payment_intents.map((i) => i.conditions?.principal)).toEqual([
        LINE_1 + LINE_2,
        LINE_1 + LINE_2,
      ])
      const events = await k.events(id)
      expect(types(events)).toEqual([
        'payment_intent_status_changed:on_hold',
        'checkout_session_status_changed:challenge',
        'checkout_session_status_changed:initial',
      ])
      expect(payloadOf(events[2])).toMatchObject({
        triggered_at: updated.updated_at,
        selected_payment_intent: null,
        payment_intents: updated.payment_intents.map((i) => notifiedIntent(i)),
      })
      // The old down payment can no longer be paid.
      expect(statuses(await k.get(childId))).toEqual({ session: 'cancelled', intent: null, hpp: 'cancelled' })
      expect((await k.act(childId, 'approve')).statusCode).toBe(409)

      // The customer completes the new order.
      const done = await k.actOk(id, 'approve')
      expect(statuses(done)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
      expect(done.captured_amount.amount).toBe(LINE_1 + LINE_2)
    })

    it('a denied session keeps its denied intents', async () => {
      const request = sessionRequest({ ui: 'hpp' })
      const id = await k.create(request)
      await k.actOk(id, 'deny', 'bnpl_instalments')
      const denied = await k.actOk(id, 'deny', 'consumer_loan_instalments')
      const updated = sessionOf(await k.update(id, request))
      expect(statuses(updated)).toEqual({ session: 'denied', intent: 'denied', hpp: 'cancelled' })
      expect(updated.payment_intents).toEqual(denied.payment_intents)
      expect((await k.act(id, 'approve')).statusCode).toBe(409)
    })
  })

  describe('a before_confirm down payment that fails', () => {
    const approvedThenChallenged = async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'auto_confirm',
          extra: {
            down_payment: {
              down_payment_collection: 'before_confirm',
              payment_methods: ['card_payment'],
              amount: 2000,
            },
          },
        }),
      )
      const session = await k.actOk(id, 'approve')
      expect(statuses(session)).toEqual({ session: 'challenge', intent: 'approved', hpp: 'challenge' })
      return { id, childId: session.downpayment_checkout_session_id as string }
    }

    it('child denied → the parent is denied and its approved intent cancelled', async () => {
      const { id, childId } = await approvedThenChallenged()
      expect((await k.actOk(childId, 'deny', 'card_payment')).status).toBe('denied')
      const parent = await k.get(id)
      expect(statuses(parent)).toEqual({ session: 'denied', intent: 'cancelled', hpp: 'cancelled' })
      expect(parent.payment_intents.map((i) => i.status)).toEqual(['cancelled', 'cancelled'])
      expect(types(await k.events(id)).slice(2)).toEqual([
        'down_payment_status_changed:challenge',
        'payment_intent_status_changed:cancelled',
        'checkout_session_status_changed:denied',
      ])
    })

    it('child desisted → the parent is desisted', async () => {
      const { id, childId } = await approvedThenChallenged()
      expect((await k.actOk(childId, 'desist')).status).toBe('desisted')
      expect(statuses(await k.get(id))).toEqual({ session: 'desisted', intent: 'desisted', hpp: 'cancelled' })
    })
  })

  describe('/checkout/payment-intent/ and the magic e-mails', () => {
    it('approves and captures by default (auto_capture) with the requested term', async () => {
      const id = await k.createPaymentIntent(paymentIntentRequest())
      const session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: null })
      expect(session.selected_payment_method_type).toBe('consumer_loan_instalments')
      expect(selected(session).conditions?.term).toBe(24)
      expect(session.captured_amount.amount).toBe(LINE_1)
      expect(types(await k.events(id))).toEqual([
        'payment_intent_status_changed:approved',
        'payment_intent_status_changed:confirmed',
        'checkout_session_status_changed:confirmed',
        'capture_approved:confirmed',
      ])
    })

    it('denies a +denied customer: its only method denied, the session denied', async () => {
      const id = await k.createPaymentIntent(paymentIntentRequest({ email: 'ana.garcia+denied@example.com' }))
      const session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'denied', intent: 'denied', hpp: null })
      expect(session.captures).toEqual([])
      expect(types(await k.events(id))).toEqual([
        'payment_intent_status_changed:denied',
        'checkout_session_status_changed:denied',
      ])
    })

    it('challenges a +challenge customer with a down-payment session', async () => {
      const id = await k.createPaymentIntent(
        paymentIntentRequest({ email: 'ana.garcia+challenge@example.com' }),
      )
      const { childId } = await challenged(id)
      await k.actOk(childId, 'approve')
      expect(statuses(await k.get(id))).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: null })
    })

    it('follows the merchant checkout mode (delegated waits for confirm)', async () => {
      const id = await k.createPaymentIntent(paymentIntentRequest({ checkoutMode: 'delegated' }))
      expect(statuses(await k.get(id))).toEqual({ session: 'initial', intent: 'approved', hpp: null })
      const session: Session = sessionOf(await k.confirm(id))
      expect(statuses(session)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: null })
    })
  })
})
