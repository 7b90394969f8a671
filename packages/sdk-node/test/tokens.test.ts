// The tokens a client obtains reach the program through `onTokens` and `login()`: the CLI stores them from there
// instead of watching the SDK's requests. A fake fetch plays the API, so each answer is exactly what is tested.
import { describe, expect, it } from 'vitest'
import { Plazo, PlazoAuthenticationError, type PlazoTokens } from '../src/index.ts'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const UNAUTHORIZED = { status: 'ko', exception: 'plazo.auth.invalid_token', error: 'Invalid token' }

/** A fetch answering from a table of `METHOD /path` → answers (taken in order), recording each call. */
function fakeApi(routes: Record<string, Response[]>) {
  const calls: string[] = []
  const fetch = async (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname.replace(/^\/api\/v2/, '').replace(/\/$/, '')}`
    calls.push(key)
    const answer = routes[key]?.shift()
    if (!answer) throw new Error(`unexpected call ${key}`)
    return answer
  }
  return { fetch, calls }
}

describe('onTokens and login()', () => {
  it('hands over the tokens of the lazy login, with their lifetime, and never the password', async () => {
    const api = fakeApi({
      'POST /auth/login': [json(200, { access_token: 'a1', refresh_token: 'r1', expires_in: 60 })],
      'GET /checkout/1': [json(200, { status: 'ok' })],
    })
    const seen: PlazoTokens[] = []
    const plazo = new Plazo({
      username: 'demo@plazo.test',
      password: 'secret-password',
      apiUrl: 'http://api.test/api/v2',
      fetch: api.fetch,
      onTokens: (tokens) => seen.push(tokens),
    })
    await plazo.request({ method: 'GET', path: '/checkout/1' })
    expect(seen).toEqual([{ accessToken: 'a1', refreshToken: 'r1', expiresIn: 60 }])
    expect(JSON.stringify(seen)).not.toContain('secret-password')
  })

  it('hands over the renewed tokens when an expired token is refreshed, and a throwing callback fails nothing', async () => {
    const api = fakeApi({
      'GET /checkout/1': [json(401, UNAUTHORIZED), json(200, { status: 'ok' })],
      'POST /auth/refresh': [json(200, { access_token: 'a2', refresh_token: 'r2', expires_in: 60 })],
    })
    const seen: PlazoTokens[] = []
    const plazo = new Plazo({
      accessToken: 'a0',
      refreshToken: 'r0',
      apiUrl: 'http://api.test/api/v2',
      fetch: api.fetch,
      onTokens: (tokens) => {
        seen.push(tokens)
        throw new Error('disk full')
      },
    })
    await expect(plazo.request({ method: 'GET', path: '/checkout/1' })).resolves.toEqual({ status: 'ok' })
    expect(seen).toEqual([{ accessToken: 'a2', refreshToken: 'r2', expiresIn: 60 }])
    expect(api.calls).toEqual(['GET /checkout/1', 'POST /auth/refresh', 'GET /checkout/1'])
  })

  it('login() logs in at once and answers the tokens; wrong credentials are a PlazoAuthenticationError', async () => {
    const api = fakeApi({
      'POST /auth/login': [
        json(200, { access_token: 'a1', refresh_token: 'r1', expires_in: 60 }),
        json(401, UNAUTHORIZED),
      ],
      'GET /checkout/1': [json(200, { status: 'ok' })],
    })
    const plazo = new Plazo({
      username: 'u',
      password: 'p',
      apiUrl: 'http://api.test/api/v2',
      fetch: api.fetch,
    })
    await expect(plazo.login()).resolves.toEqual({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 60 })
    await plazo.request({ method: 'GET', path: '/checkout/1' })
    expect(api.calls).toEqual(['POST /auth/login', 'GET /checkout/1'])
    await expect(plazo.login()).rejects.toBeInstanceOf(PlazoAuthenticationError)
  })
})
