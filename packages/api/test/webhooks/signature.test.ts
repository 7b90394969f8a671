// The signature headers are made with node:crypto, not with the `standardwebhooks` package receivers use: they
// must be exactly what that package signs, for any secret form, event id, body and time, and verify with it.
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { canonicalSecret, newSigningSecret, signatureHeaders } from '../../src/domain/webhooks/signature.ts'

/** A secret as a merchant may hold it: `whsec_` + base64, the same bytes in base64url, or without the prefix. */
const anySecret = fc
  .tuple(fc.uint8Array({ minLength: 16, maxLength: 64 }), fc.constantFrom('base64', 'base64url', 'bare'))
  .map(([bytes, form]) => {
    const key = Buffer.from(bytes)
    if (form === 'base64url') return `whsec_${key.toString('base64url')}`
    if (form === 'bare') return key.toString('base64')
    return `whsec_${key.toString('base64')}`
  })

describe('signatureHeaders', () => {
  it('signs as the standardwebhooks package does, byte for byte', () => {
    fc.assert(
      fc.property(
        fc.array(anySecret, { minLength: 1, maxLength: 2 }),
        fc.uuid(),
        fc.string({ unit: 'binary' }),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        (secrets, eventId, body, ms) => {
          const at = new Date(ms)
          const headers = signatureHeaders(secrets, eventId, body, at)
          const expected = secrets.map((secret) =>
            new Webhook(canonicalSecret(secret)).sign(eventId, at, body),
          )
          expect(headers['webhook-signature']).toBe(expected.join(' '))
          expect(headers['webhook-timestamp']).toBe(String(Math.floor(ms / 1000)))
          expect(headers['webhook-id']).toBe(eventId)
        },
      ),
    )
  })

  it('verifies with each secret of a rotation, and not with another', () => {
    const current = newSigningSecret()
    const previous = newSigningSecret()
    const body = JSON.stringify({ event: 'checkout_session_status_changed', note: 'añadido €' })
    const headers = signatureHeaders([current, previous], 'evt_1', body, new Date())
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body))
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body))
    const other = `whsec_${randomBytes(32).toString('base64')}`
    expect(() => new Webhook(other).verify(body, headers)).toThrow('No matching signature found')
  })
})
