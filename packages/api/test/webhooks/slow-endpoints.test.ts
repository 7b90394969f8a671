import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  enqueue,
  eventsOf,
  OTHER,
  type Receiver,
  receiver,
  type WebhookTestApp,
  webhookApp,
} from './helpers.ts'

describe.each(testEngines())('an endpoint that hangs, on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let second: WebhookTestApp | undefined
  let secondDb: Database | undefined
  let hanging: Receiver
  let healthy: Receiver
  let release: () => void

  beforeEach(async () => {
    second = undefined
    secondDb = undefined
    t = await engine.open()
    hanging = await receiver()
    healthy = await receiver()
    // Answers only when the test lets it: it hangs far longer than it takes to deliver anything else.
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    hanging.fallback = { status: 200, gate }
  })
  afterEach(async () => {
    release()
    await second?.close()
    if (secondDb && secondDb !== t.db) await secondDb.close()
    await api.close()
    await hanging.close()
    await healthy.close()
    await t.cleanup()
  })

  it('does not delay the notifications of other merchants, on any node', async () => {
    // Two nodes, each with its worker on its own timer. A node sends at most 6 notifications at once, and one
    // merchant gets at most 3 at once from all nodes together; the hanging merchant has 10 orders waiting, more
    // than a node's bound. On PostgreSQL the second node has its own connection pool; SQLite has one writer
    // per file, so it shares the handle.
    const webhooks = { intervalMs: 20, timeoutMs: 20_000, concurrency: 6, merchantConcurrency: 3 }
    api = await webhookApp(t.db, { webhooks })
    secondDb = engine.engine === 'postgres' ? await openDatabase(t.url) : t.db
    second = await webhookApp(secondDb, { webhooks })
    const stuck: string[] = []
    for (let order = 0; order < 10; order++) {
      const sessionId = await createSession(api.app, api.other, { notification_url: hanging.url })
      await enqueue(t.db, OTHER, sessionId)
      stuck.push(sessionId)
    }
    await hanging.until(() => hanging.requests.length > 0)

    const sessionId = await createSession(api.app, api.demo, { notification_url: healthy.url })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    // Either the healthy merchant gets its notification, or the worker gives up on the hanging endpoint first
    // (its timeout), which is the defect: the healthy merchant waited for it.
    await Promise.race([
      healthy.until(() => healthy.requests.length > 0),
      hanging.until(() => hanging.abandoned.length > 0),
    ])
    expect(hanging.abandoned).toHaveLength(0)
    expect(healthy.requests.map((r) => r.headers['webhook-id'])).toEqual([event?.event_id])
    expect(hanging.requests.length).toBeLessThanOrEqual(3)

    // Once the endpoint answers, its waiting notifications all go out, each once.
    release()
    await hanging.until(() => hanging.requests.length === 10)
    // Stopping waits for the deliveries in flight to be recorded.
    await api.app.services.webhookDelivery.stop()
    await second?.app.services.webhookDelivery.stop()
    expect(new Set(hanging.requests.map((r) => r.headers['webhook-id'])).size).toBe(10)
    for (const id of stuck) {
      const [listed] = (await eventsOf(api.app, api.other, id)).json().payload
      expect(listed).toMatchObject({ status: 'delivered', attempt_count: 1 })
    }
  })
})

describe.each(testEngines())("a merchant's endpoint that hangs, on $name", (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hanging: Receiver
  let healthy: Receiver
  let release: () => void

  beforeEach(async () => {
    t = await engine.open()
    hanging = await receiver()
    healthy = await receiver()
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    hanging.fallback = { status: 200, gate }
  })
  afterEach(async () => {
    release()
    await api.close()
    await hanging.close()
    await healthy.close()
    await t.cleanup()
  })

  it("does not delay the merchant's other endpoint", async () => {
    // The default bounds: 8 in flight per endpoint, 16 per merchant. Ten orders notify the hanging endpoint,
    // more than its bound; one order of the same merchant notifies another endpoint.
    api = await webhookApp(t.db, { webhooks: { intervalMs: 20, timeoutMs: 20_000 } })
    const stuck: string[] = []
    for (let order = 0; order < 10; order++) {
      const sessionId = await createSession(api.app, api.demo, { notification_url: hanging.url })
      await enqueue(t.db, DEMO, sessionId)
      stuck.push(sessionId)
    }
    await hanging.until(() => hanging.requests.length === 8)

    const sessionId = await createSession(api.app, api.demo, { notification_url: healthy.url })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    // Either the healthy endpoint gets its notification, or the worker gives up on the hanging one first (its
    // timeout): the defect, the healthy endpoint waited behind its merchant's hanging one.
    await Promise.race([
      healthy.until(() => healthy.requests.length > 0),
      hanging.until(() => hanging.abandoned.length > 0),
    ])
    expect(hanging.abandoned).toHaveLength(0)
    expect(healthy.requests.map((r) => r.headers['webhook-id'])).toEqual([event?.event_id])
    expect(hanging.requests).toHaveLength(8)

    release()
    await hanging.until(() => hanging.requests.length === 10)
    await api.app.services.webhookDelivery.stop()
    expect(new Set(hanging.requests.map((r) => r.headers['webhook-id'])).size).toBe(10)
  })

  it("keeps a merchant's total bound over all its endpoints", async () => {
    api = await webhookApp(t.db, { webhooks: { endpointConcurrency: 2, merchantConcurrency: 3 } })
    for (const endpoint of ['a', 'b', 'c']) {
      for (let order = 0; order < 3; order++) {
        const sessionId = await createSession(api.app, api.demo, {
          notification_url: `${hanging.url}?e=${endpoint}`,
        })
        await enqueue(t.db, DEMO, sessionId)
      }
    }
    const pass = api.app.services.webhookDelivery.deliverDue()
    await hanging.until(() => hanging.requests.length === 3)
    // The merchant's room is full: another pass takes nothing, whichever endpoint still has room.
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ claimed: 0 })
    const perEndpoint = new Map<string, number>()
    for (const request of hanging.requests)
      perEndpoint.set(request.url, (perEndpoint.get(request.url) ?? 0) + 1)
    expect(Math.max(...perEndpoint.values())).toBe(2)
    release()
    await pass
  })
})

describe.each(testEngines())('a merchant at its bound, on $name', (engine) => {
  let t: TestDatabase
  let writer: WebhookTestApp
  let node: WebhookTestApp | undefined
  let hook: Receiver

  beforeEach(async () => {
    node = undefined
    t = await engine.open()
    writer = await webhookApp(t.db)
    hook = await receiver()
  })
  afterEach(async () => {
    await node?.close()
    await writer.close()
    await hook.close()
    await t.cleanup()
  })

  it('gets its waiting sessions claimed as soon as one of its deliveries ends, not at the next interval', async () => {
    const events: string[] = []
    for (let order = 0; order < 3; order++) {
      const sessionId = await createSession(writer.app, writer.demo, {
        notification_url: `${hook.url}?order=${order}`,
      })
      events.push(...(await enqueue(t.db, DEMO, sessionId)).map((e) => e.event_id))
    }
    // A node whose first claim (when it is ready) finds the three sessions but may take one: one event of a
    // merchant in flight at a time, and an interval far longer than the test. Only the end of a delivery can
    // start the next one.
    node = await webhookApp(t.db, { webhooks: { intervalMs: 600_000, merchantConcurrency: 1 } })
    await hook.until(() => hook.requests.length === 3)
    expect(new Set(hook.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set(events))
    // One at a time: each request arrived after the previous one was answered.
    for (const [position, request] of hook.requests.entries()) {
      const previous = hook.requests[position - 1]
      if (previous) expect(request.arrived).toBeGreaterThan(previous.answered ?? Number.POSITIVE_INFINITY)
    }
  })
})

describe.each(testEngines())('an endpoint that never ends its bodies, on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hook: Receiver

  beforeEach(async () => {
    t = await engine.open()
    api = await webhookApp(t.db, { webhooks: { timeoutMs: 3_000 } })
    hook = await receiver({ path: '/hook' })
  })
  afterEach(async () => {
    await api.close()
    await hook.close()
    await t.cleanup()
  })

  const pass = () => api.app.services.webhookDelivery.deliverDue()

  it('does not hold the sockets another merchant needs to reach the same host', async () => {
    // One host for two merchants: one answers 200 and never ends the body, the other answers 204 after 500 ms.
    hook.respond = (request) =>
      request.url.endsWith('?m=other') ? { status: 200, bodyEnd: 'stall' } : { status: 204, delayMs: 500 }
    // 8 orders of 8 notifications: the endpoint's bound (8 in flight) holds, but each delivery ends with its
    // status line, so the unfinished bodies add up to 64, every pooled socket to the host.
    for (let order = 0; order < 8; order++) {
      const sessionId = await createSession(api.app, api.other, { notification_url: `${hook.url}?m=other` })
      await enqueue(t.db, OTHER, sessionId, 8)
    }
    expect(await pass()).toMatchObject({ claimed: 64, delivered: 64 })
    expect(hook.requests).toHaveLength(64)

    const sessionId = await createSession(api.app, api.demo, { notification_url: `${hook.url}?m=demo` })
    await enqueue(t.db, DEMO, sessionId)
    await pass()
    // Not 'timed out after 3000 ms': the notification waited for a socket only as long as the bodies' grace.
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event).toMatchObject({
      status: 'delivered',
      last_error: null,
      attempts: [{ status_code: 204, error: null }],
    })
  })
})
