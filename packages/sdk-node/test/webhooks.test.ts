// webhooks.verify on real deliveries of the sandbox: signed with the merchant's secret, with both signatures
// while a rotated secret overlaps, and refused when tampered with, stale or unsigned.
import { Plazo, PlazoSignatureVerificationError, type WebhookEvent } from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Receiver, receiver } from '../../api/test/webhooks/helpers.ts'
import { embeddedRequest } from './helpers/requests.ts'
import { type Sandbox, sandbox, sqliteEngine } from './helpers/sandbox.ts'

function reasonOf(verify: () => unknown): string | undefined {
  try {
    verify()
  } catch (error) {
    expect(error).toBeInstanceOf(PlazoSignatureVerificationError)
    return (error as PlazoSignatureVerificationError).reason
  }
  return undefined
}

/** What a receiver does with an event: the union narrows on `event`. */
function describeEvent(event: WebhookEvent): string {
  switch (event.event) {
    case 'checkout_session_status_changed':
      return `session ${event.checkout_session_id} ${event.status}`
    default:
      return event.event
  }
}

describe('webhooks.verify on real deliveries', () => {
  let s: Sandbox
  let hook: Receiver
  let plazo: Plazo
  let sessionId: string

  beforeAll(async () => {
    s = await sandbox(sqliteEngine())
    hook = await receiver()
    plazo = new Plazo({ username: s.username, password: s.password, apiUrl: s.apiUrl })
    const created = await plazo.checkoutSessions.create(embeddedRequest({ notificationUrl: hook.url }))
    sessionId = created.checkout_session_id
    await plazo.testHelpers.customerAction(sessionId, { action: 'approve' })
    await s.app.services.webhookDelivery.deliverDue()
  })
  afterAll(async () => {
    await hook.close()
    await s.close()
  })

  it('returns the typed event of every delivery signed with the secret', async () => {
    const { payload } = await plazo.webhooks.secret()
    expect(hook.requests.length).toBeGreaterThan(0)
    for (const delivery of hook.requests) {
      const event = plazo.webhooks.verify(delivery.body, delivery.headers, payload.secret)
      expect(event).toEqual(JSON.parse(delivery.body))
      expect(event.event_id).toBe(delivery.headers['webhook-id'])
    }
    const first = plazo.webhooks.verify(
      hook.requests[0]?.body ?? '',
      hook.requests[0]?.headers ?? {},
      payload.secret,
    )
    const described = hook.requests.map((d) =>
      describeEvent(plazo.webhooks.verify(d.body, d.headers, payload.secret)),
    )
    expect(described).toContain(`session ${sessionId} confirmed`)
    // A Fetch Headers object and a Buffer body work as well as Node's headers and a string.
    const delivery = hook.requests[0]
    const headers = new Headers(delivery?.headers as Record<string, string>)
    expect(plazo.webhooks.verify(Buffer.from(delivery?.body ?? ''), headers, payload.secret)).toEqual(first)
  })

  it("accepts either secret's signature while a rotated secret overlaps", async () => {
    const before = (await plazo.webhooks.secret()).payload.secret
    const after = (await plazo.webhooks.rotateSecret()).payload.secret
    const { payload: events } = await plazo.webhooks.listEvents({ checkout_session_id: sessionId })
    const count = hook.requests.length
    await plazo.webhooks.redeliver(events[0]?.event_id ?? '')
    await s.app.services.webhookDelivery.deliverDue()
    const delivery = hook.requests[count]
    expect(delivery?.headers['webhook-signature']?.toString().split(' ')).toHaveLength(2)
    const withOld = plazo.webhooks.verify(delivery?.body ?? '', delivery?.headers ?? {}, before)
    const withNew = plazo.webhooks.verify(delivery?.body ?? '', delivery?.headers ?? {}, after)
    expect(withOld).toEqual(withNew)
  })

  it('refuses a tampered body, a stale or future timestamp, a missing header and another secret', async () => {
    const { secret } = (await plazo.webhooks.secret()).payload
    const delivery = hook.requests.at(-1)
    const body = delivery?.body ?? ''
    const headers = delivery?.headers ?? {}
    const sent = Number(headers['webhook-timestamp']) * 1000

    expect(
      reasonOf(() => plazo.webhooks.verify(body.replace('"status"', '"status" '), headers, secret)),
    ).toBe('no_matching_signature')
    expect(
      reasonOf(() => plazo.webhooks.verify(body, headers, secret, { now: () => sent + 6 * 60_000 })),
    ).toBe('timestamp_too_old')
    expect(
      reasonOf(() => plazo.webhooks.verify(body, headers, secret, { now: () => sent - 6 * 60_000 })),
    ).toBe('timestamp_too_new')
    // Within the tolerance, and a wider tolerance when asked for.
    expect(
      reasonOf(() => plazo.webhooks.verify(body, headers, secret, { now: () => sent + 4 * 60_000 })),
    ).toBe(undefined)
    expect(
      reasonOf(() =>
        plazo.webhooks.verify(body, headers, secret, { now: () => sent + 6 * 60_000, toleranceSeconds: 600 }),
      ),
    ).toBe(undefined)
    const { 'webhook-signature': _, ...unsigned } = headers
    expect(reasonOf(() => plazo.webhooks.verify(body, unsigned, secret))).toBe('missing_header')
    expect(
      reasonOf(() => plazo.webhooks.verify(body, { ...headers, 'webhook-timestamp': 'soon' }, secret)),
    ).toBe('invalid_timestamp')
    const other = `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`
    expect(reasonOf(() => plazo.webhooks.verify(body, headers, other))).toBe('no_matching_signature')
  })
})
