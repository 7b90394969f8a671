// What a stuck endpoint's backlog costs the worker, and how a worker lets go of events: events waiting behind a
// failing one are not due (claims never read them), the merchant bound counts every claim in flight, a failure
// of Plazo's own is a recorded try, and stopping does not wait a whole try out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  enqueue,
  eventsOf,
  type Receiver,
  receiver,
  type WebhookTestApp,
  webhookApp,
} from './helpers.ts'

interface EventState {
  event_id: string
  status: string
  next_attempt_at: string | null
  locked_until: string | null
  claimed_by: string | null
  attempts: number
  last_error: string | null
}

describe.each(testEngines())('a backlog behind a stuck endpoint, on $name', (engine) => {
  let t: TestDatabase
  let apps: WebhookTestApp[]
  let hook: Receiver
  let release: () => void

  beforeEach(async () => {
    t = await engine.open()
    apps = []
    hook = await receiver()
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    hook.fallback = { status: 200, gate }
  })
  afterEach(async () => {
    release()
    for (const app of apps) await app.close()
    await hook.close()
    await t.cleanup()
  })

  const open = async (options: Parameters<typeof webhookApp>[1] = {}) => {
    const app = await webhookApp(t.db, options)
    apps.push(app)
    return app
  }
  const states = (sessionId: string) =>
    t.db.query<EventState>(
      `SELECT event_id, status, next_attempt_at, locked_until, claimed_by, attempts, last_error
       FROM events WHERE checkout_session_id = $1 ORDER BY seq`,
      [sessionId],
    )

  it('keeps the events waiting behind a failing one out of the due ones, and sends them in order after it', async () => {
    let clock = Date.now()
    const api = await open({ now: () => new Date(clock) })
    release()
    hook.replies = [503]
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [first] = await enqueue(t.db, DEMO, sessionId, 1, new Date(clock))
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ retrying: 1 })
    const later = await enqueue(t.db, DEMO, sessionId, 20, new Date(clock))

    // Waiting: no time of their own until the one before them is settled, so no claim reads them.
    const waiting = (await states(sessionId)).slice(1)
    expect(waiting.map((e) => [e.status, e.next_attempt_at])).toEqual(later.map(() => ['pending', null]))
    const listed = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(listed.slice(1).map((e: { next_attempt_at: string | null }) => e.next_attempt_at)).toEqual(
      later.map(() => null),
    )
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ claimed: 0 })

    // The retry is due: the first goes, then each waiting one in turn, in the order written.
    clock += 60 * 60_000
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 21 })
    expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual([
      first?.event_id,
      first?.event_id,
      ...later.map((e) => e.event_id),
    ])
    expect(
      (await states(sessionId)).every((e) => e.status === 'delivered' && e.next_attempt_at === null),
    ).toBe(true)
  })

  it('a redelivered event behind a pending one waits for it, and goes once it is settled', async () => {
    let clock = Date.now()
    const api = await open({ now: () => new Date(clock) })
    release()
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [e1, e2] = await enqueue(t.db, DEMO, sessionId, 2, new Date(clock))
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 2 })
    hook.replies = [503]
    const redeliver = (eventId: string | undefined) =>
      api.app.inject({
        method: 'POST',
        url: `/api/v2/webhooks/events/${eventId}/redeliver/`,
        headers: api.demo,
      })
    expect((await redeliver(e1?.event_id)).json().payload.next_attempt_at).toBe(new Date(clock).toISOString())
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ retrying: 1 })
    const res = await redeliver(e2?.event_id)
    expect(res.json().payload).toMatchObject({ status: 'pending', next_attempt_at: null })
    clock += 60 * 60_000
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ delivered: 2 })
    expect(hook.requests.slice(-2).map((r) => r.headers['webhook-id'])).toEqual([e1?.event_id, e2?.event_id])
  })

  it("counts every claim in flight against the merchant's bound, whatever the claiming node's clock", async () => {
    // Node B's clock is 2 s ahead of node A's. B claims an event that is due for B but not yet for A.
    const real = Date.now()
    const webhooks = { merchantConcurrency: 1, timeoutMs: 20_000 }
    const a = await open({ now: () => new Date(real), webhooks })
    const b = await open({ now: () => new Date(real + 2_000), webhooks })
    const ahead = await createSession(a.app, a.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, ahead, 1, new Date(real + 1_000))
    const inFlight = b.app.services.webhookDelivery.deliverDue()
    await hook.until(() => hook.requests.length === 1)

    const behind = await createSession(a.app, a.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, behind, 1, new Date(real - 1_000))
    // The merchant's one slot is taken: A claims nothing (before, it did not see B's claim and sent a second).
    expect(await a.app.services.webhookDelivery.deliverDue()).toMatchObject({ claimed: 0 })
    expect(hook.requests).toHaveLength(1)
    release()
    await inFlight
  })

  it('records a failure of its own as a failed try, and frees the event and its merchant at once', async () => {
    const api = await open({
      webhooks: {
        post: async () => {
          throw new TypeError('a bug in the sender')
        },
      },
    })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ retrying: 1 })
    const [event] = await states(sessionId)
    expect(event).toMatchObject({
      status: 'pending',
      locked_until: null,
      claimed_by: null,
      attempts: 1,
      last_error: 'Plazo could not send the notification: a bug in the sender',
    })
  })

  it('stops without waiting a whole try out: the event is let go for the next node at once', async () => {
    const api = await open({ webhooks: { timeoutMs: 20_000, stopWaitMs: 200 } })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId)
    const pass = api.app.services.webhookDelivery.deliverDue().catch(() => undefined)
    await hook.until(() => hook.requests.length === 1)
    const started = performance.now()
    await api.app.services.webhookDelivery.stop()
    // Far below the try's 20 s deadline, which it waited for before.
    expect(performance.now() - started).toBeLessThan(10_000)
    // Free at once, for any node; its last claim's token stays, so the pass that takes it records the try it
    // cut short in the delivery log.
    const [event] = await states(sessionId)
    expect(event).toMatchObject({ status: 'pending', locked_until: null, attempts: 1 })
    await pass
  })
})
