// Captures and refunds an asynchronous lender decides later (src/domain/checkout/lifecycle/operations.ts).
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import { errorBody, LINE_1, LINE_2, LifecycleKit, operationOf, payloadOf } from './kit.ts'

const TOTAL = LINE_1 + LINE_2

describe.each(testEngines())('captures and refunds of an asynchronous lender on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  describe('an asynchronous lender (+async)', () => {
    it('answers capture and refund 201 pending, and approves them a minute later with their events', async () => {
      const id = await k.approved('auto_confirm', 'ana.garcia+async@example.com')
      const [shoes, socks] = await k.lines(id)
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
      // A line is captured when its capture counts, as the refund rule reads it: not while it is pending.
      expect(session.cart.order_lines.map((line) => line.captured)).toEqual([false, false])
      expect((await k.events(id)).length).toBe(eventsBefore)
      // Pending: no second capture, and nothing to refund yet.
      await k.expectRefused(
        id,
        () => k.capture(id),
        409,
        errorBody('ALREADY_CAPTURED', `Order line ${shoes} already captured.`),
      )
      await k.expectInvalidTransition(
        id,
        () => k.refund(id, { refunded_amount: 100 }),
        'Nothing has been captured yet: a refund requires a prior capture.',
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
      expect(session.cart.order_lines.map((line) => line.captured)).toEqual([true, true])
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
      const id = await k.approved('auto_confirm', email)
      const [shoes] = await k.lines(id)
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
      expect(await k.pendingTimers(id)).toEqual([])
    })

    it('a second pending operation does not push back the decision on the first', async () => {
      const id = await k.approved('auto_confirm', email)
      operationOf(await k.capture(id, { transactional: true }))
      operationOf(await k.refund(id, { refunded_amount: 100 }))
      const timer = () =>
        k.t.t.db.query<{ id: string; due_at: string }>(
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
})
