// POST /auth/logout/ ends the login of the calling token (security review, issue 36, finding 4: access tokens
// lived 31 days with no way to end one): its access and refresh tokens, and the pairs refreshed from them, stop
// working at once; other logins of the same user keep working.
import { LogoutResponseSchema, UnauthorizedBodySchema } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

describe.each(testEngines())('POST /api/v2/auth/logout/ on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const login = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
    })
    return res.json() as { access_token: string; refresh_token: string }
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const logout = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/logout/', headers: token ? bearer(token) : {} })
  const secret = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v2/webhooks/secret/', headers: bearer(token) })
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/refresh/', payload: { refresh_token: refreshToken } })

  it('ends the access token, its refresh token and every pair refreshed from them, at once', async () => {
    const first = await login()
    const refreshed = (await refresh(first.refresh_token)).json()
    // The older access token of the family is still live until logout; the call caches its verification.
    expect((await secret(first.access_token)).statusCode).toBe(200)
    expect((await secret(refreshed.access_token)).statusCode).toBe(200)

    const res = await logout(refreshed.access_token)
    expect(res.statusCode, res.body).toBe(200)
    expect(expectBody(res, LogoutResponseSchema)).toEqual({ status: 'ok' })

    for (const token of [first.access_token, refreshed.access_token]) {
      const after = await secret(token)
      expect(after.statusCode).toBe(401)
      expectBody(after, UnauthorizedBodySchema)
    }
    expect((await refresh(refreshed.refresh_token)).statusCode).toBe(403)
  })

  it('leaves the other logins of the same user working', async () => {
    const ended = await login()
    const other = await login()
    expect((await logout(ended.access_token)).statusCode).toBe(200)
    expect((await secret(other.access_token)).statusCode).toBe(200)
    expect((await refresh(other.refresh_token)).statusCode).toBe(200)
  })

  it('answers 401 without a token, with an ended one, or with a refresh token', async () => {
    expect((await logout()).statusCode).toBe(401)
    const tokens = await login()
    expect((await logout(tokens.refresh_token)).statusCode).toBe(401)
    expect((await logout(tokens.access_token)).statusCode).toBe(200)
    expect((await logout(tokens.access_token)).statusCode).toBe(401)
  })

  it('ends the login once when two logouts race', async () => {
    const tokens = await login()
    const answers = await Promise.all([logout(tokens.access_token), logout(tokens.access_token)])
    expect(answers.map((a) => a.statusCode).sort()).toContain(200)
    for (const answer of answers) expect([200, 401]).toContain(answer.statusCode)
    expect((await secret(tokens.access_token)).statusCode).toBe(401)
  })
})
