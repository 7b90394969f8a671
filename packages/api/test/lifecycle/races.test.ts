import { describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { testEngines } from '../helpers/engines.ts'
import { LINE_1, LINE_2, LifecycleKit, operationOf, payloadOf, sessionRequest } from './kit.ts'

const count = (codes: number[], code: number) => codes.filter((c) => c === code).length

describe.each(testEngines())('concurrent order operations on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  const confirmed = async (twoLines = false) => {
    const id = await k.create(sessionRequest({ checkoutMode: 'auto_confirm', twoLines }))
    await k.actOk(id, 'approve')
    return id
  }

  it("an order cancelled while its down payment's timer runs: both finish, whichever goes first", async () => {
    // The cancel goes from the order to its down payment, the timer from the down payment to its order: on
    // PostgreSQL both lock the order first, or they deadlock.
    const merchantId = SANDBOX.demoStore.merchantId
    for (let i = 0; i < 8; i++) {
      const id = await k.create(sessionRequest({ ui: 'hpp' }))
      const childId = (await k.actOk(id, 'challenge')).downpayment_checkout_session_id as string
      await k.t.t.db.run('UPDATE checkout_sessions SET expire_at = $2 WHERE id = $1', [
        childId,
        new Date(Date.UTC(2000, 0, 1)),
      ])
      const [timers, cancel] = await Promise.allSettled([
        k.t.app.services.lifecycle.runDueJobs(merchantId),
        k.cancel(id),
      ])
      expect(timers.status, String((timers as PromiseRejectedResult).reason)).toBe('fulfilled')
      expect(cancel.status).toBe('fulfilled')
      const status = (cancel as PromiseFulfilledResult<{ statusCode: number }>).value.statusCode
      expect([201, 409]).toContain(status)
      const order = await k.get(id)
      expect(order.status).toBe(status === 201 ? 'cancelled' : 'expired')
      expect(['cancelled', 'expired']).toContain((await k.get(childId)).status)
    }
  })

  it('20 concurrent captures of one confirmed session: exactly one 201, the other 19 are 409', async () => {
    const id = await confirmed()
    const responses = await Promise.all(Array.from({ length: 20 }, () => k.capture(id)))
    const codes = responses.map((res) => res.statusCode)
    expect(count(codes, 201)).toBe(1)
    expect(count(codes, 409)).toBe(19)
    const line = (await k.get(id)).cart.order_lines[0]?.id
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({
        status: 'ko',
        exception: 'plazo.capture.already_captured',
        error: `Order line ${line} already captured.`,
      })
    }
    const session = await k.get(id)
    expect(session.captures).toHaveLength(1)
    expect(session.captured_amount.amount).toBe(LINE_1)
    expect((await k.events(id)).filter((e) => e.type === 'capture_approved')).toHaveLength(1)
  })

  it('concurrent refunds never take the refunded total above the captured total', async () => {
    const id = await confirmed()
    operationOf(await k.capture(id))
    const refund = () => k.refund(id, { refunded_amount: 1000 })

    const first = await Promise.all(Array.from({ length: 20 }, refund))
    expect(first.map((res) => res.statusCode)).toEqual(Array(20).fill(201))
    let session = await k.get(id)
    expect(session.refunded_amount.amount).toBe(20000)

    // 5800 left: 5 of the next 20 fit, 15 are refused.
    const second = await Promise.all(Array.from({ length: 20 }, refund))
    const codes = second.map((res) => res.statusCode)
    expect(count(codes, 201)).toBe(5)
    expect(count(codes, 409)).toBe(15)
    for (const res of second.filter((r) => r.statusCode === 409)) {
      expect(res.json().exception).toBe('plazo.refund.exceeds_captured')
      expect(res.json().error).toMatch(
        /^The refunded amount \(1000\) exceeds the captured amount not yet refunded \(\d+\)\.$/,
      )
    }
    session = await k.get(id)
    expect(session.refunds).toHaveLength(25)
    expect(session.refunded_amount.amount).toBe(25000)
    expect(session.refunded_amount.amount).toBeLessThanOrEqual(session.captured_amount.amount)
    const events = (await k.events(id)).filter((e) => e.type === 'refund_approved')
    expect(events).toHaveLength(25)
    const notified = events.reduce(
      (sum, e) => sum + payloadOf<{ refunded_amount: { amount: number } }>(e).refunded_amount.amount,
      0,
    )
    expect(notified).toBe(25000)
  })

  it('concurrent refunds by item and by amount: each line refunded once, the total within the capture', async () => {
    const id = await confirmed(true)
    operationOf(await k.capture(id))
    const [shoes, socks] = (await k.get(id)).cart.order_lines.map((line) => line.id)
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => k.refund(id, { refunded_item_ids: [socks] })),
      ...Array.from({ length: 5 }, () => k.refund(id, { refunded_item_ids: [shoes] })),
      ...Array.from({ length: 10 }, () => k.refund(id, { refunded_amount: 5000 })),
    ])
    const session = await k.get(id)
    const total = LINE_1 + LINE_2
    expect(session.refunded_amount.amount).toBeLessThanOrEqual(total)
    expect(session.refunded_amount.amount).toBe(session.refunds.reduce((sum, r) => sum + r.amount.amount, 0))
    expect(
      count(
        responses.map((r) => r.statusCode),
        201,
      ),
    ).toBe(session.refunds.length)
    for (const line of [shoes, socks]) {
      expect(session.refunds.filter((r) => r.item_ids.includes(line as string)).length).toBeLessThanOrEqual(1)
    }
    // Nothing that still fitted was refused: what is left is less than any refused request.
    const left = total - session.refunded_amount.amount
    for (const [i, res] of responses.entries()) {
      if (res.statusCode === 201) continue
      expect(res.statusCode).toBe(409)
      const code = res.json().exception
      if (i < 10) expect(['plazo.refund.already_refunded', 'plazo.refund.exceeds_captured']).toContain(code)
      else expect(left).toBeLessThan(5000)
    }
  })

  it('a cancel racing captures: exactly one of them wins', async () => {
    const id = await confirmed()
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? k.capture(id) : k.cancel(id))),
    )
    const codes = responses.map((res) => res.statusCode)
    expect(count(codes, 201)).toBe(1)
    expect(count(codes, 409)).toBe(19)
    const session = await k.get(id)
    const winner = responses.findIndex((res) => res.statusCode === 201)
    if (winner % 2 === 0) {
      expect(session.status).toBe('confirmed')
      expect(session.captured_amount.amount).toBe(LINE_1)
    } else {
      expect(session.status).toBe('cancelled')
      expect(session.captures).toEqual([])
    }
  })
})
