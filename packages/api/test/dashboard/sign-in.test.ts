// Signing in to the dashboard is the API's login (AuthService.login): the same throttle answers the same 429 with
// Retry-After; a signed-in browser holds only the HttpOnly cookie; signing out ends that login; a password change
// asks for the current one and ends every other login. The dashboard's calls reach the API as the account, and
// stay out of its request log. On every engine.
import { ERRORS } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS_PER_USERNAME } from '../../src/domain/auth/login-throttle.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { browser, setCookie, signUp } from './kit.ts'

describe.each(testEngines())('dashboard sign-in on $name', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await testApp(engine)
  })
  afterEach(() => t.close())

  it('signs in with the e-mail in any case and the password; a wrong one is the API\u2019s 403', async () => {
    const { body } = await signUp(browser(t.app))
    const client = browser(t.app)
    const wrong = await client.call('POST', '/dashboard/api/sign-in', {
      email: body.email,
      password: 'not it at all',
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().exception).toBe(ERRORS.INVALID_CREDENTIALS.exception)
    expect(client.cookie).toBeUndefined()
    const res = await client.call('POST', '/dashboard/api/sign-in', {
      email: String(body.email).toUpperCase(),
      password: body.password,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().email).toBe(body.email)
    // The body holds no token: only the cookie does.
    expect(res.body).not.toContain(client.cookie as string)
    expect(setCookie(res).attributes).toMatchObject({ httponly: '', samesite: 'Strict' })
  })

  it('answers the throttle\u2019s 429 with Retry-After after 10 wrong passwords, API logins included', async () => {
    const { body } = await signUp(browser(t.app))
    const client = browser(t.app)
    for (let i = 0; i < MAX_ATTEMPTS_PER_USERNAME; i++) {
      const res =
        i % 2
          ? await client.call('POST', '/dashboard/api/sign-in', { email: body.email, password: `wrong ${i}` })
          : await t.app.inject({
              method: 'POST',
              url: '/api/v2/auth/login',
              payload: { username: body.email, password: `wrong ${i}` },
              remoteAddress: '203.0.113.20',
            })
      expect(res.statusCode).toBe(403)
    }
    const limited = await client.call('POST', '/dashboard/api/sign-in', {
      email: body.email,
      password: body.password,
    })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      status: 'ko',
      exception: ERRORS.RATE_LIMITED.exception,
      error: `Too many requests: retry after ${limited.headers['retry-after']} s.`,
    })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(890)
    expect(client.cookie).toBeUndefined()
  })

  it('signs out: the cookie is cleared and its token no longer works anywhere', async () => {
    const client = browser(t.app)
    await signUp(client)
    const token = client.cookie as string
    const res = await client.call('POST', '/dashboard/api/sign-out', {})
    expect(res.statusCode).toBe(200)
    expect(client.cookie).toBeUndefined()
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v2/checkout',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(api.statusCode).toBe(401)
    expect((await client.call('GET', '/dashboard/api/account')).statusCode).toBe(401)
  })

  it('changes the password with the current one, and ends the account\u2019s other logins', async () => {
    const client = browser(t.app)
    const { body } = await signUp(client)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: body.email, password: body.password },
    })
    const sdkToken = { authorization: `Bearer ${login.json().access_token}` }
    const wrong = await client.call('POST', '/dashboard/api/account/password', {
      current_password: 'not the password',
      new_password: 'a brand new password',
    })
    expect(wrong.statusCode).toBe(403)
    const short = await client.call('POST', '/dashboard/api/account/password', {
      current_password: body.password,
      new_password: 'too short',
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().schema_errors[0].field).toBe('/new_password')

    const changed = await client.call('POST', '/dashboard/api/account/password', {
      current_password: body.password,
      new_password: 'a brand new password',
    })
    expect(changed.statusCode).toBe(200)
    // This browser stays signed in (a new cookie); the SDK's token and the old password are done.
    expect((await client.call('GET', '/dashboard/api/account')).statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/checkout', headers: sdkToken })).statusCode,
    ).toBe(401)
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: body.email, password: body.password },
    })
    expect(old.statusCode).toBe(403)
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: body.email, password: 'a brand new password' },
    })
    expect(fresh.statusCode).toBe(200)
  })

  it('reaches the API as the account, with the API\u2019s answers and errors, and keeps out of its request log', async () => {
    const client = browser(t.app)
    const { body } = await signUp(client)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: body.email, password: body.password },
    })
    const bearer = { authorization: `Bearer ${login.json().access_token}` }
    // The API's own 400 and 404, message and all, with its request id.
    const invalid = await client.call('POST', '/dashboard/api/v2/checkout', { merchant: {} })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().exception).toBe(ERRORS.VALIDATION.exception)
    expect(invalid.headers['x-request-id']).toBeTruthy()
    const missing = await client.call(
      'GET',
      '/dashboard/api/v2/checkout/7e1b0c49-3d7f-4a43-9a5b-2f6a0a7b1c11',
    )
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error).toBe('Checkout session 7e1b0c49-3d7f-4a43-9a5b-2f6a0a7b1c11 not found.')
    await client.call('GET', '/dashboard/api/account')
    await client.call('GET', '/dashboard/api/v2/checkout?limit=5')
    // Its integration's call is logged; none of the dashboard's.
    await t.app.inject({ method: 'GET', url: '/api/v2/checkout?limit=1', headers: bearer })
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/v2/test-helpers/request-log',
      headers: bearer,
    })
    expect(log.json().payload.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).toEqual([
      'GET /api/v2/checkout',
    ])
    // Logins and the endless event stream are not the dashboard's to call.
    for (const path of ['/auth/logout', '/webhooks/events/stream']) {
      const res = await client.call(path.includes('stream') ? 'GET' : 'POST', `/dashboard/api/v2${path}`)
      expect(res.statusCode, path).toBe(404)
      expect(res.json().exception).toBe('plazo.dashboard.not_forwarded')
    }
  })
})
