import {
  ERRORS,
  ForbiddenBodySchema,
  INVALID_CREDENTIALS_MESSAGE,
  LoginResponseSchema,
  UnauthorizedBodySchema,
  ValidationErrorBodySchema,
} from '@plazo/contract'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

const TTL_SECONDS = 2_678_400
const FORBIDDEN = {
  status: 'ko',
  exception: ERRORS.INVALID_CREDENTIALS.exception,
  error: INVALID_CREDENTIALS_MESSAGE,
  actionCode: 1001,
}

describe.each(testEngines())('POST /api/v2/auth/login/ and /auth/refresh/ on $name', (engine) => {
  // One app per engine: each test logs in on its own, so no test sees another's tokens. The expiry tests move
  // the app's clock and get an app of their own.
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v2/auth/login/', payload })
  const refresh = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh/', payload })
  const getUnknownSession = (authorization: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v2/checkout/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11/',
      headers: { authorization },
    })

  describe('login', () => {
    it('answers 200 with a bearer token pair that lasts 2678400 s', async () => {
      const res = await login({ username: SANDBOX.demoStore.username, password: SANDBOX.password })
      expect(res.statusCode).toBe(200)
      const body = expectBody(res, LoginResponseSchema)
      expect(body).toEqual({
        token_type: 'Bearer',
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: TTL_SECONDS,
      })
    })

    it('gives a token that the checkout calls accept', async () => {
      const res = await login({ username: SANDBOX.otherShop.username, password: SANDBOX.password })
      const unknown = await getUnknownSession(`Bearer ${res.json().access_token}`)
      expect(unknown.statusCode).toBe(404)
    })

    it('accepts the username in any case', async () => {
      const res = await login({ username: 'DEMO@Plazo.Test', password: SANDBOX.password })
      expect(res.statusCode).toBe(200)
      expectBody(res, LoginResponseSchema)
    })

    it.each([
      ['username', { password: SANDBOX.password }],
      ['password', { username: SANDBOX.demoStore.username }],
    ])('answers 400 naming %s when it is missing, echoing the body', async (field, payload) => {
      const res = await login(payload)
      expect(res.statusCode).toBe(400)
      const body = expectBody(res, ValidationErrorBodySchema)
      expect(body).toMatchObject({
        status: 'ko',
        exception: ERRORS.VALIDATION.exception,
        schema_errors: [{ field: `/${field}`, message: 'is required', keyword: 'required' }],
        original_data: payload,
      })
      expect(res.json().error).toContain(`/${field}`)
    })

    it('answers 400 naming both fields for an empty object', async () => {
      const res = await login({})
      expect(res.statusCode).toBe(400)
      const body = expectBody(res, ValidationErrorBodySchema) as { schema_errors: Array<{ field: string }> }
      expect(body.schema_errors.map((e) => e.field).sort()).toEqual(['/password', '/username'])
    })

    it('answers 400 for a username that is not a string', async () => {
      const res = await login({ username: 42, password: SANDBOX.password })
      expect(res.statusCode).toBe(400)
      const body = expectBody(res, ValidationErrorBodySchema)
      expect(body).toMatchObject({ schema_errors: [{ field: '/username', keyword: 'type' }] })
    })

    it.each([
      ['a wrong password', { username: SANDBOX.demoStore.username, password: 'not-the-password' }],
      ['an unknown user', { username: 'nobody@plazo.test', password: SANDBOX.password }],
    ])('answers 403 actionCode 1001 with the exact message for %s', async (_, payload) => {
      const res = await login(payload)
      expect(res.statusCode).toBe(403)
      expect(expectBody(res, ForbiddenBodySchema)).toEqual(FORBIDDEN)
    })
  })

  describe('refresh', () => {
    it('gives a new pair; the new access token works and the used refresh token is rejected', async () => {
      const first = (await login({ username: SANDBOX.demoStore.username, password: SANDBOX.password })).json()
      const res = await refresh({ refresh_token: first.refresh_token })
      expect(res.statusCode).toBe(200)
      const second = expectBody(res, LoginResponseSchema) as typeof first
      expect(second.expires_in).toBe(TTL_SECONDS)
      expect(second.access_token).not.toBe(first.access_token)
      expect(second.refresh_token).not.toBe(first.refresh_token)

      expect((await getUnknownSession(`Bearer ${second.access_token}`)).statusCode).toBe(404)

      const reused = await refresh({ refresh_token: first.refresh_token })
      expect(reused.statusCode).toBe(403)
      expect(expectBody(reused, ForbiddenBodySchema)).toEqual(FORBIDDEN)
    })

    it('treats a reused refresh token as stolen: every token issued since that login stops working', async () => {
      const first = (await login({ username: SANDBOX.demoStore.username, password: SANDBOX.password })).json()
      const second = (await refresh({ refresh_token: first.refresh_token })).json()
      expect((await refresh({ refresh_token: first.refresh_token })).statusCode).toBe(403)

      const res = await getUnknownSession(`Bearer ${second.access_token}`)
      expect(res.statusCode).toBe(401)
      expect(expectBody(res, UnauthorizedBodySchema)).toMatchObject({ error: 'invalid_token' })
      expect((await refresh({ refresh_token: second.refresh_token })).statusCode).toBe(403)
      // Another login of the same user is another family and is not affected.
      expect((await getUnknownSession(t.demo.authorization as string)).statusCode).toBe(404)
    })

    it('answers 403 for an unknown refresh token and for an access token', async () => {
      const tokens = (
        await login({ username: SANDBOX.demoStore.username, password: SANDBOX.password })
      ).json()
      for (const refresh_token of ['not-a-token', tokens.access_token]) {
        const res = await refresh({ refresh_token })
        expect(res.statusCode).toBe(403)
        expect(expectBody(res, ForbiddenBodySchema)).toEqual(FORBIDDEN)
      }
    })

    it('answers 400 naming refresh_token when it is missing', async () => {
      const res = await refresh({})
      expect(res.statusCode).toBe(400)
      expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
        schema_errors: [{ field: '/refresh_token', keyword: 'required' }],
        original_data: {},
      })
    })
  })

  describe('access token expiry', () => {
    let shared: TestApp
    beforeEach(async () => {
      shared = t
      t = await testApp(engine)
    })
    afterEach(async () => {
      await t.close()
      t = shared
    })

    it('accepts the access token until expires_in has passed, then answers 401 invalid_token', async () => {
      const issuedAt = new Date()
      t.setNow(issuedAt)
      const tokens = (
        await login({ username: SANDBOX.demoStore.username, password: SANDBOX.password })
      ).json()
      const authorization = `Bearer ${tokens.access_token}`

      t.setNow(new Date(issuedAt.getTime() + TTL_SECONDS * 1000 - 1000))
      expect((await getUnknownSession(authorization)).statusCode).toBe(404)

      t.setNow(new Date(issuedAt.getTime() + TTL_SECONDS * 1000))
      const res = await getUnknownSession(authorization)
      expect(res.statusCode).toBe(401)
      expect(expectBody(res, UnauthorizedBodySchema)).toEqual({
        error: 'invalid_token',
        error_description: ERRORS.TOKEN_INVALID.message,
      })
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    })

    it('still refreshes after the access token expired, and the new one works', async () => {
      const issuedAt = new Date()
      t.setNow(issuedAt)
      const tokens = (
        await login({ username: SANDBOX.demoStore.username, password: SANDBOX.password })
      ).json()
      t.setNow(new Date(issuedAt.getTime() + (TTL_SECONDS + 60) * 1000))
      const res = await refresh({ refresh_token: tokens.refresh_token })
      expect(res.statusCode).toBe(200)
      const fresh = expectBody(res, LoginResponseSchema) as typeof tokens
      expect((await getUnknownSession(`Bearer ${fresh.access_token}`)).statusCode).toBe(404)
    })
  })
})
