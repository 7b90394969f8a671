// Cancel (src/domain/checkout/lifecycle/cancel.ts): before capture only, with the timers and the down payment.
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import { LifecycleKit, notifiedIntent, payloadOf, sessionOf, sessionRequest, statuses } from './kit.ts'

describe.each(testEngines())('cancel on $name', (engine) => {
  const k = LifecycleKit.forSuite(engine)

  it('refuses a cancel after capture', async () => {
    const id = await k.captured()
    await k.expectInvalidTransition(
      id,
      () => k.cancel(id),
      'The checkout session is captured: it cannot be cancelled. Refund it in full instead.',
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
    expect(await k.pendingTimers(id)).toEqual([])
  })

  it('cancels a confirmed session before capture, and stops its timers', async () => {
    const id = await k.create(
      sessionRequest({
        checkoutMode: 'auto_confirm',
        merchant: { max_interval_in_minutes_for_capture: 15 },
      }),
    )
    await k.actOk(id, 'approve')
    expect(await k.pendingTimers(id)).toEqual(['capture_deadline'])
    const session = sessionOf(await k.cancel(id))
    expect(statuses(session)).toEqual({ session: 'cancelled', intent: 'cancelled', hpp: null })
    const events = (await k.events(id)).slice(3)
    expect(events.map((e) => `${e.type}:${payloadOf<{ status: string }>(e).status}`)).toEqual([
      'payment_intent_status_changed:cancelled',
      'checkout_session_status_changed:cancelled',
    ])
    expect(await k.pendingTimers(id)).toEqual([])
    await k.expectInvalidTransition(
      id,
      () => k.capture(id),
      'The checkout session is cancelled: it must be confirmed before capture.',
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
    await k.expectInvalidTransition(
      childId,
      () => k.act(childId, 'approve'),
      'The checkout session is cancelled: the customer can no longer act on it.',
    )
  })

  it('refuses a second cancel', async () => {
    const id = await k.create(sessionRequest({ ui: 'hpp' }))
    const session = sessionOf(await k.cancel(id))
    expect(session.status).toBe('cancelled')
    await k.expectInvalidTransition(
      id,
      () => k.cancel(id),
      'The checkout session is cancelled: it cannot be cancelled.',
    )
  })
})
