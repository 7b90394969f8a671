// The escape hatches others build on: `request` and `stream` for endpoints the SDK has no method for, and the
// `fetch` option (an in-process server, a proxy), all through the same login, keys and errors as the methods.
import { Plazo, PlazoNotFoundError } from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedRequest } from './helpers/requests.ts'
import { type Sandbox, sandbox, sqliteEngine } from './helpers/sandbox.ts'

describe('request, stream and a custom fetch', () => {
  let s: Sandbox
  const sent: Request[] = []
  let plazo: Plazo

  beforeAll(async () => {
    s = await sandbox(sqliteEngine())
    plazo = new Plazo({
      username: s.username,
      password: s.password,
      apiUrl: s.apiUrl,
      fetch: (request) => {
        sent.push(request.clone())
        return fetch(request)
      },
    })
  })
  afterAll(() => s.close())

  it('request() logs in, sends an Idempotency-Key with a POST and answers the parsed body', async () => {
    const created = await plazo.request<{ checkout_session_id: string }>({
      method: 'POST',
      path: '/checkout/',
      body: embeddedRequest(),
      idempotencyKey: 'low-level-create',
    })
    const read = await plazo.request<{ payload: { id: string } }>({
      method: 'GET',
      path: `/checkout/${created.checkout_session_id}`,
    })
    expect(read.payload.id).toBe(created.checkout_session_id)
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/v2/auth/login',
      'POST /api/v2/checkout/',
      `GET /api/v2/checkout/${created.checkout_session_id}`,
    ])
    expect(sent[1]?.headers.get('idempotency-key')).toBe('low-level-create')
    expect(sent[1]?.headers.get('authorization')).toMatch(/^Bearer /)
    expect(sent[2]?.headers.get('idempotency-key')).toBeNull()
    const events = await plazo.request({
      method: 'GET',
      path: '/webhooks/events',
      query: { checkout_session_id: created.checkout_session_id },
    })
    expect(events).toMatchObject({ status: 'ok', payload: expect.any(Array) })
  })

  it('request() and stream() throw the error classes', async () => {
    const missing = { method: 'GET', path: '/checkout/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11' } as const
    await expect(plazo.request(missing)).rejects.toBeInstanceOf(PlazoNotFoundError)
    await expect(plazo.stream(missing)).rejects.toBeInstanceOf(PlazoNotFoundError)
  })

  it('stream() opens the event stream, the way plazo listen reads it', async () => {
    const response = await plazo.stream({
      method: 'GET',
      path: '/webhooks/events/stream',
      query: { timeout: 1 },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    expect(typeof (await response.text())).toBe('string')
  })

  it('stream() answers the Response with its body unread', async () => {
    const response = await plazo.stream({
      method: 'GET',
      path: '/webhooks/secret',
      accept: 'application/json',
    })
    expect(response.status).toBe(200)
    expect(response.bodyUsed).toBe(false)
    expect(await response.json()).toMatchObject({ payload: { secret: expect.stringMatching(/^whsec_/) } })
  })
})
