import { WebhookEventListResponseSchema, WebhookEventResponseSchema } from '@plazo/contract'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { expectBody } from '../helpers/app.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  eachWebhookTest,
  enqueue,
  eventsOf,
  type Receiver,
  secretOf,
  type WebhookTestApp,
} from './helpers.ts'

describe.each(testEngines())('webhook delivery on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hook: Receiver

  eachWebhookTest(engine, (made) => {
    ;({ t, api, hook } = made)
  })

  it('POSTs the stored payload, signed with Standard Webhooks, with the static Authorization header', async () => {
    const sessionId = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_auth: { authorization_header: 'Basic cGxhem86c2VjcmV0', content_type: 'application/json' },
    })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    expect(await api.app.services.webhookDelivery.deliverDue()).toEqual({
      claimed: 1,
      delivered: 1,
      retrying: 0,
      failed: 0,
    })

    expect(hook.requests).toHaveLength(1)
    const received = hook.requests[0]
    expect(received?.method).toBe('POST')
    expect(received?.url).toBe('/plazo/webhooks')
    expect(JSON.parse(received?.body ?? '')).toEqual(event)
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Plazo-Webhooks/1.0',
      authorization: 'Basic cGxhem86c2VjcmV0',
      'webhook-id': event?.event_id,
    })
    expect(received?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(Math.abs(Number(received?.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60)

    const secret = await secretOf(api.app, api.demo)
    const verified = new Webhook(secret).verify(
      received?.body ?? '',
      received?.headers as unknown as Record<string, string>,
    )
    expect(verified).toEqual(event)
    // A tampered body does not verify.
    expect(() =>
      new Webhook(secret).verify(
        received?.body.replace('confirmed', 'cancelled') ?? '',
        received?.headers as unknown as Record<string, string>,
      ),
    ).toThrow()
  })

  it('sends the static content_type, and application/json without notification_auth', async () => {
    const custom = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_auth: {
        authorization_header: 'Token abc',
        content_type: 'application/json; charset=utf-8',
      },
    })
    const plain = await createSession(api.app, api.demo, { notification_url: `${hook.url}?plain=1` })
    await enqueue(t.db, DEMO, custom)
    await enqueue(t.db, DEMO, plain)
    await api.app.services.webhookDelivery.deliverDue()
    const byUrl = Object.fromEntries(hook.requests.map((r) => [r.url, r.headers]))
    expect(byUrl['/plazo/webhooks']?.['content-type']).toBe('application/json; charset=utf-8')
    expect(byUrl['/plazo/webhooks?plain=1']?.['content-type']).toBe('application/json')
    expect(byUrl['/plazo/webhooks?plain=1']?.authorization).toBeUndefined()
  })

  it('records an Authorization value HTTP cannot carry as a failed try, and retries it like any other', async () => {
    for (const value of ['Bearer tok€n', 'Bearer a\r\nX-Injected: 1']) {
      const sessionId = await createSession(api.app, api.demo, {
        notification_url: hook.url,
        notification_auth: { authorization_header: value },
      })
      await enqueue(t.db, DEMO, sessionId)
      expect(await api.app.services.webhookDelivery.deliverDue()).toEqual({
        claimed: 1,
        delivered: 0,
        retrying: 1,
        failed: 0,
      })
      const [listed] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
      expect(listed).toMatchObject({
        status: 'pending',
        attempt_count: 1,
        last_error: 'the authorization header holds a character HTTP does not allow in a header value',
      })
    }
    expect(hook.requests).toHaveLength(0)
  })

  it('lists the events of a session given by its id in upper case (query ids are lowercased like path ids)', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    const res = await eventsOf(api.app, api.demo, sessionId.toUpperCase())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().payload.map((listed: { event_id: string }) => listed.event_id)).toEqual([
      event?.event_id,
    ])
  })

  it('falls back to the merchant notification_url, and fails an event with no URL at all', async () => {
    const withoutUrl = await createSession(api.app, api.demo)
    const [lost] = await enqueue(t.db, DEMO, withoutUrl)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({ claimed: 1, failed: 1 })
    expect(hook.requests).toHaveLength(0)
    const list = (await eventsOf(api.app, api.demo, withoutUrl)).json()
    expect(list.payload[0]).toMatchObject({
      event_id: lost?.event_id,
      status: 'failed',
      last_error: 'no notification_url',
      attempt_count: 0,
      attempts: [],
    })

    // Once the merchant has a URL, a redelivery sends it there.
    await t.db.run('UPDATE merchants SET notification_url = $1 WHERE id = $2', [hook.url, DEMO])
    const redelivered = await api.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/events/${lost?.event_id}/redeliver/`,
      headers: api.demo,
    })
    expect(redelivered.statusCode).toBe(201)
    await api.app.services.webhookDelivery.deliverDue()
    expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual([lost?.event_id])
  })

  it('lists the events of a session with every attempt, and answers 400/404 as documented', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [first, second] = await enqueue(t.db, DEMO, sessionId, 2)
    // The session's events go out in order: the first is acknowledged, the second refused.
    hook.replies.push(200, { status: 503, body: 'Service Unavailable' })
    await api.app.services.webhookDelivery.deliverDue()

    const res = await eventsOf(api.app, api.demo, sessionId)
    expect(res.statusCode).toBe(200)
    const body = expectBody(res, WebhookEventListResponseSchema) as {
      identifier: string
      payload: Array<Record<string, unknown> & { attempts: Array<Record<string, unknown>> }>
    }
    expect(body.identifier).toBe(sessionId)
    expect(body.payload.map((e) => e.event_id)).toEqual([first?.event_id, second?.event_id])
    const [delivered, failed] = body.payload
    expect(failed).toMatchObject({
      status: 'pending',
      type: 'checkout_session_status_changed',
      attempt_count: 1,
      last_error: 'HTTP 503: Service Unavailable',
      delivered_at: null,
      attempts: [{ status_code: 503, error: 'HTTP 503: Service Unavailable' }],
    })
    expect(failed?.next_attempt_at).toEqual(expect.any(String))
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempt_count: 1,
      last_error: null,
      next_attempt_at: null,
      attempts: [{ status_code: 200, error: null }],
    })
    expect(delivered?.payload).toEqual(first)
    expect(delivered?.attempts[0]?.duration_ms).toEqual(expect.any(Number))

    // Another merchant's session is as unknown as a random one.
    const foreign = await eventsOf(api.app, api.other, sessionId)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ status: 'ko', exception: 'plazo.checkout.not_found' })
    const missing = await api.app.inject({
      method: 'GET',
      url: '/api/v2/webhooks/events/',
      headers: api.demo,
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().schema_errors[0]).toMatchObject({ keyword: 'required' })
    const notUuid = await eventsOf(api.app, api.demo, 'not-a-uuid')
    expect(notUuid.statusCode).toBe(400)
    const anonymous = await api.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/events/?checkout_session_id=${sessionId}`,
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('redelivers an event with the same event_id (at least once: receivers deduplicate on it)', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    await api.app.services.webhookDelivery.deliverDue()
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/events/${event?.event_id}/redeliver`,
      headers: api.demo,
    })
    expect(res.statusCode).toBe(201)
    const body = expectBody(res, WebhookEventResponseSchema) as {
      identifier: string
      payload: { status: string }
    }
    expect(body.identifier).toBe(event?.event_id)
    expect(body.payload.status).toBe('pending')

    await api.app.services.webhookDelivery.deliverDue()
    expect(hook.requests).toHaveLength(2)
    expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual([event?.event_id, event?.event_id])
    expect(hook.requests[1]?.body).toBe(hook.requests[0]?.body)
    const [listed] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(listed).toMatchObject({ status: 'delivered', attempt_count: 2 })

    // Another merchant cannot redeliver (or learn about) it; an unknown id is the same 404.
    for (const [headers, id] of [
      [api.other, event?.event_id],
      [api.demo, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const denied = await api.app.inject({
        method: 'POST',
        url: `/api/v2/webhooks/events/${id}/redeliver`,
        headers,
      })
      expect(denied.statusCode).toBe(404)
      expect(denied.json()).toEqual({
        status: 'ko',
        exception: 'plazo.webhook.event_not_found',
        error: `Event ${id} not found.`,
      })
    }
  })

  it('serves a secret written in base64url in the standard base64 that Standard Webhooks libraries read', async () => {
    // The same 32 key bytes in both spellings; the seed writes base64url.
    const key = Buffer.from('fb-ff-fe_ff-ff-fe_ff-ff-fe_ff-ff-fe_ff-ff-fe_ff-ff-fe_', 'base64url').subarray(
      0,
      32,
    )
    await t.db.run('UPDATE merchants SET webhook_secret = $1 WHERE id = $2', [
      `whsec_${key.toString('base64url')}`,
      DEMO,
    ])
    expect(key.toString('base64url')).toMatch(/[-_]/)
    const secret = await secretOf(api.app, api.demo)
    expect(secret).toBe(`whsec_${key.toString('base64')}`)
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [event] = await enqueue(t.db, DEMO, sessionId)
    await api.app.services.webhookDelivery.deliverDue()
    const received = hook.requests[0]
    expect(
      new Webhook(key, { format: 'raw' }).verify(
        received?.body ?? '',
        received?.headers as unknown as Record<string, string>,
      ),
    ).toEqual(event)
  })
})
