import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { CATALOG } from '../catalog.ts'
import { OrderBook } from '../orders.ts'
import { PlazoSignatureVerificationError, WebhookVerifier } from '../webhooks.ts'

const secret = () => `whsec_${randomBytes(32).toString('base64')}`
const SESSION = '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'

function signed(key: string, payload: Record<string, unknown>, id = 'evt-1') {
  const body = JSON.stringify(payload)
  const at = new Date()
  return {
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(id, at, body),
    },
  }
}

const event = { event: 'checkout_session_status_changed', status: 'confirmed', checkout_session_id: SESSION }

describe('WebhookVerifier', () => {
  it('accepts a body signed with the API secret, fetching the secret once', async () => {
    const key = secret()
    let fetched = 0
    const verifier = new WebhookVerifier(async () => {
      fetched += 1
      return key
    })
    for (const id of ['evt-1', 'evt-2']) {
      const { body, headers } = signed(key, event, id)
      await expect(verifier.verify(body, headers)).resolves.toEqual({ event, verified: true })
    }
    expect(fetched).toBe(1)
  })

  it('fetches the secret again when it was rotated, and refuses a forged or altered body', async () => {
    const [old, current] = [secret(), secret()]
    const secrets = [old, current]
    let fetched = 0
    const verifier = new WebhookVerifier(async () => {
      fetched += 1
      return secrets.shift()
    })
    await verifier.verify(...(Object.values(signed(old, event)) as [string, Record<string, string>]))
    const rotated = signed(current, event, 'evt-2')
    await expect(verifier.verify(rotated.body, rotated.headers)).resolves.toMatchObject({ verified: true })

    const forged = signed(secret(), event, 'evt-3')
    await expect(verifier.verify(forged.body, forged.headers)).rejects.toBeInstanceOf(
      PlazoSignatureVerificationError,
    )
    const altered = signed(current, event, 'evt-4')
    await expect(
      verifier.verify(altered.body.replace('confirmed', 'cancelled'), altered.headers),
    ).rejects.toBeInstanceOf(PlazoSignatureVerificationError)
    // Forged requests do not make the store ask the API again within the minute.
    expect(fetched).toBe(2)
  })

  it('accepts but marks unverified the events of an API without the secret call', async () => {
    const verifier = new WebhookVerifier(async () => undefined)
    await expect(verifier.verify(JSON.stringify(event), {})).resolves.toEqual({ event, verified: false })
  })
})

describe('OrderBook', () => {
  it('takes the status from checkout_session_status_changed and records each delivery once', () => {
    const orders = new OrderBook()
    const product = CATALOG[0] as (typeof CATALOG)[number]
    orders.add({ reference: orders.nextReference(), checkoutSessionId: SESSION, mode: 'embedded', product })
    const received = {
      id: 'evt-1',
      receivedAt: new Date().toISOString(),
      verified: true,
      event: event as never,
    }
    expect(orders.record(received)).toBe(true)
    expect(orders.record(received)).toBe(false)
    expect(orders.get(SESSION)).toMatchObject({ status: 'confirmed', events: [received] })
    expect(
      orders.record({ ...received, id: 'evt-2', event: { ...event, checkout_session_id: 'other' } as never }),
    ).toBe(true)
    expect(orders.unmatched()).toHaveLength(1)
  })
})
