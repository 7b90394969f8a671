import { describe, expect, it } from 'vitest'
import { RETRY_DELAYS_MS, retryDelayMs } from '../../src/domain/webhooks/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  closedPortUrl,
  createSession,
  DEMO,
  eachClockedWebhookTest,
  enqueue,
  eventsOf,
  type Receiver,
  type WebhookTestApp,
} from './helpers.ts'

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', () => {
    const middle = () => 0.5
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, middle))).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ])
    expect(retryDelayMs(8, middle)).toBeUndefined()
  })

  it('jitters each delay by at most 10 %', () => {
    expect(retryDelayMs(1, () => 0)).toBe(4_500)
    expect(retryDelayMs(1, () => 0.999_999)).toBe(5_500)
    expect(retryDelayMs(7, () => 0)).toBe(32_400_000)
    const seen = new Set(Array.from({ length: 50 }, () => retryDelayMs(2)))
    expect(seen.size).toBeGreaterThan(1)
    for (const delay of seen) expect(Math.abs((delay as number) - 300_000)).toBeLessThanOrEqual(30_000)
  })
})

describe.each(testEngines())('retries on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hook: Receiver
  // No jitter, so the schedule can be checked to the millisecond; real time is injected.
  const { now, advance, pass } = eachClockedWebhookTest(
    engine,
    { random: () => 0.5, timeoutMs: 300 },
    (made) => {
      ;({ t, api, hook } = made)
    },
  )

  it('records a 500 then a 200 as two attempts and delivers on the retry, not before it is due', async () => {
    hook.replies.push({ status: 500, body: 'oops' })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ claimed: 1, retrying: 1 })
    advance(4_999)
    expect(await pass()).toMatchObject({ claimed: 0 })
    advance(1)
    expect(await pass()).toMatchObject({ claimed: 1, delivered: 1 })

    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event).toMatchObject({
      status: 'delivered',
      attempt_count: 2,
      last_error: null,
      attempts: [
        { status_code: 500, error: 'HTTP 500: oops' },
        { status_code: 200, error: null },
      ],
    })
    expect(Date.parse(event.attempts[1].attempted_at) - Date.parse(event.attempts[0].attempted_at)).toBe(
      5_000,
    )
    expect(hook.requests).toHaveLength(2)
    expect(hook.requests[1]?.headers['webhook-id']).toBe(hook.requests[0]?.headers['webhook-id'])
  })

  it('follows the schedule, then marks the event failed after the last try', async () => {
    hook.fallback = 503
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    const gaps: number[] = []
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1; attempt++) {
      const result = await pass()
      expect(result.claimed).toBe(1)
      const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
      expect(event.attempt_count).toBe(attempt)
      if (event.status === 'failed') {
        expect(attempt).toBe(8)
        expect(event.next_attempt_at).toBeNull()
        expect(result).toMatchObject({ failed: 1 })
        break
      }
      const gap = Date.parse(event.next_attempt_at) - now().getTime()
      gaps.push(gap)
      advance(gap)
    }
    expect(gaps).toEqual(RETRY_DELAYS_MS)
    advance(100 * 3_600_000)
    expect(await pass()).toMatchObject({ claimed: 0 })
    expect(hook.requests).toHaveLength(8)
  })

  it('counts a timeout as a failed attempt', async () => {
    hook.replies.push({ status: 200, delayMs: 2_000 })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    const started = Date.now()
    expect(await pass()).toMatchObject({ retrying: 1 })
    expect(Date.now() - started).toBeLessThan(1_500)
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event).toMatchObject({
      status: 'pending',
      last_error: 'timed out after 300 ms',
      attempts: [{ status_code: null, error: 'timed out after 300 ms' }],
    })
    expect(event.attempts[0].duration_ms).toBeGreaterThanOrEqual(290)
  })

  it('records a 2XX as delivered when its status line arrives, whatever then happens to the body', async () => {
    // A body that never ends (timeoutMs is 300 here) and one whose connection is cut mid-body.
    hook.respond = (request) =>
      request.url.endsWith('?cut=1')
        ? { status: 202, body: '{"ok":', bodyEnd: 'cut' }
        : { status: 200, bodyEnd: 'stall' }
    const stalled = await createSession(api.app, api.demo, { notification_url: hook.url })
    const cut = await createSession(api.app, api.demo, { notification_url: `${hook.url}?cut=1` })
    await enqueue(t.db, DEMO, stalled, 1, now())
    await enqueue(t.db, DEMO, cut, 1, now())
    expect(await pass()).toMatchObject({ claimed: 2, delivered: 2, retrying: 0 })
    for (const [sessionId, statusCode] of [
      [stalled, 200],
      [cut, 202],
    ] as const) {
      const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
      expect(event).toMatchObject({
        status: 'delivered',
        last_error: null,
        attempts: [{ status_code: statusCode, error: null }],
      })
    }
    // Acknowledged means not sent again.
    advance(RETRY_DELAYS_MS[0] as number)
    expect(await pass()).toMatchObject({ claimed: 0 })
    expect(hook.requests).toHaveLength(2)
  })

  it('records the status of a failing answer whose body is cut', async () => {
    hook.replies.push({ status: 503, body: 'Service Unavailable', bodyEnd: 'cut' })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ retrying: 1 })
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event.attempts).toEqual([
      expect.objectContaining({ status_code: 503, error: 'HTTP 503: Service Unavailable' }),
    ])
  })

  it('counts a refused connection as a failed attempt', async () => {
    const url = await closedPortUrl()
    const sessionId = await createSession(api.app, api.demo, { notification_url: url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ retrying: 1 })
    const [event] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(event.attempts).toEqual([
      expect.objectContaining({
        status_code: null,
        error: expect.stringMatching(/ECONNREFUSED 127\.0\.0\.1/),
      }),
    ])
  })

  it('does not follow redirects: a 3XX is a failed attempt', async () => {
    hook.replies.push({ status: 307, body: '' })
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ retrying: 1 })
    expect(hook.requests).toHaveLength(1)
  })

  it('gives a redelivered failed event a fresh schedule', async () => {
    hook.fallback = 500
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [event] = await enqueue(t.db, DEMO, sessionId, 1, now())
    for (let attempt = 0; attempt < 8; attempt++) {
      await pass()
      advance(11 * 3_600_000)
    }
    expect((await eventsOf(api.app, api.demo, sessionId)).json().payload[0].status).toBe('failed')
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/events/${event?.event_id}/redeliver`,
      headers: api.demo,
    })
    expect(res.json().payload).toMatchObject({ status: 'pending', next_attempt_at: now().toISOString() })
    await pass()
    const [after] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(after).toMatchObject({ status: 'pending', attempt_count: 9 })
    expect(Date.parse(after.next_attempt_at) - now().getTime()).toBe(5_000)
  })

  it('keeps the time of the first delivery when a redelivered event then fails', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [event] = await enqueue(t.db, DEMO, sessionId, 1, now())
    expect(await pass()).toMatchObject({ delivered: 1 })
    const firstDelivery = now().toISOString()
    const listed = async () => (await eventsOf(api.app, api.demo, sessionId)).json().payload[0]
    expect(await listed()).toMatchObject({ status: 'delivered', delivered_at: firstDelivery })

    advance(60_000)
    hook.replies.push({ status: 500, body: 'down' })
    const redelivered = await api.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/events/${event?.event_id}/redeliver/`,
      headers: api.demo,
    })
    expect(redelivered.json().payload).toMatchObject({ status: 'pending', delivered_at: firstDelivery })
    expect(await pass()).toMatchObject({ retrying: 1 })
    expect(await listed()).toMatchObject({
      status: 'pending',
      delivered_at: firstDelivery,
      last_error: 'HTTP 500: down',
    })

    advance(RETRY_DELAYS_MS[0] as number)
    expect(await pass()).toMatchObject({ delivered: 1 })
    expect(await listed()).toMatchObject({
      status: 'delivered',
      delivered_at: firstDelivery,
      attempt_count: 3,
      last_error: null,
    })
  })
})
