import { RequestLogResponseSchema } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
