import { ACCESS_TOKEN_MISSING_MESSAGE, ERRORS, examples, UnauthorizedBodySchema } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

const ID = '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'

/** Every call that needs the bearer token, with a body that would otherwise be accepted. */
const AUTHENTICATED_CALLS = [
  { method: 'POST', url: '/api/v2/checkout/', payload: examples.embeddedRequestExample('product') },
  {
    method: 'POST',
    url: '/api/v2/checkout/payment-intent/',
    payload: examples.PAYMENT_INTENT_REQUEST_EXAMPLE,
  },
  { method: 'GET', url: `/api/v2/checkout/${ID}/` },
  { method: 'PUT', url: `/api/v2/checkout/${ID}/`, payload: examples.embeddedRequestExample('product') },
  { method: 'DELETE', url: `/api/v2/checkout/${ID}/` },
] as const

describe.each(testEngines())('bearer authentication on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  describe.each(AUTHENTICATED_CALLS)('$method $url', (call) => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: call.method,
        url: call.url,
        headers,
        ...('payload' in call ? { payload: call.payload } : {}),
      })

    it('answers 401 invalid_request with a WWW-Authenticate challenge when no token is sent', async () => {
      const res = await send({})
      expect(res.statusCode).toBe(401)
      expect(expectBody(res, UnauthorizedBodySchema)).toEqual({
        error: 'invalid_request',
        error_description: ACCESS_TOKEN_MISSING_MESSAGE,
      })
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_request"')
    })

    it.each([
      ['a garbage token', 'Bearer not-a-real-token'],
      ['a token of the right shape that was never issued', `Bearer ${'A'.repeat(43)}`],
    ])('answers 401 invalid_token for %s', async (_, authorization) => {
      const res = await send({ authorization })
      expect(res.statusCode).toBe(401)
      expect(expectBody(res, UnauthorizedBodySchema)).toEqual({
        error: 'invalid_token',
        error_description: ERRORS.TOKEN_INVALID.message,
      })
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    })

    it.each([
      ['another scheme', 'Basic ZGVtbzpwbGF6bw=='],
      ['an empty header', ''],
      ['the scheme alone', 'Bearer '],
    ])('treats %s as a missing token', async (_, authorization) => {
      const res = await send({ authorization })
      expect(res.statusCode).toBe(401)
      expect(expectBody(res, UnauthorizedBodySchema)).toMatchObject({ error: 'invalid_request' })
    })
  })

  it.each(AUTHENTICATED_CALLS.filter((call) => 'payload' in call))(
    '$method $url checks the token before the body: an unauthenticated caller learns nothing of the schema',
    async (call) => {
      const res = await t.app.inject({ method: call.method, url: call.url, payload: { nonsense: true } })
      expect(res.statusCode).toBe(401)
      expect(res.body).not.toMatch(/schema_errors|nonsense/)
      const malformed = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      })
      expect(malformed.statusCode).toBe(401)
    },
  )

  it('does not accept a refresh token as an access token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: 'demo@plazo.test', password: 'plazo-sandbox' },
    })
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${ID}/`,
      headers: { authorization: `Bearer ${login.json().refresh_token}` },
    })
    expect(res.statusCode).toBe(401)
    expect(expectBody(res, UnauthorizedBodySchema)).toMatchObject({ error: 'invalid_token' })
  })

  it('accepts the scheme in any case', async () => {
    const token = (t.demo.authorization as string).replace(/^Bearer /, '')
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${ID}/`,
      headers: { authorization: `bearer ${token}` },
    })
    expect(res.statusCode).toBe(404)
  })

  it('needs no token for login and refresh', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: 'demo@plazo.test', password: 'plazo-sandbox' },
    })
    expect(res.statusCode).toBe(200)
  })
})
