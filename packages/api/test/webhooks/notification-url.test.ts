import { examples, SessionResponseSchema, setNotificationUrl } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import { expectBody } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import {
  closedPortUrl,
  createSession,
  eachWebhookTest,
  eventsOf,
  type Receiver,
  type WebhookTestApp,
} from './helpers.ts'

describe.each(testEngines())('fixing the notification_url of a session on $name', (engine) => {
  let api: WebhookTestApp
  let hook: Receiver

  eachWebhookTest(engine, (made) => {
    ;({ api, hook } = made)
  })

  const pass = () => api.app.services.webhookDelivery.deliverDue()
  const setUrl = (id: string, payload: unknown, headers = api.demo) =>
    api.app.inject({
      method: 'PUT',
      url: `/api/v2/webhooks/sessions/${id}/notification-url/`,
      headers,
      payload: payload as Record<string, unknown>,
    })

  it('sends the notifications of a captured order to a corrected URL, where PUT /checkout is refused', async () => {
    const wrong = await closedPortUrl()
    const sessionId = await createSession(api.app, api.demo, { notification_url: wrong })
    const approved = await api.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/checkout/${sessionId}/customer-action/`,
      headers: api.demo,
      payload: { action: 'approve' },
    })
    expect(approved.statusCode).toBe(201)
    await pass()
    expect(hook.requests).toHaveLength(0)

    // Spec §4: a captured order cannot be updated, so the URL cannot be fixed that way.
    const body = examples.embeddedRequestExample('product') as { merchant: Record<string, unknown> }
    const put = await api.app.inject({
      method: 'PUT',
      url: `/api/v2/checkout/${sessionId}/`,
      headers: api.demo,
      payload: { ...body, merchant: { ...body.merchant, notification_url: hook.url } },
    })
    expect(put.statusCode).toBe(409)

    const fixed = await setUrl(sessionId, { notification_url: hook.url })
    expect(fixed.statusCode, fixed.body).toBe(200)
    const session = expectBody(fixed, SessionResponseSchema) as {
      identifier: string
      payload: { status: string; merchant: { notification_url: string } }
    }
    expect(session.identifier).toBe(sessionId)
    expect(session.payload.merchant.notification_url).toBe(hook.url)
    expect(session.payload.status).toBe('confirmed')
    const read = await api.app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${sessionId}/`,
      headers: api.demo,
    })
    expect(read.json().payload.merchant.notification_url).toBe(hook.url)

    const listed = (await eventsOf(api.app, api.demo, sessionId)).json().payload as Array<{
      event_id: string
      type: string
    }>
    expect(listed.map((e) => e.type)).toContain('capture_approved')
    for (const event of listed) {
      const res = await api.app.inject({
        method: 'POST',
        url: `/api/v2/webhooks/events/${event.event_id}/redeliver/`,
        headers: api.demo,
      })
      expect(res.statusCode).toBe(201)
    }
    while ((await pass()).claimed > 0) {}
    expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual(listed.map((e) => e.event_id))
    const after = (await eventsOf(api.app, api.demo, sessionId)).json().payload
    expect(after.every((e: { status: string }) => e.status === 'delivered')).toBe(true)
  })

  it('answers 400, 401 and 404 with the documented error bodies, and leaves the URL as it was', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    for (const payload of [
      {},
      { notification_url: 'not a url' },
      { notification_url: hook.url, notification_auth: { authorization_cert: true } },
      { notification_url: null },
    ]) {
      const res = await setUrl(sessionId, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        schema_errors: [expect.objectContaining({ field: expect.any(String) })],
        original_data: payload,
      })
    }
    // The answer the webhook reference shows, to the character.
    const documented = setNotificationUrl.responses['400']?.examples?.default?.value as {
      original_data: unknown
    }
    const notAUrl = await setUrl(sessionId, documented.original_data)
    expect(notAUrl.statusCode).toBe(400)
    expect(notAUrl.json()).toEqual(documented)
    const notJson = await api.app.inject({
      method: 'PUT',
      url: `/api/v2/webhooks/sessions/${sessionId}/notification-url/`,
      headers: { ...api.demo, 'content-type': 'application/json' },
      payload: '{"notification_url":',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toMatchObject({ status: 'ko' })
    const badId = await setUrl('not-a-uuid', { notification_url: hook.url })
    expect(badId.statusCode).toBe(400)
    expect(badId.json().schema_errors[0]).toMatchObject({ field: '/checkout_session_id' })

    const foreign = await setUrl(sessionId, { notification_url: 'https://attacker.example/hook' }, api.other)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ status: 'ko', exception: 'plazo.checkout.not_found' })
    const anonymous = await api.app.inject({
      method: 'PUT',
      url: `/api/v2/webhooks/sessions/${sessionId}/notification-url/`,
      payload: { notification_url: hook.url },
    })
    expect(anonymous.statusCode).toBe(401)

    const read = await api.app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${sessionId}/`,
      headers: api.demo,
    })
    expect(read.json().payload.merchant.notification_url).toBe(hook.url)
  })

  it('answers 400 to a URL that is not http or https, which no notification could reach', async () => {
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://shop.example.com/webhooks']) {
      const res = await setUrl(sessionId, { notification_url: url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toEqual({
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        error: 'The request is not valid: /notification_url must be an http or https URL',
        schema_errors: [
          { field: '/notification_url', message: 'must be an http or https URL', keyword: 'pattern' },
        ],
        original_data: { notification_url: url },
      })
    }
    const read = await api.app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${sessionId}/`,
      headers: api.demo,
    })
    expect(read.json().payload.merchant.notification_url).toBe(hook.url)
  })
})
