import { examples, validate, WEBHOOK_EVENT_SCHEMAS } from '@plazo/contract'
import {
  type AgentPricing,
  DEFAULT_PRICINGS,
  optionsFromPricing,
  paymentIntentConditions,
} from '@plazo/finance'
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
  it('carries the grace period the customer chose in the loan conditions', async () => {
    const request = examples.embeddedRequestExample('product') as {
      merchant: Record<string, unknown>
      cart: { total_price_with_tax: number }
    }
    const { notification_url: _url, notification_auth: _auth, ...merchant } = request.merchant
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: api.demo,
      payload: { ...request, merchant: { ...merchant, notification_url: hook.url } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { checkout_session_id: sessionId, client_secret: clientSecret } = created.json()
    const completed = await api.app.inject({
      method: 'POST',
      url: '/api/v2/client/embedded/complete',
      headers: { 'x-client-secret': clientSecret },
      payload: {
        payment_method_type: 'consumer_loan_instalments',
        period: 24,
        grace_period: 2,
        customer: examples.FULL_CUSTOMER_EXAMPLE,
      },
    })
    expect(completed.statusCode, completed.body).toBe(200)
    await api.app.services.webhookDelivery.deliverDue()

    const loan = DEFAULT_PRICINGS.find(
      (p) => p.payment_method_type === 'consumer_loan_instalments',
    ) as AgentPricing
    const expected = paymentIntentConditions({
      principal: request.cart.total_price_with_tax,
      options: optionsFromPricing(loan, 24),
      gracePeriod: 2,
    }).conditions
    const secret = await secretOf(api.app, api.demo)
    const bodies = hook.requests.map(
      (r) =>
        new Webhook(secret).verify(r.body, r.headers as unknown as Record<string, string>) as {
          checkout_session_id: string
          selected_payment_intent?: { conditions: unknown } | null
        },
    )
    const carrying = bodies.filter((b) => b.selected_payment_intent?.conditions)
    expect(carrying.length).toBeGreaterThan(0)
    for (const body of carrying) {
      expect(body.checkout_session_id).toBe(sessionId)
      expect(body.selected_payment_intent?.conditions).toEqual({ ...expected, down_payment_amount: 0 })
    }
  })
})
