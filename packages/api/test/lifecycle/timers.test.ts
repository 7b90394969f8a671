import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/storage/index.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  type EventRow,
  LifecycleKit,
  notifiedIntent,
  operationOf,
  payloadOf,
  paymentIntentRequest,
  type Session,
  sessionOf,
  sessionRequest,
  statuses,
  types,
} from './kit.ts'

/** The session event of a timer lists the intents as they ended. */
function expectIntentsNotified(event: EventRow | undefined, session: Session) {
  expect(payloadOf(event).payment_intents).toEqual(session.payment_intents.map((i) => notifiedIntent(i)))
  expect(payloadOf(event).triggered_at).toBe(session.updated_at)
}

describe.each(testEngines())('timers through the sandbox clock on $name', (engine) => {
  // A fresh database per test: the clock only moves forward, and each test counts the timers it runs.
  let t: TestApp
  let k: LifecycleKit
  beforeEach(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    k = new LifecycleKit(t)
  })
  afterEach(() => t.close())

  describe('confirm window (delegated)', () => {
    it('cancels an approved order not confirmed within max_interval_in_minutes_for_confirm', async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'delegated',
          merchant: { max_interval_in_minutes_for_confirm: 30 },
        }),
      )
      await k.actOk(id, 'approve')
      expect(await k.pendingTimers(id)).toEqual(['confirm_deadline'])
      expect((await k.advance(29)).timers_run).toBe(0)
      expect(statuses(await k.get(id))).toEqual({ session: 'initial', intent: 'approved', hpp: 'completed' })

      const clock = await k.advance(1)
      expect(clock.timers_run).toBe(1)
      expect(clock.offset_minutes).toBe(30)
      const session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'cancelled', intent: 'cancelled', hpp: 'cancelled' })
      expect(session.payment_intents.map((i) => i.status)).toEqual(['cancelled', 'cancelled'])
      const events = (await k.events(id)).slice(1)
      expect(types(events)).toEqual([
        'payment_intent_status_changed:cancelled',
        'checkout_session_status_changed:cancelled',
      ])
      expectIntentsNotified(events[1], session)
      expect(await k.pendingTimers(id)).toEqual([])
      expect((await k.confirm(id)).statusCode).toBe(409)
    })

    it('a confirmation in time stops the confirm timer and starts the capture window', async () => {
      const id = await k.create(
        sessionRequest({
          checkoutMode: 'delegated',
          merchant: { max_interval_in_minutes_for_confirm: 30, max_interval_in_minutes_for_capture: 15 },
        }),
      )
      await k.actOk(id, 'approve')
      await k.advance(20)
      expect(sessionOf(await k.confirm(id)).status).toBe('confirmed')
      expect(await k.pendingTimers(id)).toEqual(['capture_deadline'])
      expect((await k.advance(14)).timers_run).toBe(0)
      expect((await k.get(id)).status).toBe('confirmed')
      expect((await k.advance(1)).timers_run).toBe(1)
      expect(statuses(await k.get(id))).toEqual({ session: 'cancelled', intent: 'cancelled', hpp: null })
    })
  })

  describe('capture window', () => {
    it('cancels a confirmed order (auto_confirm) not captured within max_interval_in_minutes_for_capture', async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'auto_confirm',
          merchant: { max_interval_in_minutes_for_capture: 15 },
        }),
      )
      await k.actOk(id, 'approve')
      expect(await k.pendingTimers(id)).toEqual(['capture_deadline'])
      expect((await k.advance(14)).timers_run).toBe(0)
      expect((await k.get(id)).status).toBe('confirmed')
      expect((await k.advance(1)).timers_run).toBe(1)
      const session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'cancelled', intent: 'cancelled', hpp: 'cancelled' })
      const events = (await k.events(id)).slice(3)
      expect(types(events)).toEqual([
        'payment_intent_status_changed:cancelled',
        'checkout_session_status_changed:cancelled',
      ])
      expectIntentsNotified(events[1], session)
      expect((await k.capture(id)).statusCode).toBe(409)
    })

    it('a capture in time stops the capture timer', async () => {
      const id = await k.create(
        sessionRequest({
          checkoutMode: 'auto_confirm',
          merchant: { max_interval_in_minutes_for_capture: 15 },
        }),
      )
      await k.actOk(id, 'approve')
      await k.advance(10)
      expect(operationOf(await k.capture(id)).status).toBe('approved')
      expect(await k.pendingTimers(id)).toEqual([])
      expect((await k.advance(10)).timers_run).toBe(0)
      const session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'confirmed', intent: 'confirmed', hpp: null })
      expect(session.captured_amount.amount).toBe(session.total_price.amount)
    })

    it('auto_capture has no capture window: the capture is immediate', async () => {
      const id = await k.create(
        sessionRequest({
          checkoutMode: 'auto_capture',
          merchant: { max_interval_in_minutes_for_capture: 15 },
        }),
      )
      await k.actOk(id, 'approve')
      expect(await k.pendingTimers(id)).toEqual([])
      await k.advance(60)
      expect((await k.get(id)).status).toBe('confirmed')
    })
  })

  describe('expiry', () => {
    it('expires a session not completed by expires_at, with its intents and hosted page', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', extra: { expires_at: await k.inMinutes(60) } }))
      expect(await k.pendingTimers(id)).toEqual(['expire'])
      expect((await k.advance(59)).timers_run).toBe(0)
      expect((await k.get(id)).status).toBe('initial')
      expect((await k.advance(1)).timers_run).toBe(1)
      const session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'expired', intent: null, hpp: 'expired' })
      expect(session.payment_intents.map((i) => i.status)).toEqual(['expired', 'expired'])
      const events = await k.events(id)
      expect(types(events)).toEqual(['checkout_session_status_changed:expired'])
      expectIntentsNotified(events[0], session)
      expect((await k.act(id, 'approve')).statusCode).toBe(409)
    })

    it('expires a session whose customer was denied one method and never chose another', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', extra: { expires_at: await k.inMinutes(30) } }))
      await k.actOk(id, 'deny', 'bnpl_instalments')
      await k.advance(30)
      const session = await k.get(id)
      expect(statuses(session)).toEqual({ session: 'expired', intent: 'denied', hpp: 'expired' })
      expect(session.payment_intents.map((i) => i.status)).toEqual(['denied', 'expired'])
    })

    it('invitation_expires_on_date earlier than expires_at wins', async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          extra: { expires_at: await k.inMinutes(120) },
          merchant: { invitation_expires_on_date: await k.inMinutes(30) },
        }),
      )
      expect((await k.advance(29)).timers_run).toBe(0)
      expect((await k.advance(1)).timers_run).toBe(1)
      expect(statuses(await k.get(id))).toEqual({ session: 'expired', intent: null, hpp: 'expired' })
    })

    it('expires_at earlier than invitation_expires_on_date wins', async () => {
      const id = await k.create(
        sessionRequest({
          extra: { expires_at: await k.inMinutes(30) },
          merchant: { invitation_expires_on_date: await k.inMinutes(120) },
        }),
      )
      await k.advance(30)
      expect((await k.get(id)).status).toBe('expired')
    })

    it('runs due timers in due order: an expiry due before an on-hold decision wins', async () => {
      const now = new Date()
      t.setNow(now)
      const request = paymentIntentRequest({ email: 'ana.garcia+on_hold@example.com' })
      request.expires_at = new Date(now.getTime() + 2 * 60_000).toISOString()
      const id = await k.createPaymentIntent(request)
      expect(statuses(await k.get(id))).toEqual({ session: 'initial', intent: 'on_hold', hpp: null })
      await k.advance(10)
      expect(statuses(await k.get(id)).session).toBe('expired')
    })

    it('a completed session does not expire', async () => {
      const confirmed = await k.create(
        sessionRequest({ checkoutMode: 'auto_confirm', extra: { expires_at: await k.inMinutes(30) } }),
      )
      const delegated = await k.create(
        sessionRequest({ checkoutMode: 'delegated', extra: { expires_at: await k.inMinutes(30) } }),
      )
      await k.actOk(confirmed, 'approve')
      await k.actOk(delegated, 'approve')
      expect(await k.pendingTimers(confirmed)).toEqual([])
      expect(await k.pendingTimers(delegated)).toEqual([])
      expect((await k.advance(60)).timers_run).toBe(0)
      expect(statuses(await k.get(confirmed))).toEqual({
        session: 'confirmed',
        intent: 'confirmed',
        hpp: null,
      })
      expect(statuses(await k.get(delegated))).toEqual({ session: 'initial', intent: 'approved', hpp: null })
    })

    it('a challenged session waiting for its down payment expires, and so does the child session', async () => {
      const id = await k.create(sessionRequest({ ui: 'hpp', extra: { expires_at: await k.inMinutes(30) } }))
      const childId = (await k.actOk(id, 'challenge')).downpayment_checkout_session_id as string
      const child = await k.get(childId)
      expect(child.options.expires_at).toBe((await k.get(id)).options.expires_at)
      expect((await k.advance(29)).timers_run).toBe(0)
      expect((await k.advance(1)).timers_run).toBe(1)
      const parent = await k.get(id)
      expect(statuses(parent)).toEqual({ session: 'expired', intent: 'expired', hpp: 'expired' })
      expect(parent.payment_intents.map((i) => i.status)).toEqual(['expired', 'expired'])
      expect(types(await k.events(id))).toEqual([
        'payment_intent_status_changed:on_hold',
        'checkout_session_status_changed:challenge',
        'payment_intent_status_changed:expired',
        'checkout_session_status_changed:expired',
      ])
      const expiredChild = await k.get(childId)
      expect(statuses(expiredChild)).toEqual({ session: 'expired', intent: null, hpp: 'expired' })
      expect(expiredChild.payment_intents.map((i) => i.status)).toEqual(['expired', 'expired'])
      expect((await k.act(childId, 'approve')).statusCode).toBe(409)
    })

    it('the invitation date ends a challenged order and its down payment, even after the lender approved', async () => {
      const id = await k.create(
        sessionRequest({
          checkoutMode: 'auto_confirm',
          extra: { down_payment: { down_payment_collection: 'before_confirm', amount: 2000 } },
          merchant: { invitation_expires_on_date: await k.inMinutes(45) },
        }),
      )
      const childId = (await k.actOk(id, 'approve')).downpayment_checkout_session_id as string
      expect(statuses(await k.get(id))).toEqual({ session: 'challenge', intent: 'approved', hpp: null })
      expect((await k.advance(45)).timers_run).toBe(1)
      expect(statuses(await k.get(id))).toEqual({ session: 'expired', intent: 'expired', hpp: null })
      expect((await k.get(childId)).status).toBe('expired')
    })
  })

  it("moves only the caller's clock: the other merchant's session does not expire", async () => {
    const demo = await k.create(sessionRequest({ extra: { expires_at: await k.inMinutes(30) } }))
    const other = await k.create(
      sessionRequest({ extra: { expires_at: await k.inMinutes(30, 'other') } }),
      t.other,
    )
    const demoClock = await k.advance(30)
    expect(demoClock.timers_run).toBe(1)
    expect(demoClock.offset_minutes).toBe(30)
    expect((await k.get(demo)).status).toBe('expired')
    expect((await k.get(other, t.other)).status).toBe('initial')
    expect(await k.pendingTimers(other)).toEqual(['expire'])

    const otherClock = await k.advance(10, t.other)
    expect(otherClock.offset_minutes).toBe(10)
    expect(otherClock.timers_run).toBe(0)
    expect((await k.get(other, t.other)).status).toBe('initial')
    expect((await k.advance(20, t.other)).timers_run).toBe(1)
    expect((await k.get(other, t.other)).status).toBe('expired')
    // The advance answers with each merchant's own clock.
    expect(Date.parse(otherClock.now) - Date.parse(demoClock.now)).toBeLessThan(-19 * 60_000)
  })
})

describe.each(testEngines())('timers across a restart on $name', (engine) => {
  let db: TestDatabase
  beforeEach(async () => {
    db = await engine.open()
  })
  afterEach(() => db.cleanup())

  it('a timer scheduled before the restart runs on the new app', async () => {
    const build = (database = db.db) => buildApp({ config: loadConfig({}), db: database, timerIntervalMs: 0 })
    const first = await build()
    const login = await first.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: 'demo@plazo.test', password: 'plazo-sandbox' },
    })
    const demo = { authorization: `Bearer ${login.json().access_token}` }
    const kit = new LifecycleKit({
      app: first,
      t: db,
      demo,
      other: demo,
      setNow: () => {},
      close: async () => {},
    })
    const id = await kit.create(
      sessionRequest({
        ui: 'hpp',
        checkoutMode: 'delegated',
        merchant: { max_interval_in_minutes_for_confirm: 30 },
      }),
    )
    await kit.actOk(id, 'approve')
    await kit.advance(10)
    await first.close()

    // The same database, reopened from its URL (an in-memory one only lives in its handle: reuse it).
    const reopened = engine.name === 'sqlite (memory)' ? db.db : await openDatabase(db.url)
    if (reopened !== db.db) await db.db.close()
    const second = await build(reopened)
    try {
      const after = new LifecycleKit({
        app: second,
        t: { ...db, db: reopened },
        demo,
        other: demo,
        setNow: () => {},
        close: async () => {},
      })
      expect(await after.pendingTimers(id)).toEqual(['confirm_deadline'])
      expect((await after.advance(19)).timers_run).toBe(0)
      const clock = await after.advance(1)
      expect(clock.offset_minutes).toBe(30)
      expect(clock.timers_run).toBe(1)
      expect(statuses(await after.get(id))).toEqual({
        session: 'cancelled',
        intent: 'cancelled',
        hpp: 'cancelled',
      })
    } finally {
      await second.close()
      if (reopened !== db.db) await reopened.close()
    }
  })
})
