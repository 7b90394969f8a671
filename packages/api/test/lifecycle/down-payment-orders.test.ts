// Order management of an order whose customer has paid a down payment: the down payment is captured on its
// own session, so it stays with the order through updates, the order's capture is the rest of the cart, and an
// order that ends without a capture gives the down payment back.
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import {
  type Body,
  type CheckoutMode,
  errorBody,
  LINE_1,
  LINE_2,
  LifecycleKit,
  operationOf,
  payloadOf,
  selected,
  sessionOf,
  sessionRequest,
  statuses,
} from './kit.ts'

const DOWN_PAYMENT = 2000

describe.each(testEngines())('orders with a paid down payment on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  /**
   * An hpp order with a before_confirm down payment: the lender approves, the customer pays the down payment
   * on the child session, and the order goes on in `mode`.
   */
  const paid = async (mode: CheckoutMode, merchant: Body = {}) => {
    const request = sessionRequest({
      ui: 'hpp',
      checkoutMode: mode,
      merchant,
      extra: { down_payment: { down_payment_collection: 'before_confirm', amount: DOWN_PAYMENT } },
    })
    const id = await k.create(request)
    const challenged = await k.actOk(id, 'approve')
    expect(challenged.status).toBe('challenge')
    const childId = challenged.downpayment_checkout_session_id as string
    expect(statuses(await k.actOk(childId, 'approve'))).toEqual({
      session: 'confirmed',
      intent: 'paid',
      hpp: 'completed',
    })
    const parent = await k.get(id)
    expect(parent.down_payment).toMatchObject({ amount: { amount: DOWN_PAYMENT }, paid: true })
    return { id, childId, request }
  }

  /** The request with another cart and without its down payment. */
  const withCart = (request: Body, cart: unknown): Body => {
    const { down_payment: _dropped, ...rest } = request
    return { ...rest, cart }
  }
  /** The two-line cart (shoes and socks), without the request's down payment. */
  const biggerOrder = (request: Body): Body => withCart(request, sessionRequest({ twoLines: true }).cart)

  describe('update', () => {
    it('keeps the paid down payment: the customer chooses again and is not asked for a second one', async () => {
      const { id, childId, request } = await paid('delegated')
      expect(statuses(await k.get(id))).toEqual({ session: 'initial', intent: 'approved', hpp: 'completed' })

      // The new body has no down_payment: what the customer paid stays with the order all the same.
      const updated = sessionOf(await k.update(id, biggerOrder(request)))
      expect(statuses(updated)).toEqual({ session: 'initial', intent: null, hpp: 'initial' })
      expect(updated.downpayment_checkout_session_id).toBe(childId)
      expect(updated.down_payment).toMatchObject({ amount: { amount: DOWN_PAYMENT }, paid: true })
      expect(updated.payment_intents.map((i) => i.conditions?.principal)).toEqual([
        LINE_1 + LINE_2 - DOWN_PAYMENT,
        LINE_1 + LINE_2 - DOWN_PAYMENT,
      ])

      // Before the fix the lender's approval asked for the down payment again and the order stayed in
      // `challenge` for good, waiting for a down-payment session that had already been paid.
      const again = await k.actOk(id, 'approve')
      expect(statuses(again)).toEqual({ session: 'initial', intent: 'approved', hpp: 'completed' })
      expect(again.downpayment_checkout_session_id).toBe(childId)
      expect(sessionOf(await k.confirm(id)).status).toBe('confirmed')
      const capture = operationOf(await k.capture(id))
      expect(capture).toMatchObject({
        status: 'approved',
        amount: { amount: LINE_1 + LINE_2 - DOWN_PAYMENT },
      })
    })

    it('a lender that asks for a down payment again is answered by the one paid', async () => {
      const { id, childId, request } = await paid('delegated')
      sessionOf(await k.update(id, biggerOrder(request)))
      const again = await k.actOk(id, 'challenge')
      expect(statuses(again)).toEqual({ session: 'initial', intent: 'approved', hpp: 'completed' })
      expect(again.downpayment_checkout_session_id).toBe(childId)
      expect((await k.events(id)).at(-1)?.payload).toMatchObject({
        event: 'payment_intent_status_changed',
        status: 'approved',
      })
    })

    it('ignores the down payment of the body, even one the new total would not allow', async () => {
      const { id, childId, request } = await paid('delegated')
      // The body's own down payment (as large as the new cart) would be a 400 at creation: here it is not used.
      const body = {
        ...biggerOrder(request),
        down_payment: { down_payment_collection: 'upfront', amount: LINE_1 + LINE_2 },
      }
      const updated = sessionOf(await k.update(id, body))
      expect(updated.down_payment).toMatchObject({
        down_payment_collection: 'before_confirm',
        amount: { amount: DOWN_PAYMENT },
        paid: true,
      })
      expect(updated.downpayment_checkout_session_id).toBe(childId)
    })

    it('refuses a cart total that the paid down payment would cover', async () => {
      const { id, request } = await paid('delegated')
      const small = sessionRequest()
      const cart = small.cart as { total_price_with_tax: number; items: Body[] }
      cart.items = [{ ...(cart.items[0] as Body), units: 1, total_price_with_tax: DOWN_PAYMENT }]
      ;(cart.items[0] as { article: Body }).article.unit_price_with_tax = DOWN_PAYMENT
      cart.total_price_with_tax = DOWN_PAYMENT
      await k.expectInvalidTransition(
        id,
        () => k.update(id, withCart(request, cart)),
        `The customer has paid a down payment of ${DOWN_PAYMENT}: the new cart total must be larger. Cancel the order instead (its down payment is refunded).`,
      )
    })

    it('refuses an update of the down-payment session itself', async () => {
      // Still open: the customer has not paid it yet. Its amount is the order's to decide.
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          extra: { down_payment: { down_payment_collection: 'before_confirm', amount: DOWN_PAYMENT } },
        }),
      )
      const childId = (await k.actOk(id, 'approve')).downpayment_checkout_session_id as string
      expect((await k.get(childId)).status).toBe('initial')
      await k.expectInvalidTransition(
        childId,
        () => k.update(childId, sessionRequest({ ui: 'hpp' })),
        `The checkout session collects the down payment of order ${id}: it follows that order and cannot be updated. Update the order instead.`,
      )
    })
  })

  describe('capture and refund', () => {
    it('captures the rest of the cart: the down payment was captured on its own session', async () => {
      const { id, childId } = await paid('auto_confirm')
      const capture = operationOf(await k.capture(id, { description: 'Shipped' }))
      const session = await k.get(id)
      expect(capture).toMatchObject({
        status: 'approved',
        amount: { amount: LINE_1 - DOWN_PAYMENT },
        item_ids: session.cart.order_lines.map((line) => line.id),
      })
      expect(session.captured_amount.amount).toBe(LINE_1 - DOWN_PAYMENT)
      const event = (await k.events(id)).find((e) => e.type === 'capture_approved')
      expect(payloadOf(event)).toMatchObject({ captured_amount: { amount: LINE_1 - DOWN_PAYMENT } })
      // Order and down payment together make the cart: what payouts add up.
      expect((await k.get(childId)).captured_amount.amount + session.captured_amount.amount).toBe(LINE_1)

      // The order refunds what it captured; the down payment is refunded on its own session.
      const [line] = session.cart.order_lines.map((l) => l.id)
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [line] }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${LINE_1}) exceeds the captured amount not yet refunded (${LINE_1 - DOWN_PAYMENT}).`,
        ),
      )
      expect(operationOf(await k.refund(id, { refunded_amount: LINE_1 - DOWN_PAYMENT })).status).toBe(
        'approved',
      )
      expect(operationOf(await k.refund(childId, { refunded_amount: DOWN_PAYMENT })).status).toBe('approved')
    })
  })

  describe('an order that ends without a capture refunds its down payment', () => {
    const expectRefunded = async (childId: string, outcome: string) => {
      const child = await k.get(childId)
      // The down-payment session stays confirmed and captured; the money goes back by a refund.
      expect(child.status).toBe('confirmed')
      expect(child.refunded_amount.amount).toBe(DOWN_PAYMENT)
      expect(child.refunds).toMatchObject([
        {
          status: 'approved',
          amount: { amount: DOWN_PAYMENT },
          item_ids: child.cart.order_lines.map((line) => line.id),
          description: `The order is ${outcome}: its down payment is refunded.`,
        },
      ])
      const refund = (await k.events(childId)).filter((e) => e.type === 'refund_approved')
      expect(refund).toHaveLength(1)
      expect(payloadOf(refund[0])).toMatchObject({ refunded_amount: { amount: DOWN_PAYMENT } })
    }

    it('cancelled by the merchant (confirmed, not captured)', async () => {
      const { id, childId } = await paid('auto_confirm')
      expect(sessionOf(await k.cancel(id)).status).toBe('cancelled')
      await expectRefunded(childId, 'cancelled')
    })

    it('cancelled when the merchant does not confirm in time (delegated)', async () => {
      const { id, childId } = await paid('delegated', { max_interval_in_minutes_for_confirm: 30 })
      await k.advance(31)
      expect((await k.get(id)).status).toBe('cancelled')
      await expectRefunded(childId, 'cancelled')
    })

    it('denied after an update: the customer chose again and the lender said no', async () => {
      const { id, childId, request } = await paid('delegated')
      sessionOf(await k.update(id, biggerOrder(request)))
      await k.actOk(id, 'deny', 'bnpl_instalments')
      expect((await k.actOk(id, 'deny', 'consumer_loan_instalments')).status).toBe('denied')
      await expectRefunded(childId, 'denied')
    })

    it('the down payment cannot be refunded on its own while the order counts on it, nor twice after', async () => {
      const { id, childId } = await paid('auto_confirm')
      // Refunded before the order's capture, the order would still deduct it: the merchant would be short.
      await k.expectInvalidTransition(
        childId,
        () => k.refund(childId, { refunded_amount: 500 }),
        `The checkout session collects the down payment of order ${id}, which is not captured: the order counts on it. Cancel the order to refund its down payment, or refund it once the order is captured.`,
      )
      sessionOf(await k.cancel(id))
      await expectRefunded(childId, 'cancelled')
      await k.expectRefused(
        childId,
        () => k.refund(childId, { refunded_amount: 1 }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          'The refunded amount (1) exceeds the captured amount not yet refunded (0).',
        ),
      )
    })
  })

  it('a down payment is never asked a down payment of its own', async () => {
    const id = await k.create(
      sessionRequest({
        ui: 'hpp',
        extra: { down_payment: { down_payment_collection: 'before_confirm', amount: DOWN_PAYMENT } },
      }),
    )
    const childId = (await k.actOk(id, 'approve')).downpayment_checkout_session_id as string
    // Before, the child went to `challenge` with a grandchild, and the order waited for ever.
    const child = await k.actOk(childId, 'challenge', 'card_payment')
    expect(statuses(child)).toEqual({ session: 'confirmed', intent: 'paid', hpp: 'completed' })
    expect(child.downpayment_checkout_session_id).toBeNull()
    expect(statuses(await k.get(id))).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
  })

  it('an order captured with its down payment keeps both', async () => {
    const { id, childId } = await paid('auto_capture')
    const parent = await k.get(id)
    expect(statuses(parent)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
    expect(parent.captured_amount.amount).toBe(LINE_1 - DOWN_PAYMENT)
    expect(selected(parent).conditions?.principal).toBe(LINE_1 - DOWN_PAYMENT)
    expect((await k.get(childId)).refunds).toEqual([])
  })
})
