import { describe, expect, it } from 'vitest'
import { RETRY_DELAYS_MS } from '../../src/domain/webhooks/index.ts'
import { enqueueEvents } from '../../src/domain/webhooks/outbox.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  eachClockedWebhookTest,
  enqueue,
  eventsOf,
  type Receiver,
  statusChangedEvent,
  type WebhookTestApp,
} from './helpers.ts'

describe.each(testEngines())('the order of the notifications of a session on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hook: Receiver
  const { now, advance, pass } = eachClockedWebhookTest(engine, { random: () => 0.5 }, (made) => {
    ;({ t, api, hook } = made)
  })
  const receivedIds = () => hook.requests.map((r) => r.headers['webhook-id'])

  it('sends the events of one state change one at a time, in the order written, also across a retry', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const action = await api.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/checkout/${sessionId}/customer-action/`,
      headers: api.demo,
      payload: { action: 'approve' },
    })
    expect(action.statusCode).toBe(201)
    const written = (await eventsOf(api.app, api.demo, sessionId))
      .json()
      .payload.map((e: { event_id: string; payload: { triggered_at: string } }) => e)
    // One state change: several events with the same triggered_at, so triggered_at alone cannot order them.
    expect(written.length).toBeGreaterThanOrEqual(3)
    expect(
      new Set(written.map((e: { payload: { triggered_at: string } }) => e.payload.triggered_at)).size,
    ).toBe(1)
    const ids = written.map((e: { event_id: string }) => e.event_id)

    let refused = false
    hook.respond = (request) => {
      if (refused || request.headers['webhook-id'] !== ids[0]) return undefined
      refused = true
      return 503
    }
    expect(await pass()).toMatchObject({ retrying: 1, delivered: 0 })
    // The later events wait for the first one.
    expect(receivedIds()).toEqual([ids[0]])
    const waiting = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(
      waiting.slice(1).map((e: { status: string; attempt_count: number }) => [e.status, e.attempt_count]),
    ).toEqual(ids.slice(1).map(() => ['pending', 0]))

    advance(RETRY_DELAYS_MS[0] as number)
    expect(await pass()).toMatchObject({ delivered: ids.length, retrying: 0 })
    expect(receivedIds()).toEqual([ids[0], ...ids])
  })

  it('sends the later events of a session once an earlier one is given up', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const events = await enqueue(t.db, DEMO, sessionId, 3, now())
    const [first, ...later] = events.map((e) => e.event_id)
    hook.respond = (request) => (request.headers['webhook-id'] === first ? 500 : undefined)

    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      expect(await pass()).toMatchObject({ claimed: 1, retrying: 1 })
      expect(receivedIds()).toEqual(Array.from({ length: attempt }, () => first))
      advance(RETRY_DELAYS_MS[attempt - 1] as number)
    }
    // The eighth try fails too: the event is given up, and the next ones go out in the same pass.
    expect(await pass()).toMatchObject({ claimed: 3, failed: 1, delivered: 2 })
    expect(receivedIds().slice(-3)).toEqual([first, ...later])
    const listed = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(listed.map((e: { status: string }) => e.status)).toEqual(['failed', 'delivered', 'delivered'])
  })

  it('does not hold back the events of other sessions', async () => {
    const blocked = await createSession(api.app, api.demo, { notification_url: hook.url })
    const other = await createSession(api.app, api.demo, { notification_url: `${hook.url}?other=1` })
    const [stuck] = await enqueue(t.db, DEMO, blocked, 2, now())
    const [free] = await enqueue(t.db, DEMO, other, 1, now())
    hook.respond = (request) => (request.headers['webhook-id'] === stuck?.event_id ? 503 : undefined)
    expect(await pass()).toMatchObject({ claimed: 2, retrying: 1, delivered: 1 })
    expect(new Set(receivedIds())).toEqual(new Set([stuck?.event_id, free?.event_id]))
  })
  it('sends an event written while the one before it is being settled right after it, never leaving it waiting', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [first] = await enqueue(t.db, DEMO, sessionId, 1, now())
    let answer: () => void = () => undefined
    hook.replies.push({ status: 204, gate: new Promise<void>((resolve) => (answer = resolve)) })
    const delivering = pass()
    await hook.until(() => hook.requests.length === 1)
    // The state change writes its event while the first one is still in flight (so it waits), lets the
    // receiver answer, and commits only after the worker has started to settle the first one.
    const second = statusChangedEvent(sessionId)
    await t.db.transaction(async (tx) => {
      await enqueueEvents(tx, [{ merchantId: DEMO, checkoutSessionId: sessionId, payload: second }], now())
      answer()
      await new Promise((r) => setTimeout(r, 300))
    })
    expect(await delivering).toMatchObject({ delivered: 2 })
    expect(receivedIds()).toEqual([first?.event_id, second.event_id])
  })
})
