// GET /webhooks/events/latest?order=failing_first: the events of every session, the failing ones first (given
// up, then being retried), as the dashboard's webhooks page lists them (issue 38).
import { describe, expect, it } from 'vitest'
import { testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  eachWebhookTest,
  enqueue,
  type Receiver,
  type WebhookTestApp,
} from './helpers.ts'

describe.each(testEngines())('the latest events, failing first, on $name', (engine) => {
  let api: WebhookTestApp
  let hook: Receiver
  let t: Parameters<Parameters<typeof eachWebhookTest>[1]>[0]['t']
  eachWebhookTest(engine, (made) => {
    ;({ api, hook, t } = made)
  })

  it('lists given-up events first, then those being retried, then the rest, newest first within each', async () => {
    hook.respond = (request) =>
      request.url.endsWith('?gone')
        ? { status: 410 }
        : request.url.endsWith('?down')
          ? { status: 500 }
          : { status: 200 }
    const gone = await createSession(api.app, api.demo, { notification_url: `${hook.url}?gone` })
    const down = await createSession(api.app, api.demo, { notification_url: `${hook.url}?down` })
    const fine = await createSession(api.app, api.demo, { notification_url: hook.url })
    const [goneEvent] = await enqueue(t.db, DEMO, gone)
    const [downEvent] = await enqueue(t.db, DEMO, down)
    const [fineEvent] = await enqueue(t.db, DEMO, fine)
    expect(await api.app.services.webhookDelivery.deliverDue()).toMatchObject({
      delivered: 1,
      failed: 1,
      retrying: 1,
    })
    const list = async (query: string) =>
      (await api.app.inject({ url: `/api/v2/webhooks/events/latest/${query}`, headers: api.demo }))
        .json()
        .payload.map((event: { event_id: string }) => event.event_id)
    expect(await list('?order=failing_first')).toEqual([
      goneEvent?.event_id,
      downEvent?.event_id,
      fineEvent?.event_id,
    ])
    expect(await list('')).toEqual([fineEvent?.event_id, downEvent?.event_id, goneEvent?.event_id])
    const bad = await api.app.inject({
      url: '/api/v2/webhooks/events/latest/?order=oldest',
      headers: api.demo,
    })
    expect(bad.statusCode).toBe(400)
  })
})
