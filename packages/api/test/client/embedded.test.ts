import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { BASIC_CUSTOMER, fieldErrors, HppKit, outcomeOf } from './hpp-kit.ts'

describe.each(testEngines())('embedded checkout client API on $name', (engine) => {
  let t: TestApp
  let kit: HppKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
  })
  afterAll(() => t.close())

  const secret = (value: string) => ({ 'x-client-secret': value })

  it('opens the session with its client secret and completes it without a redirect', async () => {
    const { id, secret: clientSecret } = await kit.createEmbedded()
    const res = await kit.client('GET', '/embedded', undefined, secret(clientSecret))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      checkout_session_id: id,
      mode: 'embedded',
      hpp_status: null,
      success_url: null,
    })
    const outcome = outcomeOf(
      await kit.client(
        'POST',
        '/embedded/complete',
        { payment_method_type: 'bnpl_instalments', period: 3, customer: BASIC_CUSTOMER },
        secret(clientSecret),
      ),
    )
    expect(outcome).toMatchObject({ status: 'confirmed', redirect_url: null })
    expect((await kit.get(id)).status).toBe('confirmed')
  })

  it('answers CORS so checkout-js can call it from the merchant page', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/client/embedded/complete',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-headers': 'content-type, x-client-secret',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-headers']).toContain('x-client-secret')
    const { secret: clientSecret } = await kit.createEmbedded()
    const ok = await kit.client('GET', '/embedded', undefined, secret(clientSecret))
    expect(ok.headers['access-control-allow-origin']).toBe('*')
    const refused = await kit.client('GET', '/embedded', undefined, secret('cs_wrong'))
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['access-control-allow-origin']).toBe('*')
  })

  it('desist through the client secret', async () => {
    const { id, secret: clientSecret } = await kit.createEmbedded()
    const outcome = outcomeOf(await kit.client('POST', '/embedded/desist', undefined, secret(clientSecret)))
    expect(outcome).toMatchObject({ status: 'desisted', redirect_url: null })
    expect((await kit.get(id)).status).toBe('desisted')
  })

  it('a challenge: the down payment is paid in the same checkout with the same secret', async () => {
    const { id, secret: clientSecret } = await kit.createEmbedded({ email: 'ana+challenge@example.com' })
    const none = await kit.client('GET', '/embedded/down-payment', undefined, secret(clientSecret))
    expect(none.statusCode).toBe(409)
    expect(none.json().error).toBe('The checkout session is initial: it has no down payment to pay.')

    const challenged = outcomeOf(
      await kit.client(
        'POST',
        '/embedded/complete',
        {
          payment_method_type: 'bnpl_instalments',
          customer: { ...BASIC_CUSTOMER, email: 'ana+challenge@example.com' },
        },
        secret(clientSecret),
      ),
    )
    expect(challenged.status).toBe('challenge')
    expect(challenged.session.down_payment).toMatchObject({ paid: false, redirect_url: null })

    const dp = await kit.client('GET', '/embedded/down-payment', undefined, secret(clientSecret))
    expect(dp.statusCode, dp.body).toBe(200)
    expect(dp.json()).toMatchObject({
      checkout_session_id: challenged.session.down_payment?.checkout_session_id,
      mode: 'embedded',
      total: challenged.session.down_payment?.amount,
    })
    expect(dp.json().payment_methods.map((m: { type: string }) => m.type)).toEqual([
      'card_payment',
      'a2a_payment',
    ])

    const paid = outcomeOf(
      await kit.client(
        'POST',
        '/embedded/down-payment/complete',
        { payment_method_type: 'card_payment', customer: BASIC_CUSTOMER },
        secret(clientSecret),
      ),
    )
    expect(paid).toMatchObject({ status: 'confirmed', redirect_url: null })
    const parent = await kit.get(id)
    expect(parent.status).toBe('confirmed')
    expect(parent.down_payment?.paid).toBe(true)
  })

  it('a missing or wrong secret is a 401, checked before the body: nothing about the session leaks', async () => {
    const { secret: clientSecret } = await kit.createEmbedded()
    const missing = await kit.client('GET', '/embedded')
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The access token is missing',
    })
    const wrong = clientSecret.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    for (const request of [
      kit.client('GET', '/embedded', undefined, secret(wrong)),
      kit.client('POST', '/embedded/complete', { nonsense: true }, secret(wrong)),
      kit.client('POST', '/embedded/desist', undefined, secret('x'.repeat(5000))),
    ]) {
      const res = await request
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({
        error: 'invalid_token',
        error_description: 'The access token is invalid or has expired',
      })
    }
  })

  it("another merchant's secret opens only that merchant's session", async () => {
    const mine = await kit.createEmbedded()
    const theirs = await kit.createEmbedded({}, t.other)
    const res = await kit.client('GET', '/embedded', undefined, secret(theirs.secret))
    expect(res.json().checkout_session_id).toBe(theirs.id)
    expect(res.json().merchant_name).toBe('Other Shop')
    expect(res.json().checkout_session_id).not.toBe(mine.id)
  })

  it('validates the body after the secret: 400 with schema_errors', async () => {
    const { secret: clientSecret } = await kit.createEmbedded()
    const res = await kit.client(
      'POST',
      '/embedded/complete',
      { payment_method_type: 'bnpl_instalments', customer: { first_name: '' } },
      secret(clientSecret),
    )
    expect(fieldErrors(res).sort()).toEqual([
      '/customer/first_name: must NOT have fewer than 1 characters',
      '/customer/last_name: is required',
    ])
  })

  it('never answers 500 to whatever a browser sends', async () => {
    const created = await kit.createHpp()
    const { secret: clientSecret } = await kit.createEmbedded()
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              payment_method_type: fc.oneof(
                fc.constantFrom('bnpl_instalments', 'consumer_loan_instalments', 'card_payment'),
                fc.string(),
              ),
              period: fc.oneof(fc.integer(), fc.double(), fc.string()),
              customer: fc.oneof(
                fc.anything(),
                fc.record({ first_name: fc.string(), last_name: fc.string(), email: fc.string() }),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
        fc.constantFrom(`/hpp/${created.hppId}/complete`, '/embedded/complete'),
        async (body, url) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v2/client${url}`,
            headers: { ...secret(clientSecret), 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          })
          expect(res.statusCode).toBeLessThan(500)
        },
      ),
      { numRuns: 60 },
    )
  })
})
