import { RequestLogResponseSchema } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { requestLogRepository } from '../../src/storage/request-log-repository.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

// The sandbox request log that `plazo logs tail` reads: the merchant's own calls, with their bodies, filtered.

describe.each(testEngines())('the request log on $name', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await testApp(engine)
  })
  afterEach(() => t.close())

  const log = (query: string, headers = t.demo) =>
    t.app.inject({ url: `/api/v2/test-helpers/request-log${query}`, headers })

  it('shows a refused call with its bodies, request id and Idempotency-Key, to its merchant only', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { ...t.demo, 'idempotency-key': 'log-test-1', 'x-request-id': 'req-log-test-1' },
      payload: { cart: 'not a cart' },
    })
    expect(bad.statusCode).toBe(400)
    await t.app.inject({ url: '/api/v2/webhooks/secret', headers: t.demo })

    const res = await log('?status=4xx')
    expect(res.statusCode).toBe(200)
    const body = expectBody(res, RequestLogResponseSchema) as { payload: Array<Record<string, unknown>> }
    expect(body.payload).toHaveLength(1)
    expect(body.payload[0]).toMatchObject({
      method: 'POST',
      path: '/api/v2/checkout/',
      status: 400,
      request_id: 'req-log-test-1',
      idempotency_key: 'log-test-1',
      request_body: { cart: 'not a cart' },
      response_body: bad.json(),
    })

    const all = (await log('')).json().payload as Array<{ path: string }>
    expect(all.map((entry) => entry.path)).toEqual(['/api/v2/webhooks/secret', '/api/v2/checkout/'])
    expect((await log('?path=/webhooks')).json().payload).toHaveLength(1)
    expect((await log('?status=200')).json().payload).toHaveLength(1)
    expect((await log('', t.other)).json().payload).toEqual([])
  })

  it('keeps an answer given again once, and shows it with every call that got it; forgets bodies no call names', async () => {
    const secret = () => t.app.inject({ url: '/api/v2/webhooks/secret', headers: t.demo })
    const answers = [await secret(), await secret(), await secret()]
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/v2/webhooks/secret/rotate',
      headers: t.demo,
    })
    const after = await secret()
    const entries = (await log('?path=/webhooks/secret')).json().payload as Array<{ response_body: unknown }>
    expect(entries.map((entry) => entry.response_body)).toEqual(
      [...answers, rotated, after].map((answer) => answer.json()).reverse(),
    )
    const stored = await t.t.db.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM request_log_bodies WHERE merchant_id = $1',
      [SANDBOX.demoStore.merchantId],
    )
    // The three equal answers are one body; the rotation's answer and the new secret's are two more.
    expect(Number(stored[0]?.n)).toBe(3)
    // Pruning down to the newest call leaves only the body it names.
    await requestLogRepository.prune(t.t.db, SANDBOX.demoStore.merchantId, new Date(0), 1)
    const left = await t.t.db.query<{ body: string }>(
      'SELECT body FROM request_log_bodies WHERE merchant_id = $1',
      [SANDBOX.demoStore.merchantId],
    )
    expect(left.map((row) => JSON.parse(row.body))).toEqual([after.json()])
  })

  it('names the login each call was made with: the same for one token and its refreshes, another per login', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
    })
    const second = { authorization: `Bearer ${login.json().access_token}` }
    await t.app.inject({ url: '/api/v2/webhooks/secret', headers: t.demo })
    await t.app.inject({ url: '/api/v2/webhooks/secret', headers: t.demo })
    await t.app.inject({ url: '/api/v2/webhooks/secret', headers: second })
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/refresh/',
      payload: { refresh_token: login.json().refresh_token },
    })
    await t.app.inject({
      url: '/api/v2/webhooks/secret',
      headers: { authorization: `Bearer ${refreshed.json().access_token}` },
    })
    const body = expectBody(await log('?path=/webhooks/secret'), RequestLogResponseSchema) as {
      payload: Array<{ login_id: string | null }>
    }
    const [afterRefresh, secondLogin, demoAgain, demo] = body.payload.map((entry) => entry.login_id)
    expect(demo).toMatch(/^[0-9a-f-]{36}$/)
    expect(demoAgain).toBe(demo)
    expect(secondLogin).not.toBe(demo)
    expect(afterRefresh).toBe(secondLogin)
  })

  it('refuses a bad filter with the documented 400 and needs the token', async () => {
    const res = await log('?status=4x')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 'ko', schema_errors: [{ field: '/status' }] })
    expect((await t.app.inject({ url: '/api/v2/test-helpers/request-log' })).statusCode).toBe(401)
  })
})

describe('the request log outside the sandbox', () => {
  let t: TestApp
  afterEach(() => t.close())
  it('does not exist', async () => {
    const [engine] = testEngines()
    if (!engine) throw new Error('no engine')
    t = await testApp(engine, { PLAZO_SANDBOX: 'false' })
    const res = await t.app.inject({ url: '/api/v2/test-helpers/request-log', headers: t.demo })
    expect(res.statusCode).toBe(404)
  })
})
