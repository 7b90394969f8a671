import { Webhook } from 'standardwebhooks'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { USER_AGENT } from '../../src/domain/webhooks/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import { type Receiver, receiver, secretOf, type WebhookTestApp, webhookApp } from '../webhooks/helpers.ts'
import { LINE_1, LifecycleKit, operationOf, sessionRequest } from './kit.ts'

describe.each(testEngines())(
  'the auto_capture lifecycle delivered to a loopback receiver on $name',
  (engine) => {
    let t: TestDatabase
    let api: WebhookTestApp
    let hook: Receiver
    let k: LifecycleKit
    beforeEach(async () => {
      t = await engine.open()
      api = await webhookApp(t.db)
      hook = await receiver()
      k = new LifecycleKit({
        app: api.app,
        t,
        demo: api.demo,
        other: api.other,
        setNow: () => {},
        close: api.close,
      })
    })
    afterEach(async () => {
      await api.close()
      await hook.close()
      await t.cleanup()
    })

    it('POSTs every notification once, signed, with the merchant header and the outbox body', async () => {
      const id = await k.create(
        sessionRequest({
          ui: 'hpp',
          checkoutMode: 'auto_capture',
          twoLines: true,
          merchant: {
            notification_url: hook.url,
            notification_auth: {
              authorization_header: 'Bearer shop-webhook-secret',
              content_type: 'application/json',
            },
          },
        }),
      )
      await k.actOk(id, 'approve')
      const socks = (await k.get(id)).cart.order_lines[1]?.id as string
      operationOf(await k.refund(id, { refunded_item_ids: [socks] }))
      operationOf(await k.refund(id, { refunded_amount: LINE_1, description: 'Rest' }))

      let passes = 0
      while ((await api.app.services.webhookDelivery.deliverDue()).claimed > 0) passes++
      expect(passes).toBeGreaterThan(0)
      // Nothing left: a further pass delivers nothing again.
      expect(await api.app.services.webhookDelivery.deliverDue()).toEqual({
        claimed: 0,
        delivered: 0,
        retrying: 0,
        failed: 0,
      })

      const outbox = await k.events(id)
      expect(outbox.map((e) => e.type)).toEqual([
        'payment_intent_status_changed',
        'payment_intent_status_changed',
        'checkout_session_status_changed',
        'capture_approved',
        'refund_approved',
        'refund_approved',
      ])
      const statuses = await t.db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM events WHERE checkout_session_id = $1 ORDER BY seq',
        [id],
      )
      expect(statuses).toEqual(outbox.map(() => ({ status: 'delivered', attempts: 1 })))

      const secret = await secretOf(api.app, api.demo)
      const byId = new Map(hook.requests.map((request) => [request.headers['webhook-id'], request]))
      expect(hook.requests).toHaveLength(outbox.length)
      for (const event of outbox) {
        const request = byId.get(event.event_id)
        expect(request, `delivery of ${event.type}`).toBeDefined()
        if (!request) continue
        expect(request.method).toBe('POST')
        expect(request.url).toBe('/plazo/webhooks')
        expect(request.headers.authorization).toBe('Bearer shop-webhook-secret')
        expect(request.headers['content-type']).toBe('application/json')
        expect(request.headers['user-agent']).toBe(USER_AGENT)
        const verified = new Webhook(secret).verify(request.body, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        })
        expect(verified).toEqual(event.payload)
        expect(JSON.parse(request.body)).toEqual(event.payload)
      }
    })
  },
)
