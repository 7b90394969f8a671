// The customer completes the checkout and the sandbox lender decides (src/domain/checkout/lifecycle/
// complete-checkout.ts, lender-decisions.ts).
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import {
  type EventRow,
  expectCommonFields,
  LINE_1,
  LifecycleKit,
  notifiedIntent,
  payloadOf,
  paymentIntentRequest,
  type Session,
  selected,
  sessionOf,
  sessionRequest,
  statuses,
  types,
} from './kit.ts'

describe.each(testEngines())('customer actions and the sandbox lender on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

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
      await k.expectInvalidTransition(
        id,
        () => k.act(id, 'approve', 'bnpl_instalments'),
        'The bnpl_instalments payment intent is denied: choose another payment method.',
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
      await k.expectInvalidTransition(
        id,
        () => k.act(id, 'approve'),
        'The checkout session is denied: the customer can no longer act on it.',
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
      await k.expectInvalidTransition(
        id,
        () => k.act(id, 'approve'),
        'The bnpl_instalments payment intent is on_hold: choose another payment method.',
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
      const { childId } = await k.challenged(id)
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

  it.each(['approve', 'deny', 'challenge', 'desist'] as const)(
    'refuses the customer action %s on a finished session',
    async (action) => {
      const id = await k.approved('auto_capture')
      await k.expectInvalidTransition(
        id,
        () => k.act(id, action),
        'The checkout session is confirmed: the customer can no longer act on it.',
      )
      const cancelled = await k.create(sessionRequest())
      sessionOf(await k.cancel(cancelled))
      await k.expectInvalidTransition(
        cancelled,
        () => k.act(cancelled, action),
        'The checkout session is cancelled: the customer can no longer act on it.',
      )
    },
  )
})
