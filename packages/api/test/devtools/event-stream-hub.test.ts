// One read loop per node serves every listener (issue 38): the stream's queries do not grow with the number of
// subscriptions, each subscription gets every event of its merchant once and in order, late subscriptions catch
// up from their cursor, and no merchant sees another's events. Both engines.
import { randomUUID } from 'node:crypto'
import { examples, type WebhookEvent } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventStream, type StreamedEvent } from '../../src/domain/devtools/event-stream.ts'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { enqueueEvents } from '../../src/domain/webhooks/outbox.ts'
import { HppKit } from '../client/hpp-kit.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { countingReads } from '../helpers/counting-database.ts'
import { testEngines } from '../helpers/engines.ts'

describe.each(testEngines())('the event stream read loop on $name', (engine) => {
  let t: TestApp
  let demoSession: string
  let otherSession: string
  beforeEach(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    const kit = new HppKit(t)
    demoSession = (await kit.createHpp()).id
    otherSession = (await kit.createHpp({}, t.other)).id
  })
  afterEach(() => t.close())

  const write = async (merchantId: string, sessionId: string) => {
    const payload = {
      ...(structuredClone(
        examples.WEBHOOK_EXAMPLES.checkout_session_status_changed,
      ) as unknown as WebhookEvent),
      checkout_session_id: sessionId,
      event_id: randomUUID(),
    }
    await t.t.db.transaction((tx) =>
      enqueueEvents(tx, [{ merchantId, checkoutSessionId: sessionId, payload }], new Date()),
    )
    return payload.event_id
  }
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(condition()).toBe(true)
  }

  it('reads the same whatever the number of listeners, and gives each every event once, in order', async () => {
    const { db, reads } = countingReads(t.t.db)
    const stream = new EventStream({ db, pollMs: 50 })
    const from = await stream.cursorNow(SANDBOX.demoStore.merchantId)
    const received = Array.from({ length: 40 }, () => [] as StreamedEvent[])
    const stops = received.map((list) =>
      stream.subscribe(
        SANDBOX.demoStore.merchantId,
        from,
        (event) => list.push(event),
        (error) => {
          throw error
        },
      ),
    )
    const others: StreamedEvent[] = []
    stops.push(
      stream.subscribe(
        SANDBOX.otherShop.merchantId,
        { seq: 0, redelivery: 0 },
        (e) => others.push(e),
        () => {},
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const before = reads()
    const written: string[] = []
    for (let i = 0; i < 5; i++) written.push(await write(SANDBOX.demoStore.merchantId, demoSession))
    await until(() => received.every((list) => list.length === 5))
    await new Promise((resolve) => setTimeout(resolve, 500))
    const loopReads = reads() - before
    for (const stop of stops) stop()
    for (const list of received) expect(list.map((event) => event.event_id)).toEqual(written)
    expect(others.map((event) => event.checkout_session_id)).not.toContain(demoSession)
    // About two reads per 50 ms poll over ~0.7 s for all 41 subscriptions; one loop per subscription was ~1,100.
    expect(loopReads).toBeLessThan(80)
  })

  it('catches a late subscription up from its cursor, then keeps it live', async () => {
    const stream = new EventStream({ db: t.t.db, pollMs: 50 })
    const start = await stream.cursorNow(SANDBOX.demoStore.merchantId)
    const early: StreamedEvent[] = []
    const stopEarly = stream.subscribe(
      SANDBOX.demoStore.merchantId,
      start,
      (e) => early.push(e),
      () => {},
    )
    const first = await write(SANDBOX.demoStore.merchantId, demoSession)
    await until(() => early.length === 1)
    const late: StreamedEvent[] = []
    const stopLate = stream.subscribe(
      SANDBOX.demoStore.merchantId,
      start,
      (e) => late.push(e),
      () => {},
    )
    const second = await write(SANDBOX.demoStore.merchantId, demoSession)
    await write(SANDBOX.otherShop.merchantId, otherSession)
    await until(() => late.length === 2 && early.length === 2)
    stopEarly()
    stopLate()
    expect(late.map((event) => event.event_id)).toEqual([first, second])
    expect(early.map((event) => event.event_id)).toEqual([first, second])
  })
})
