import { describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  eachReceiverTest,
  enqueue,
  eventsOf,
  type Receiver,
  type WebhookTestApp,
  webhookApp,
} from './helpers.ts'

// A database that outlives a process: the SQLite file and PostgreSQL (an in-memory database dies with it).
const durableEngines = testEngines().filter((engine) => engine.name !== 'sqlite (memory)')

describe.each(durableEngines)('crash safety on $name', (engine) => {
  let t: TestDatabase
  let hook: Receiver
  const cleanups = eachReceiverTest(engine, (made) => {
    ;({ t, hook } = made)
  })

  /** A new "process": its own connection to the same database and its own app. */
  async function restart(options: Parameters<typeof webhookApp>[1] = {}): Promise<WebhookTestApp> {
    const db: Database = await openDatabase(t.url)
    const api = await webhookApp(db, options)
    cleanups.push(async () => {
      await api.close()
      await db.close()
    })
    return api
  }

  it('delivers an event written before the process stopped, once the receiver answers 2XX', async () => {
    const first = await webhookApp(t.db)
    const sessionId = await createSession(first.app, first.demo, { notification_url: hook.url })
    // The state change and its event commit together; the process goes away before any delivery.
    const [event] = await enqueue(t.db, DEMO, sessionId)
    await first.close()
    await t.db.close()
    expect(hook.requests).toHaveLength(0)

    hook.replies.push(503)
    const second = await restart()
    expect(await second.app.services.webhookDelivery.deliverDue()).toMatchObject({ retrying: 1 })
    const third = await restart({ now: () => new Date(Date.now() + 6_000) })
    expect(await third.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 1 })
    expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual([event?.event_id, event?.event_id])
    expect(JSON.parse(hook.requests[1]?.body ?? '')).toEqual(event)
  })

  it('redelivers an event whose delivery was cut short, after its claim expires', async () => {
    const first = await webhookApp(t.db)
    const sessionId = await createSession(first.app, first.demo, { notification_url: hook.url })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    // A pass claimed the event, then its process died before recording the outcome.
    await t.db.run(`UPDATE events SET claimed_by = 'dead-pass', locked_until = $1 WHERE event_id = $2`, [
      new Date(Date.now() + 60_000),
      event?.event_id ?? '',
    ])
    await first.close()
    await t.db.close()

    const soon = await restart()
    expect(await soon.app.services.webhookDelivery.deliverDue()).toMatchObject({ claimed: 0 })
    const later = await restart({ now: () => new Date(Date.now() + 61_000) })
    expect(await later.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 1 })
    expect(hook.requests).toHaveLength(1)
    const [listed] = (await eventsOf(later.app, later.demo, sessionId)).json().payload
    expect(listed).toMatchObject({ status: 'delivered', attempt_count: 1 })
  })
})

describe.each(testEngines())('concurrent workers on $name', (engine) => {
  let t: TestDatabase
  let hook: Receiver
  const cleanups = eachReceiverTest(engine, (made) => {
    ;({ t, hook } = made)
  })

  it("never delivers one event twice in a round, and keeps a session's order, across passes and app instances", async () => {
    const a = await webhookApp(t.db, { webhooks: { batchSize: 7 } })
    cleanups.push(() => a.close())
    // On PostgreSQL the second instance has its own connection pool, like a second API node; SQLite has one
    // writer per file, so the second instance shares the handle (its transactions queue behind the same lock).
    const db = engine.engine === 'postgres' ? await openDatabase(t.url) : t.db
    const b = await webhookApp(db, { webhooks: { batchSize: 7 } })
    cleanups.push(async () => {
      await b.close()
      if (db !== t.db) await db.close()
    })
    hook.fallback = { status: 200, delayMs: 5 }
    // Four orders whose state changes interleave, one transaction each, as checkouts happen side by side.
    const sessions = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        createSession(a.app, a.demo, { notification_url: `${hook.url}?order=${index}` }),
      ),
    )
    const written = new Map<string, string[]>(sessions.map((id) => [id, []]))
    for (let change = 0; change < 15; change++) {
      for (const sessionId of sessions) {
        const [event] = await enqueue(t.db, DEMO, sessionId)
        written.get(sessionId)?.push(event?.event_id ?? '')
      }
    }

    let claimed = 0
    for (let round = 0; round < 40; round++) {
      const results = await Promise.all([
        a.app.services.webhookDelivery.deliverDue(),
        b.app.services.webhookDelivery.deliverDue(),
        a.app.services.webhookDelivery.deliverDue(),
        b.app.services.webhookDelivery.deliverDue(),
      ])
      const inRound = results.reduce((sum, result) => sum + result.claimed, 0)
      if (inRound === 0) break
      claimed += inRound
    }
    expect(claimed).toBe(60)
    const ids = hook.requests.map((r) => r.headers['webhook-id'])
    expect(ids).toHaveLength(60)
    expect(new Set(ids).size).toBe(60)
    expect(new Set(ids)).toEqual(new Set([...written.values()].flat()))
    // Each session's events arrive in the order written, each only after the previous one was answered,
    // whichever pass or node sends them.
    for (const [index, sessionId] of sessions.entries()) {
      const received = hook.requests.filter((r) => r.url.endsWith(`?order=${index}`))
      expect(received.map((r) => r.headers['webhook-id'])).toEqual(written.get(sessionId))
      for (const [position, request] of received.entries()) {
        const previous = received[position - 1]
        if (previous) expect(request.arrived).toBeGreaterThan(previous.answered ?? Number.POSITIVE_INFINITY)
      }
    }
  })

  it('delivers on its own interval once the app is ready, and stops with it', async () => {
    const api = await webhookApp(t.db, { webhooks: { intervalMs: 50 } })
    cleanups.push(() => api.close())
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 3)
    const deadline = Date.now() + 5_000
    while (hook.requests.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(hook.requests).toHaveLength(3)
    await api.close()
    await enqueue(t.db, DEMO, sessionId)
    await new Promise((r) => setTimeout(r, 200))
    expect(hook.requests).toHaveLength(3)
  })
})
