import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import {
  type Body,
  type CheckoutMode,
  errorBody,
  LINE_1,
  LINE_2,
  LifecycleKit,
  notifiedIntent,
  operationOf,
  payloadOf,
  selected,
  sessionOf,
  sessionRequest,
  statuses,
} from './kit.ts'

const TOTAL = LINE_1 + LINE_2
const UNKNOWN_LINE = '9d0c3f5e-2b7a-4e61-8c14-5a3f7e9b1d20'

describe.each(testEngines())('order management rules (409, 410) on $name', (engine) => {
  let t: TestApp
  let k: LifecycleKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    k = new LifecycleKit(t)
  })
  afterAll(() => t.close())

  /** A session of `mode`, approved by the customer (confirmed unless delegated), with two order lines. */
  const approved = async (mode: CheckoutMode, email?: string) => {
    const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: mode, twoLines: true, email }))
    await k.actOk(id, 'approve')
    return id
  }
  /** A confirmed and captured session (auto_confirm, captured by the merchant). */
  const captured = async (email?: string) => {
    const id = await approved('auto_confirm', email)
    operationOf(await k.capture(id))
    return id
  }
  const pendingTimers = (id: string) => k.pendingTimers(id)
  const lines = async (id: string) =>
    (await k.get(id)).cart.order_lines.map((line) => line.id) as [string, string]

  describe('capture', () => {
    it('is refused before confirmation (delegated, approved but not confirmed)', async () => {
      const id = await approved('delegated')
      await k.expectRefused(
        id,
        () => k.capture(id),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is initial: it must be confirmed before capture.',
        ),
      )
    })

    it('is refused on a session the customer has not completed', async () => {
      const id = await k.create(sessionRequest({ checkoutMode: 'auto_confirm' }))
      await k.expectRefused(
        id,
        () => k.capture(id, { description: 'too early' }),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is initial: it must be confirmed before capture.',
        ),
      )
    })

    it('is refused twice: 409 already captured', async () => {
      const id = await captured()
      const [first] = await lines(id)
      await k.expectRefused(id, () => k.capture(id), 409, {
        status: 'ko',
        exception: 'plazo.capture.already_captured',
        error: `Order line ${first} already captured.`,
      })
    })

    it('is refused after an automatic capture (auto_capture)', async () => {
      const id = await approved('auto_capture')
      const [first] = await lines(id)
      await k.expectRefused(
        id,
        () => k.capture(id, { transactional: true }),
        409,
        errorBody('ALREADY_CAPTURED', `Order line ${first} already captured.`),
      )
    })
  })

  describe('refund', () => {
    it('is refused before capture', async () => {
      const id = await approved('auto_confirm')
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: 100 }),
        409,
        errorBody('INVALID_TRANSITION', 'Nothing has been captured yet: a refund requires a prior capture.'),
      )
    })

    it('is refused for an order line that was not captured', async () => {
      const id = await approved('auto_confirm')
      const [, socks] = await lines(id)
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [socks] }),
        409,
        errorBody('NOT_CAPTURED', `Order line ${socks} has not been captured.`),
      )
    })

    it('takes order line ids in any case, and refuses one given twice', async () => {
      const id = await captured()
      const [, socks] = await lines(id)
      const upper = socks.toUpperCase()
      await k.expectRefused(id, () => k.refund(id, { refunded_item_ids: [socks, upper] }), 400, {
        status: 'ko',
        exception: expect.any(String),
        error: expect.any(String),
        schema_errors: [expect.objectContaining({ field: '/refunded_item_ids' })],
        original_data: { refunded_item_ids: [socks, upper] },
      })
      operationOf(await k.refund(id, { refunded_item_ids: [upper] }))
      expect((await k.get(id)).refunded_amount.amount).toBe(LINE_2)
    })

    it('is refused for an order line refunded before: 409 already refunded', async () => {
      const id = await captured()
      const [shoes, socks] = await lines(id)
      operationOf(await k.refund(id, { refunded_item_ids: [socks] }))
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [socks] }),
        409,
        errorBody('ALREADY_REFUNDED', `Order line ${socks} already refunded.`),
      )
      // Also when it comes with a line not refunded yet: nothing of the request is refunded.
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [shoes, socks] }),
        409,
        errorBody('ALREADY_REFUNDED', `Order line ${socks} already refunded.`),
      )
    })

    it('is refused by amount above the captured total minus what was refunded', async () => {
      const id = await captured()
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: TOTAL + 1 }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${TOTAL + 1}) exceeds the captured amount not yet refunded (${TOTAL}).`,
        ),
      )
      operationOf(await k.refund(id, { refunded_amount: 10000 }))
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: TOTAL - 10000 + 1 }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${TOTAL - 10000 + 1}) exceeds the captured amount not yet refunded (${TOTAL - 10000}).`,
        ),
      )
      // A line refunded by id counts too: after the socks, the shoes no longer fit in what is left.
      operationOf(await k.refund(id, { refunded_item_ids: [(await lines(id))[1]] }))
      const [shoes] = await lines(id)
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [shoes] }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${LINE_1}) exceeds the captured amount not yet refunded (${TOTAL - 10000 - LINE_2}).`,
        ),
      )
      // The exact remainder is accepted.
      expect(operationOf(await k.refund(id, { refunded_amount: TOTAL - 10000 - LINE_2 })).status).toBe(
        'approved',
      )
      expect((await k.get(id)).refunded_amount.amount).toBe(TOTAL)
    })

    it('is a 400 with both item ids and an amount, or with neither', async () => {
      const id = await captured()
      const [shoes] = await lines(id)
      const both: Body = { refunded_item_ids: [shoes], refunded_amount: 100 }
      const message = 'Give either refunded_item_ids or refunded_amount, not both and not neither.'
      await k.expectRefused(id, () => k.refund(id, both), 400, {
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        error: `The request is not valid: / ${message}`,
        schema_errors: [{ field: '/', message, keyword: 'oneOf' }],
        original_data: both,
      })
      await k.expectRefused(id, () => k.refund(id, { description: 'nothing' }), 400, {
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        error: `The request is not valid: / ${message}`,
        schema_errors: [{ field: '/', message, keyword: 'oneOf' }],
        original_data: { description: 'nothing' },
      })
    })

    it('is a 400 for an item id that is not an order line of the session', async () => {
      const id = await captured()
      const [shoes] = await lines(id)
      const body = { refunded_item_ids: [shoes, UNKNOWN_LINE] }
      await k.expectRefused(id, () => k.refund(id, body), 400, {
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        error: 'The request is not valid: /refunded_item_ids/1 is not an order line of this session',
        schema_errors: [
          { field: '/refunded_item_ids/1', message: 'is not an order line of this session', keyword: 'rule' },
        ],
        original_data: body,
      })
    })
  })

  describe('update, cancel, confirm and customer actions', () => {
    it('refuses an update after capture', async () => {
      const id = await captured()
      await k.expectRefused(
        id,
        () => k.update(id, sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' })),
        409,
        errorBody('INVALID_TRANSITION', 'The checkout session is captured: it can no longer be updated.'),
      )
    })

    it('refuses a cancel after capture', async () => {
      const id = await captured()
      await k.expectRefused(
        id,
        () => k.cancel(id),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is captured: it cannot be cancelled. Refund it in full instead.',
        ),
      )
    })

    it('cancels an open session: intents and hosted page cancelled, the merchant notified', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp' }))
      const session = sessionOf(await k.cancel(id))
      expect(session).toEqual(await k.get(id))
      expect(session.status).toBe('cancelled')
      expect(session.hpp?.status).toBe('cancelled')
      expect(session.payment_intents.map((i) => i.status)).toEqual(['cancelled', 'cancelled'])
      const events = await k.events(id)
      expect(events.map((e) => `${e.type}:${payloadOf<{ status: string }>(e).status}`)).toEqual([
        'checkout_session_status_changed:cancelled',
      ])
      expect(payloadOf(events[0])).toMatchObject({
        triggered_at: session.updated_at,
        selected_payment_intent: null,
        payment_intents: session.payment_intents.map((i) => notifiedIntent(i)),
      })
      expect(await pendingTimers(id)).toEqual([])
    })

    it('cancels a confirmed session before capture, and stops its timers', async () => {
      const id = await k.create(
        sessionRequest({
          checkoutMode: 'auto_confirm',
          merchant: { max_interval_in_minutes_for_capture: 15 },
        }),
      )
      await k.actOk(id, 'approve')
      expect(await pendingTimers(id)).toEqual(['capture_deadline'])
      const session = sessionOf(await k.cancel(id))
      expect(statuses(session)).toEqual({ session: 'cancelled', intent: 'cancelled', hpp: null })
      const events = (await k.events(id)).slice(3)
      expect(events.map((e) => `${e.type}:${payloadOf<{ status: string }>(e).status}`)).toEqual([
        'payment_intent_status_changed:cancelled',
        'checkout_session_status_changed:cancelled',
      ])
      expect(await pendingTimers(id)).toEqual([])
      await k.expectRefused(
        id,
        () => k.capture(id),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is cancelled: it must be confirmed before capture.',
        ),
      )
    })

    it('cancels a challenged order together with its down-payment session', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: 'auto_capture' }))
      const challenged = await k.actOk(id, 'challenge')
      const childId = challenged.downpayment_checkout_session_id as string
      expect(statuses(sessionOf(await k.cancel(id)))).toEqual({
        session: 'cancelled',
        intent: 'cancelled',
        hpp: 'cancelled',
      })
      const child = await k.get(childId)
      expect(statuses(child)).toEqual({ session: 'cancelled', intent: null, hpp: 'cancelled' })
      // The customer can no longer pay a down payment for an order that no longer exists.
      await k.expectRefused(
        childId,
        () => k.act(childId, 'approve'),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is cancelled: the customer can no longer act on it.',
        ),
      )
    })

    it('refuses a second cancel', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp' }))
      const session = sessionOf(await k.cancel(id))
      expect(session.status).toBe('cancelled')
      await k.expectRefused(
        id,
        () => k.cancel(id),
        409,
        errorBody('INVALID_TRANSITION', 'The checkout session is cancelled: it cannot be cancelled.'),
      )
    })

    it.each(['auto_capture', 'auto_confirm'] as const)('refuses confirm in %s mode', async (mode) => {
      const id = await approved(mode)
      await k.expectRefused(
        id,
        () => k.confirm(id),
        409,
        errorBody('INVALID_TRANSITION', 'The checkout session is already confirmed.'),
      )
    })

    it('refuses confirm before the lender approved (delegated)', async () => {
      const id = await k.create(sessionRequest({ checkoutMode: 'delegated' }))
      await k.expectRefused(
        id,
        () => k.confirm(id),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is initial with no approved payment intent: there is nothing to confirm.',
        ),
      )
      await k.actOk(id, 'deny', 'bnpl_instalments')
      await k.expectRefused(
        id,
        () => k.confirm(id),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The checkout session is initial with no approved payment intent: there is nothing to confirm.',
        ),
      )
    })

    it('refuses a second confirm (delegated)', async () => {
      const id = await approved('delegated')
      expect(sessionOf(await k.confirm(id)).status).toBe('confirmed')
      await k.expectRefused(
        id,
        () => k.confirm(id),
        409,
        errorBody('INVALID_TRANSITION', 'The checkout session is already confirmed.'),
      )
    })

    it.each(['approve', 'deny', 'challenge', 'desist'] as const)(
      'refuses the customer action %s on a finished session',
      async (action) => {
        const id = await approved('auto_capture')
        await k.expectRefused(
          id,
          () => k.act(id, action),
          409,
          errorBody(
            'INVALID_TRANSITION',
            'The checkout session is confirmed: the customer can no longer act on it.',
          ),
        )
        const cancelled = await k.create(sessionRequest())
        sessionOf(await k.cancel(cancelled))
        await k.expectRefused(
          cancelled,
          () => k.act(cancelled, action),
          409,
          errorBody(
            'INVALID_TRANSITION',
            'The checkout session is cancelled: the customer can no longer act on it.',
          ),
        )
      },
    )
  })

  describe('the lender rejects transactional operations (+reject)', () => {
    const email = 'ana.garcia+reject@example.com'

    it('answers 410 to a transactional capture and captures nothing', async () => {
      const id = await approved('auto_confirm', email)
      await k.expectRefused(
        id,
        () => k.capture(id, { transactional: true, description: 'Shipped' }),
        410,
        errorBody('LENDER_REJECTED', 'The lender rejected the capture.'),
      )
      const session = await k.get(id)
      expect(session.captures).toEqual([])
      expect(session.captured_amount.amount).toBe(0)
      // The same lender accepts a capture that is not transactional.
      expect(operationOf(await k.capture(id)).status).toBe('approved')
    })

    it('answers 410 to a transactional refund and refunds nothing', async () => {
      const id = await captured(email)
      const [shoes] = await lines(id)
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [shoes], transactional: true }),
        410,
        errorBody('LENDER_REJECTED', 'The lender rejected the refund.'),
      )
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: 100, transactional: true }),
        410,
        errorBody('LENDER_REJECTED', 'The lender rejected the refund.'),
      )
      const session = await k.get(id)
      expect(session.refunds).toEqual([])
      expect(session.cart.order_lines.some((line) => line.refunded)).toBe(false)
      expect(operationOf(await k.refund(id, { refunded_item_ids: [shoes] })).status).toBe('approved')
    })
  })

  describe('an asynchronous lender (+async)', () => {
    it('answers capture and refund 201 pending, and approves them a minute later with their events', async () => {
      const id = await approved('auto_confirm', 'ana.garcia+async@example.com')
      const [shoes, socks] = await lines(id)
      const eventsBefore = (await k.events(id)).length

      const capture = operationOf(await k.capture(id, { description: 'Shipped' }))
      expect(capture).toMatchObject({
        status: 'pending',
        amount: { amount: TOTAL },
        item_ids: [shoes, socks],
      })
      let session = await k.get(id)
      expect(session.captures).toEqual([capture])
      expect(session.captured_amount.amount).toBe(0)
      expect((await k.events(id)).length).toBe(eventsBefore)
      // Pending: no second capture, and nothing to refund yet.
      await k.expectRefused(
        id,
        () => k.capture(id),
        409,
        errorBody('ALREADY_CAPTURED', `Order line ${shoes} already captured.`),
      )
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: 100 }),
        409,
        errorBody('INVALID_TRANSITION', 'Nothing has been captured yet: a refund requires a prior capture.'),
      )
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_item_ids: [socks] }),
        409,
        errorBody('NOT_CAPTURED', `Order line ${socks} has not been captured.`),
      )

      expect((await k.advance(1)).timers_run).toBe(1)
      session = await k.get(id)
      expect(session.captures).toEqual([{ ...capture, status: 'approved' }])
      expect(session.captured_amount.amount).toBe(TOTAL)
      let events = (await k.events(id)).slice(eventsBefore)
      expect(events.map((e) => e.type)).toEqual(['capture_approved'])
      expect(payloadOf(events[0])).toMatchObject({
        description: 'Shipped',
        captured_amount: { amount: TOTAL, currency: 'EUR' },
        triggered_at: session.updated_at,
      })
      expect(
        payloadOf<{ captured_items: Array<{ id: string }> }>(events[0]).captured_items.map((l) => l.id),
      ).toEqual([shoes, socks])

      const refund = operationOf(await k.refund(id, { refunded_item_ids: [socks], description: 'Returned' }))
      expect(refund).toMatchObject({ status: 'pending', amount: { amount: LINE_2 }, item_ids: [socks] })
      session = await k.get(id)
      expect(session.refunded_amount.amount).toBe(0)
      // The pending refund is reserved: the rest of the capture is all that can still be refunded.
      await k.expectRefused(
        id,
        () => k.refund(id, { refunded_amount: LINE_1 + 1 }),
        409,
        errorBody(
          'REFUND_EXCEEDS_CAPTURED',
          `The refunded amount (${LINE_1 + 1}) exceeds the captured amount not yet refunded (${LINE_1}).`,
        ),
      )
      expect((await k.advance(1)).timers_run).toBe(1)
      session = await k.get(id)
      expect(session.refunds).toEqual([{ ...refund, status: 'approved' }])
      expect(session.refunded_amount.amount).toBe(LINE_2)
      events = (await k.events(id)).slice(eventsBefore + 1)
      expect(events.map((e) => e.type)).toEqual(['refund_approved'])
      expect(payloadOf(events[0])).toMatchObject({
        description: 'Returned',
        refunded_amount: { amount: LINE_2, currency: 'EUR' },
        triggered_at: session.updated_at,
      })
    })
  })

  describe('an asynchronous lender (+async), transactional or twice', () => {
    const email = 'ana.garcia+async@example.com'

    it('answers a transactional capture and refund with the verdict: approved at once, with their events', async () => {
      const id = await approved('auto_confirm', email)
      const [shoes] = await lines(id)
      const capture = operationOf(await k.capture(id, { transactional: true }))
      expect(capture).toMatchObject({ status: 'approved', amount: { amount: TOTAL }, transactional: true })
      const refund = operationOf(await k.refund(id, { refunded_item_ids: [shoes], transactional: true }))
      expect(refund).toMatchObject({ status: 'approved', amount: { amount: LINE_1 }, transactional: true })
      const session = await k.get(id)
      expect(session.captured_amount.amount).toBe(TOTAL)
      expect(session.refunded_amount.amount).toBe(LINE_1)
      expect((await k.events(id)).slice(-2).map((e) => e.type)).toEqual([
        'capture_approved',
        'refund_approved',
      ])
      expect(await pendingTimers(id)).toEqual([])
    })

    it('a second pending operation does not push back the decision on the first', async () => {
      const id = await approved('auto_confirm', email)
      operationOf(await k.capture(id, { transactional: true }))
      operationOf(await k.refund(id, { refunded_amount: 100 }))
      const timer = () =>
        t.t.db.query<{ id: string; due_at: string }>(
          "SELECT id, due_at FROM jobs WHERE checkout_session_id = $1 AND kind = 'operation_decision' AND done_at IS NULL",
          [id],
        )
      const first = await timer()
      expect(first).toHaveLength(1)
      operationOf(await k.refund(id, { refunded_amount: 200 }))
      expect(await timer()).toEqual(first)
      expect((await k.advance(1)).timers_run).toBe(1)
      const session = await k.get(id)
      expect(session.refunds.map((r) => [r.amount.amount, r.status])).toEqual([
        [100, 'approved'],
        [200, 'approved'],
      ])
      expect(session.refunded_amount.amount).toBe(300)
    })
  })

  describe('update of a confirmed order', () => {
    it('lowers the total: the chosen method finances less over the same term, and the merchant is notified', async () => {
      const body = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm', twoLines: true })
      const id = await k.create(body)
      const confirmed = await k.actOk(id, 'approve', 'consumer_loan_instalments')
      const before = selected(confirmed)
      expect(before.conditions?.principal).toBe(TOTAL)
      const eventsBefore = (await k.events(id)).length

      // Only the shoes are left, and the body offers one method only: the choice made stays.
      const updated = sessionOf(
        await k.update(id, {
          ...sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm', oneMethod: true }),
        }),
      )
      expect(statuses(updated)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: 'completed' })
      expect(updated.payment_methods).toEqual(confirmed.payment_methods)
      const intent = selected(updated)
      expect(intent.payment_method_id).toBe(before.payment_method_id)
      expect(intent.conditions).toMatchObject({ principal: LINE_1, term: before.conditions?.term })
      expect(intent.conditions?.user_defined_quota).toBeLessThan(
        before.conditions?.user_defined_quota as number,
      )
      const events = (await k.events(id)).slice(eventsBefore)
      expect(events.map((e) => e.type)).toEqual(['conditions_changed'])
      expect(payloadOf(events[0])).toMatchObject({
        status: 'confirmed',
        conditions: { ...intent.conditions, down_payment_amount: 0 },
        triggered_at: updated.updated_at,
      })
      expect(operationOf(await k.capture(id)).amount.amount).toBe(LINE_1)
    })

    it('keeps the conditions and sends nothing when the total stays', async () => {
      const body = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' })
      const id = await k.create(body)
      const confirmed = await k.actOk(id, 'approve')
      const eventsBefore = (await k.events(id)).length
      const updated = sessionOf(await k.update(id, { ...body, shipping: undefined }))
      expect(selected(updated)).toEqual(selected(confirmed))
      expect((await k.events(id)).length).toBe(eventsBefore)
    })

    it('keeps its checkout mode, and prices no method it did not choose', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' }))
      await k.actOk(id, 'approve', 'bnpl_instalments')
      // No checkout_mode (auto_capture by default), and a total a consumer loan cannot finance.
      const request = sessionRequest({ ui: 'hpp' }) as Body & {
        merchant: Body
        cart: Body & { items: Body[] }
      }
      delete request.merchant.checkout_mode
      const line = request.cart.items[0] as Body & { article: Body }
      request.cart.items = [
        {
          ...line,
          article: { ...line.article, unit_price_with_tax: 300 },
          units: 1,
          total_price_with_tax: 300,
        },
      ]
      request.cart.total_price_with_tax = 300
      const updated = sessionOf(await k.update(id, request))
      expect(updated.merchant.checkout_mode).toBe('auto_confirm')
      expect(selected(updated).conditions?.principal).toBe(300)
      // Still captured by the merchant, as auto_confirm orders are.
      expect(updated.captures).toEqual([])
      expect(operationOf(await k.capture(id)).amount.amount).toBe(300)
    })

    it('keeps an unpaid down payment, and a total it would cover is a 409, not a 400 on a field never sent', async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'auto_confirm',
          extra: { down_payment: { down_payment_collection: 'none', amount: 2000 } },
        }),
      )
      expect((await k.actOk(id, 'approve')).status).toBe('confirmed')
      const request = sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' }) as Body & {
        cart: Body & { items: Body[] }
      }
      const line = request.cart.items[0] as Body & { article: Body }
      request.cart.items = [
        {
          ...line,
          article: { ...line.article, unit_price_with_tax: 2000 },
          units: 1,
          total_price_with_tax: 2000,
        },
      ]
      request.cart.total_price_with_tax = 2000
      await k.expectRefused(
        id,
        () => k.update(id, request),
        409,
        errorBody(
          'INVALID_TRANSITION',
          'The order keeps its down payment of 2000: the new cart total must be larger.',
        ),
      )
    })

    it('refuses to raise the total the lender approved', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm' }))
      await k.actOk(id, 'approve')
      await k.expectRefused(
        id,
        () => k.update(id, sessionRequest({ ui: 'hpp', checkoutMode: 'auto_confirm', twoLines: true })),
        409,
        errorBody(
          'INVALID_TRANSITION',
          `The checkout session is confirmed: an update cannot raise its total from ${LINE_1} to ${TOTAL}. Keep or lower the total, or cancel the order and create a new checkout session.`,
        ),
      )
    })
  })

  describe('update of an approved order the merchant has not confirmed', () => {
    it('ends the confirmation window of the old approval in embedded mode too', async () => {
      const body = sessionRequest({
        checkoutMode: 'delegated',
        merchant: { max_interval_in_minutes_for_confirm: 60 },
      })
      const id = await k.create(body)
      await k.actOk(id, 'approve')
      expect(await k.pendingTimers(id)).toEqual(['confirm_deadline'])
      sessionOf(await k.update(id, body))
      expect(await k.pendingTimers(id)).toEqual(['expire'])
    })

    it('opens the hosted page again: the customer chooses again and the merchant confirms the new approval', async () => {
      const body = sessionRequest({
        ui: 'hpp',
        checkoutMode: 'delegated',
        merchant: { max_interval_in_minutes_for_confirm: 60 },
      })
      const id = await k.create(body)
      await k.actOk(id, 'approve')
      expect((await k.get(id)).hpp?.status).toBe('completed')
      expect(await k.pendingTimers(id)).toEqual(['confirm_deadline'])

      const res = await k.update(id, body)
      expect(res.statusCode, res.body).toBe(201)
      const reopened = await k.get(id)
      expect(reopened.status).toBe('initial')
      expect(reopened.hpp?.status).toBe('initial')
      expect(reopened.payment_intents.map((intent) => intent.status)).toEqual(['initial', 'initial'])
      // The old approval's confirmation window ends with it; the order expires if nobody completes it.
      expect(await k.pendingTimers(id)).toEqual(['expire'])

      await k.actOk(id, 'approve')
      expect((await k.get(id)).hpp?.status).toBe('completed')
      expect(sessionOf(await k.confirm(id)).status).toBe('confirmed')
    })
  })
})
