// Retries that can never create twice, and the renewal of an expired token, against a real sandbox.
import { Plazo, PlazoAuthenticationError, PlazoInvalidRequestError } from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proxy } from './helpers/proxy.ts'
import { embeddedRequest } from './helpers/requests.ts'
import { type Sandbox, sandbox, sqliteEngine } from './helpers/sandbox.ts'

const TOKEN_TTL_SECONDS = 60

describe('retries and token renewal', () => {
  let s: Sandbox

  beforeAll(async () => {
    s = await sandbox(sqliteEngine(), { PLAZO_ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS) })
  })
  afterAll(() => s.close())

  it('a connection cut after the API answered is retried with the same key and returns the first session', async () => {
    let cut = false
    const flaky = await proxy(s.apiUrl, (seen) => {
      if (seen.method === 'POST' && seen.path.endsWith('/checkout') && !cut) {
        cut = true
        return 'cut'
      }
      return 'forward'
    })
    try {
      const plazo = new Plazo({ username: s.username, password: s.password, apiUrl: flaky.apiUrl })
      const created = await plazo.checkoutSessions.create(embeddedRequest())

      const creates = flaky.seen.filter((seen) => seen.method === 'POST' && seen.path.endsWith('/checkout'))
      expect(creates).toHaveLength(2)
      const [first, second] = creates
      // The API did create the session on the first try; the answer was lost on the way back.
      expect(first?.upstream?.status).toBe(201)
      expect(JSON.parse(first?.upstream?.body ?? '{}').checkout_session_id).toBe(created.checkout_session_id)
      expect(first?.headers['idempotency-key']).toEqual(expect.any(String))
      expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key'])
      expect(second?.upstream?.status).toBe(201)
      expect(JSON.parse(second?.upstream?.body ?? '{}').checkout_session_id).toBe(created.checkout_session_id)
    } finally {
      await flaky.close()
    }
  })

  it('a 409 "request in progress" is retried; another 4xx never is', async () => {
    let answered = false
    const busy = await proxy(s.apiUrl, (seen) => {
      if (seen.method === 'POST' && seen.path.endsWith('/checkout') && !answered) {
        answered = true
        const body = JSON.stringify({
          status: 'ko',
          exception: 'plazo.idempotency.in_progress',
          error: 'A request with this Idempotency-Key is still being processed.',
        })
        return { status: 409, body }
      }
      return 'forward'
    })
    try {
      const plazo = new Plazo({ username: s.username, password: s.password, apiUrl: busy.apiUrl })
      await plazo.checkoutSessions.create(embeddedRequest(), { idempotencyKey: 'in-progress-then-done' })
      const creates = busy.seen.filter((seen) => seen.path.endsWith('/checkout'))
      expect(creates.map((seen) => seen.headers['idempotency-key'])).toEqual([
        'in-progress-then-done',
        'in-progress-then-done',
      ])

      const request = embeddedRequest()
      const bad = { ...request, cart: { ...request.cart, items: [] } }
      await expect(plazo.checkoutSessions.create(bad)).rejects.toBeInstanceOf(PlazoInvalidRequestError)
      expect(busy.seen.filter((seen) => seen.path.endsWith('/checkout'))).toHaveLength(3)
    } finally {
      await busy.close()
    }
  })

  it('an expired access token is refreshed once and the call repeated', async () => {
    const watched = await proxy(s.apiUrl, () => 'forward')
    try {
      const plazo = new Plazo({ username: s.username, password: s.password, apiUrl: watched.apiUrl })
      await plazo.webhooks.secret()
      s.setNow(new Date(Date.now() + (TOKEN_TTL_SECONDS + 60) * 1000))
      await plazo.webhooks.secret()
      await plazo.webhooks.secret()
      expect(
        watched.seen.map((seen) => `${seen.path.replace(/^\/api\/v2/, '')} ${seen.upstream?.status}`),
      ).toEqual([
        '/auth/login 200',
        '/webhooks/secret 200',
        '/webhooks/secret 401',
        '/auth/refresh 200',
        '/webhooks/secret 200',
        '/webhooks/secret 200',
      ])
    } finally {
      s.setNow(new Date())
      await watched.close()
    }
  })

  it('an access token given alone that expires is a PlazoAuthenticationError, asked once', async () => {
    const watched = await proxy(s.apiUrl, () => 'forward')
    try {
      const login = await new Plazo({
        username: s.username,
        password: s.password,
        apiUrl: s.apiUrl,
      }).request<{
        access_token: string
      }>({ method: 'POST', path: '/auth/login', body: { username: s.username, password: s.password } })
      s.setNow(new Date(Date.now() + (TOKEN_TTL_SECONDS + 60) * 1000))
      const plazo = new Plazo({ accessToken: login.access_token, apiUrl: watched.apiUrl })
      await expect(plazo.webhooks.secret()).rejects.toBeInstanceOf(PlazoAuthenticationError)
      expect(watched.seen).toHaveLength(1)
    } finally {
      s.setNow(new Date())
      await watched.close()
    }
  })
})
