// The down payment a challenge asks for (src/domain/checkout/lifecycle/down-payment.ts): its session, and the
// order that follows it.
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import {
  CHALLENGE_AMOUNT,
  type CheckoutMode,
  LINE_1,
  LifecycleKit,
  notifiedIntent,
  payloadOf,
  selected,
  sessionOf,
  sessionRequest,
  statuses,
  types,
} from './kit.ts'

describe.each(testEngines())('the down payment a challenge asks for on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

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
        const { childId } = await k.challenged(id)
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
      const { childId } = await k.challenged(id, CHALLENGE_AMOUNT, ['card_payment'])
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
      const { childId } = await k.challenged(id)
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
      const { childId } = await k.challenged(id)
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
      const { childId } = await k.challenged(id, 3000, ['a2a_payment'])
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
})
