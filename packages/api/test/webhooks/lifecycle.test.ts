import { validate, WEBHOOK_EVENT_SCHEMAS } from '@plazo/contract'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import {
  createSession,
  eachWebhookTest,
  eventsOf,
  type Receiver,
  secretOf,
  type WebhookTestApp,
} from './helpers.ts'

describe.each(testEngines())('notifications of real state changes on $name', (engine) => {
  let api: WebhookTestApp
  let hook: Receiver

  eachWebhookTest(engine, (made) => {
    ;({ api, hook } = made)
  })

  it('delivers what the lifecycle wrote when the customer completes the checkout', async () => {
    const sessionId = await createSession(api.app, api.demo, {
      notification_url: hook.url,
      notification_additional_payload: { cart_value: 258 },
    })
    const action = await api.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/checkout/${sessionId}/customer-action/`,
      headers: api.demo,
      payload: { action: 'approve' },
    })
    expect(action.statusCode).toBe(201)
    await api.app.services.webhookDelivery.deliverDue()

    const listed = (await eventsOf(api.app, api.demo, sessionId)).json().payload as Array<{
      event_id: string
      type: keyof typeof WEBHOOK_EVENT_SCHEMAS
      status: string
    }>
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.every((e) => e.status === 'delivered')).toBe(true)
    expect(listed.map((e) => e.type)).toContain('checkout_session_status_changed')

    const secret = await secretOf(api.app, api.demo)
    expect(hook.requests.map((r) => r.headers['webhook-id']).sort()).toEqual(
      listed.map((e) => e.event_id).sort(),
    )
    for (const request of hook.requests) {
      const body = new Webhook(secret).verify(
        request.body,
        request.headers as unknown as Record<string, string>,
      ) as {
        event: keyof typeof WEBHOOK_EVENT_SCHEMAS
        checkout_session_id: string
        additional_payload: unknown
      }
      expect(body.checkout_session_id).toBe(sessionId)
      expect(body.additional_payload).toEqual({ cart_value: 258 })
      expect(validate(WEBHOOK_EVENT_SCHEMAS[body.event], body)).toMatchObject({ ok: true })
    }
  })
})
