// Secret rotation without an outage (Standard Webhooks, as Svix does it): after a rotation every try carries a
// signature with the new secret and one with the old, for WEBHOOK_SECRET_OVERLAP_HOURS of the merchant's sandbox
// clock, so a receiver holding either secret accepts the notifications; then the new secret only. Verified with
// the `standardwebhooks` package, the library receivers use.
import { CONSTANTS, WebhookSecretResponseSchema } from '@plazo/contract'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { expectBody } from '../helpers/app.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  eachWebhookTest,
  enqueue,
  type Receiver,
  secretOf,
  type WebhookTestApp,
} from './helpers.ts'

const OVERLAP_MINUTES = CONSTANTS.WEBHOOK_SECRET_OVERLAP_HOURS.value * 60

describe.each(testEngines())('webhook secret rotation on $name', (engine) => {
  let t: TestDatabase
  let api: WebhookTestApp
  let hook: Receiver
  let sessionId: string

  eachWebhookTest(engine, async (made) => {
    ;({ t, api, hook } = made)
    sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
  })

  async function rotate(payload?: unknown) {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v2/webhooks/secret/rotate/',
      headers: api.demo,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
    expect(res.statusCode).toBe(201)
    return (expectBody(res, WebhookSecretResponseSchema) as { payload: RotatedSecret }).payload
  }

  async function secret(): Promise<RotatedSecret> {
    const res = await api.app.inject({ method: 'GET', url: '/api/v2/webhooks/secret/', headers: api.demo })
    return (expectBody(res, WebhookSecretResponseSchema) as { payload: RotatedSecret }).payload
  }

  async function sandboxNow(): Promise<number> {
    return (await api.app.services.clock.now(DEMO)).getTime()
  }

  async function advance(minutes: number) {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v2/test-helpers/clock/advance/',
      headers: api.demo,
      payload: { minutes },
    })
    expect(res.statusCode).toBe(201)
  }

  /** A notification sent now: which of `secrets` verify it, and how many signatures it carries. */
  async function deliveredNow(...secrets: string[]) {
    await enqueue(t.db, DEMO, sessionId)
    await api.app.services.webhookDelivery.deliverDue()
    const received = hook.requests.at(-1)
    const headers = received?.headers as unknown as Record<string, string>
    return {
      signatures: headers['webhook-signature']?.split(' ') ?? [],
      verifiedBy: secrets.map((key) => {
        try {
          new Webhook(key).verify(received?.body ?? '', headers)
          return true
        } catch {
          return false
        }
      }),
    }
  }

  it('signs with the old and the new secret for a day of the sandbox clock, then with the new one only', async () => {
    const old = await secretOf(api.app, api.demo)
    expect((await secret()).previous_secret_expires_at).toBeNull()

    const before = await sandboxNow()
    const rotated = await rotate()
    const after = await sandboxNow()
    expect(rotated.secret).not.toBe(old)
    const until = Date.parse(rotated.previous_secret_expires_at ?? '')
    expect(until).toBeGreaterThanOrEqual(before + OVERLAP_MINUTES * 60_000)
    expect(until).toBeLessThanOrEqual(after + OVERLAP_MINUTES * 60_000)
    expect(await secret()).toEqual(rotated)

    // During the overlap: two `v1,` signatures, and a receiver holding either secret accepts the notification.
    const during = await deliveredNow(rotated.secret, old)
    expect(during.signatures).toHaveLength(2)
    expect(during.signatures.every((signature) => signature.startsWith('v1,'))).toBe(true)
    expect(during.verifiedBy).toEqual([true, true])

    // The overlap follows the merchant's sandbox clock: a minute before its end the old secret still signs.
    await advance(OVERLAP_MINUTES - 1)
    expect((await deliveredNow(rotated.secret, old)).verifiedBy).toEqual([true, true])
    await advance(1)
    expect((await secret()).previous_secret_expires_at).toBeNull()
    const later = await deliveredNow(rotated.secret, old)
    expect(later.signatures).toHaveLength(1)
    expect(later.verifiedBy).toEqual([true, false])
  })

  it('stops the old secret at once with expire_previous_now, for a leaked secret', async () => {
    const old = await secretOf(api.app, api.demo)
    const rotated = await rotate({ expire_previous_now: true })
    expect(rotated.previous_secret_expires_at).toBeNull()
    expect(await secret()).toEqual(rotated)
    expect(await deliveredNow(rotated.secret, old)).toEqual({
      signatures: [expect.any(String)],
      verifiedBy: [true, false],
    })
    // The other merchant's secret is its own and did not change.
    expect(await secretOf(api.app, api.other)).not.toBe(rotated.secret)
  })

  it('keeps only the secret just replaced when rotating again during an overlap', async () => {
    const first = await secretOf(api.app, api.demo)
    const second = await rotate()
    const third = await rotate()
    expect((await deliveredNow(third.secret, second.secret, first)).verifiedBy).toEqual([true, true, false])
    // A leak found during the overlap: rotating with expire_previous_now stops every older secret.
    const fourth = await rotate({ expire_previous_now: true })
    expect((await deliveredNow(fourth.secret, third.secret)).verifiedBy).toEqual([true, false])
  })

  it('answers 400 with the documented body to a body it does not know', async () => {
    for (const payload of [{ expire_previous_now: 'yes' }, { expire_now: true }]) {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/v2/webhooks/secret/rotate/',
        headers: api.demo,
        payload,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        status: 'ko',
        exception: 'plazo.request.validation_failed',
        original_data: payload,
      })
      expect(res.json().schema_errors.length).toBeGreaterThan(0)
    }
    // Nothing rotated.
    expect((await secret()).previous_secret_expires_at).toBeNull()
  })
})

interface RotatedSecret {
  secret: string
  created_at: string
  previous_secret_expires_at: string | null
}
