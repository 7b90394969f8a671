import { DistributeResponseSchema, ERRORS, OutboxListResponseSchema, type Static } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_SENDS_PER_HOUR } from '../../src/domain/client/distribution-service.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { BASIC_CUSTOMER, fieldErrors, HppKit } from './hpp-kit.ts'

type Outbox = Static<typeof OutboxListResponseSchema>
type Distribution = Static<typeof DistributeResponseSchema>

describe.each(testEngines())('hosted page distribution on $name', (engine) => {
  let t: TestApp
  let kit: HppKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
  })
  afterAll(() => t.close())

  const distribute = (hppId: string, recipient: unknown, headers = t.demo) =>
    kit.inject('POST', `/checkout/hpp/${hppId}/distribute/`, { recipient }, headers)

  async function outbox(hppId: string, headers = t.demo) {
    const res = await kit.inject('GET', `/test-helpers/outbox/?hpp_id=${hppId}`, undefined, headers)
    expect(res.statusCode, res.body).toBe(200)
    return (expectBody(res, OutboxListResponseSchema) as Outbox).payload
  }

  describe('POST /checkout/hpp/:hpp_id/distribute (merchant)', () => {
    it('an e-mail goes by e-mail, a phone number by SMS; the sandbox keeps both in its outbox', async () => {
      const created = await kit.createHpp()
      const byEmail = await distribute(created.hppId, 'ana.garcia@example.com')
      expect(byEmail.statusCode, byEmail.body).toBe(201)
      const email = expectBody(byEmail, DistributeResponseSchema) as Distribution
      expect(email.payload).toMatchObject({
        hpp_id: created.hppId,
        recipient: 'ana.garcia@example.com',
        channel: 'email',
      })
      expect(email.identifier).toBe(email.payload.id)
      const bySms = expectBody(await distribute(created.hppId, '+34600123456'), DistributeResponseSchema)
      expect((bySms as Distribution).payload.channel).toBe('sms')

      const messages = await outbox(created.hppId)
      expect(messages.map((m) => [m.recipient, m.channel])).toEqual([
        ['ana.garcia@example.com', 'email'],
        ['+34600123456', 'sms'],
      ])
      // Spanish purchase: Spanish text with the amount and the hosted page link.
      expect(messages[0]?.body).toBe(
        `Demo Store: completa tu compra de 258,00\u00a0€ con Plazo aquí: ${created.redirectUrl}`,
      )
    })

    it('writes French for a French purchase, with French typography in the SMS and the e-mail', async () => {
      const created = await kit.createHpp({ extra: { purchase_country: 'FRA' } })
      expect((await distribute(created.hppId, '+33612345678')).statusCode).toBe(201)
      expect((await distribute(created.hppId, 'marie@example.com')).statusCode).toBe(201)
      const messages = await outbox(created.hppId)
      expect(messages.map((m) => m.channel)).toEqual(['sms', 'email'])
      for (const message of messages) {
        expect(message.body).toBe(
          `Demo Store\u00a0: finalisez votre achat de 258,00\u00a0€ avec Plazo ici\u00a0: ${created.redirectUrl}`,
        )
        // Issue 41 item 8: a no-break space (U+00A0 or U+202F) before ; : ? ! and », after «; the link aside.
        const prose = message.body.replace(/https?:\/\/\S+/g, '')
        expect(prose.match(/(^|[^\u00a0\u202f])[;:?!»]|«(?![\u00a0\u202f])/g)).toBeNull()
      }
    })

    it('anything but an e-mail or a phone with country code is a 400', async () => {
      const created = await kit.createHpp()
      for (const recipient of ['ana', '600123456', '+34 600 123 456', 42]) {
        const errors = fieldErrors(await distribute(created.hppId, recipient))
        expect(errors).toEqual(['/recipient: must be an e-mail address or a phone number with country code'])
      }
      expect(fieldErrors(await kit.inject('POST', `/checkout/hpp/${created.hppId}/distribute/`, {}))).toEqual(
        ['/recipient: is required'],
      )
      expect(await outbox(created.hppId)).toEqual([])
    })

    it("another merchant's hosted page is a 404, like an unknown one; without a token, a 401", async () => {
      const created = await kit.createHpp()
      const res = await distribute(created.hppId, 'ana.garcia@example.com', t.other)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        status: 'ko',
        exception: ERRORS.HPP_NOT_FOUND.exception,
        error: `Hosted payment page ${created.hppId} not found.`,
      })
      const outboxRes = await kit.inject(
        'GET',
        `/test-helpers/outbox?hpp_id=${created.hppId}`,
        undefined,
        t.other,
      )
      expect(outboxRes.statusCode).toBe(404)
      expect((await distribute(created.hppId, 'ana.garcia@example.com', {})).statusCode).toBe(401)
      expect(await outbox(created.hppId)).toEqual([])
    })

    it('a session that can no longer be paid is a 409', async () => {
      const created = await kit.createHpp()
      await kit.completeOk(created.hppId, {
        payment_method_type: 'bnpl_instalments',
        customer: BASIC_CUSTOMER,
      })
      const res = await distribute(created.hppId, 'ana.garcia@example.com')
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        status: 'ko',
        exception: ERRORS.INVALID_TRANSITION.exception,
        error: 'The checkout session is confirmed: its hosted page can no longer be paid.',
      })
    })

    it('replays a retry with the same Idempotency-Key instead of sending twice', async () => {
      const created = await kit.createHpp()
      const headers = { ...t.demo, 'idempotency-key': `send-${created.hppId}` }
      const first = await distribute(created.hppId, '+34600123456', headers)
      const second = await distribute(created.hppId, '+34600123456', headers)
      expect(second.statusCode).toBe(201)
      expect(second.json()).toEqual(first.json())
      expect(await outbox(created.hppId)).toHaveLength(1)
    })
  })

  describe('POST /client/hpp/:hpp_id/distribute (the distribution page)', () => {
    it(`sends without a token, ${PAGE_SENDS_PER_HOUR} times an hour, then answers 429 with Retry-After`, async () => {
      const created = await kit.createHpp()
      for (let i = 0; i < PAGE_SENDS_PER_HOUR; i++) {
        const res = await kit.client('POST', `/hpp/${created.hppId}/distribute`, {
          recipient: `+3460012345${i}`,
        })
        expect(res.statusCode, res.body).toBe(201)
      }
      const limited = await kit.client('POST', `/hpp/${created.hppId}/distribute`, {
        recipient: '+34600999999',
      })
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ status: 'ko', exception: ERRORS.RATE_LIMITED.exception })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500)
      expect(await outbox(created.hppId)).toHaveLength(PAGE_SENDS_PER_HOUR)
      // An hour later (sandbox clock) the page can send again.
      await kit.advance(61)
      const later = await kit.client('POST', `/hpp/${created.hppId}/distribute`, {
        recipient: '+34600999999',
      })
      expect(later.statusCode).toBe(201)
    })

    it("does not count the merchant's own sends: they are not limited, and leave the page its sends", async () => {
      const created = await kit.createHpp()
      for (let i = 0; i < PAGE_SENDS_PER_HOUR + 2; i++) {
        const sent = await kit.inject('POST', `/checkout/hpp/${created.hppId}/distribute/`, {
          recipient: `+3460055500${i}`,
        })
        expect(sent.statusCode, sent.body).toBe(201)
      }
      const fromPage = await kit.client('POST', `/hpp/${created.hppId}/distribute`, {
        recipient: '+34600999999',
      })
      expect(fromPage.statusCode, fromPage.body).toBe(201)
    })

    it('validates like the merchant call and answers 404 for an unknown page', async () => {
      const created = await kit.createHpp()
      expect(
        fieldErrors(await kit.client('POST', `/hpp/${created.hppId}/distribute`, { recipient: 'x' })),
      ).toEqual(['/recipient: must be an e-mail address or a phone number with country code'])
      const unknown = await kit.client('POST', '/hpp/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11/distribute', {
        recipient: '+34600123456',
      })
      expect(unknown.statusCode).toBe(404)
    })
  })
})
