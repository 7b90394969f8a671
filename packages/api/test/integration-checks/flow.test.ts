import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { FLOW_CHECKS, IntegrationCheckRunSchema, validate } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { type Body, sessionRequest } from '../lifecycle/kit.ts'
import { startHandler } from './handler.ts'
import { type Run, runCheck, withStatus } from './kit.ts'

// The flow integration check grades a merchant's own calls (the request log) and sessions: a flow written as the
// guides say passes every check; one that logs in on every call and trusts the return URL fails exactly those
// two; each other mistake fails its own check.

const FLOW_IDS = FLOW_CHECKS.map((check) => check.id)

/** A notification endpoint that answers 204, or what `answer` says for the n-th notification. */
async function receiver(answer: (n: number) => number = () => 204) {
  let count = 0
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      count++
      response.writeHead(answer(count)).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe.each(testEngines())('the flow check on $name', (engine) => {
  let t: TestApp
  let endpoint: Awaited<ReturnType<typeof receiver>>
  beforeEach(async () => {
    t = await testApp(engine, {}, { integrationChecks: { settleMs: 300 } })
    endpoint = await receiver()
  })
  afterEach(async () => {
    await t.close()
    await endpoint.close()
  })

  /** A new login of the Demo Store: its bearer header. */
  const login = async (): Promise<Record<string, string>> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
    })
    return { authorization: `Bearer ${res.json().access_token}` }
  }

  const call = async (
    auth: Record<string, string>,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: Body,
    options: { key?: boolean } = {},
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: {
        ...auth,
        ...(method === 'POST' && options.key !== false ? { 'idempotency-key': randomUUID() } : {}),
      },
      ...(body ? { payload: body } : {}),
    })
    return res
  }

  /** A delegated hosted-page order with a confirm and a capture window, notified to the test's endpoint. */
  const order = (merchant: Body = {}) =>
    sessionRequest({
      ui: 'hpp',
      checkoutMode: 'delegated',
      merchant: {
        notification_url: endpoint.url,
        max_interval_in_minutes_for_confirm: 60,
        max_interval_in_minutes_for_capture: 120,
        ...merchant,
      },
    })

  /** The customer completes the hosted page (the sandbox helper plays them) and the notifications go out. */
  const customerPays = async (id: string) => {
    const approved = await call(t.demo, 'POST', `/test-helpers/checkout/${id}/customer-action/`, {
      action: 'approve',
    })
    expect(approved.statusCode, approved.body).toBe(201)
    await t.app.services.webhookDelivery.deliverDue()
  }

  const flowCheck = async (body: Body): Promise<Run> => {
    const run = await runCheck(t.app, t.demo, { kind: 'flow', ...body })
    const checked = validate(IntegrationCheckRunSchema, run)
    expect(checked.ok ? [] : checked.errors).toEqual([])
    expect(run.checks.map((check) => check.id)).toEqual(FLOW_IDS)
    expect(run.status).toBe('done')
    return run
  }

  const summary = (run: Run) => run.checks.map((check) => `${check.id} ${check.status}: ${check.detail}`)

  it('passes a flow written as the guides say: one login, keys, the session read after the return', async () => {
    const created = await call(t.demo, 'POST', '/checkout/', order())
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().checkout_session_id as string
    await customerPays(id)
    // The customer is back on success_url: the shop asks Plazo, then confirms and ships.
    expect((await call(t.demo, 'GET', `/checkout/${id}`)).statusCode).toBe(200)
    expect((await call(t.demo, 'POST', `/checkout/${id}/confirm/`)).statusCode).toBe(201)
    expect((await call(t.demo, 'POST', `/checkout/${id}/capture/`, {})).statusCode).toBe(201)
    await t.app.services.webhookDelivery.deliverDue()

    const run = await flowCheck({ checkout_session_id: id })
    expect(withStatus(run, 'pass'), summary(run).join('\n')).toEqual(FLOW_IDS)
    const detail = Object.fromEntries(run.checks.map((check) => [check.id, check.detail]))
    expect(detail['flow.idempotency_key']).toMatch(/All 3 POSTs/)
    expect(detail['flow.token_reuse']).toMatch(/4 calls .* 1 login/)
    expect(detail['flow.notifications_acknowledged']).toMatch(/acknowledged on its first try/)
  })

  it('fails exactly token_reuse and return_verified for a flow that logs in on every call and trusts the return URL', async () => {
    const created = await call(await login(), 'POST', '/checkout/', order())
    const id = created.json().checkout_session_id as string
    await customerPays(id)
    // Back on success_url, the shop takes the redirect's word for it: confirm and capture, a login each.
    const confirmed = await call(await login(), 'POST', `/checkout/${id}/confirm/`)
    expect(confirmed.statusCode).toBe(201)
    expect((await call(await login(), 'POST', `/checkout/${id}/capture/`, {})).statusCode).toBe(201)
    await t.app.services.webhookDelivery.deliverDue()

    const run = await flowCheck({ checkout_session_id: id })
    expect(withStatus(run, 'fail'), summary(run).join('\n')).toEqual([
      'flow.token_reuse',
      'flow.return_verified',
    ])
    expect(run.failed).toBe(2)
    const returned = run.checks.find((check) => check.id === 'flow.return_verified')
    expect(returned?.detail).toContain(`request ${confirmed.headers['x-request-id']}`)
    expect(run.checks.find((check) => check.id === 'flow.token_reuse')?.detail).toMatch(/Each of the 3 calls/)
  })

  it('fails flow.idempotency_key for a POST without a key, naming its request', async () => {
    const created = await call(t.demo, 'POST', '/checkout/', order(), { key: false })
    const id = created.json().checkout_session_id as string
    const run = await flowCheck({ checkout_session_id: id })
    expect(withStatus(run, 'fail')).toEqual(['flow.idempotency_key'])
    expect(run.checks[0]?.detail).toContain(String(created.headers['x-request-id']))
  })

  it('fails flow.no_repeated_4xx when a refused request is sent again unchanged', async () => {
    const created = await call(t.demo, 'POST', '/checkout/', order())
    const id = created.json().checkout_session_id as string
    // Confirming before the customer was approved is refused (409); sending it again cannot help.
    const first = await call(t.demo, 'POST', `/checkout/${id}/confirm/`)
    expect(first.statusCode).toBe(409)
    await call(t.demo, 'POST', `/checkout/${id}/confirm/`)
    const run = await flowCheck({ checkout_session_id: id })
    expect(withStatus(run, 'fail')).toEqual(['flow.no_repeated_4xx'])
    expect(run.checks.find((check) => check.id === 'flow.no_repeated_4xx')?.detail).toContain(
      String(first.headers['x-request-id']),
    )
  })

  it('fails flow.confirm_window when Plazo cancelled an approved order nobody confirmed', async () => {
    const id = (await call(t.demo, 'POST', '/checkout/', order())).json().checkout_session_id as string
    await customerPays(id)
    await call(t.demo, 'GET', `/checkout/${id}`)
    await call(t.demo, 'POST', '/test-helpers/clock/advance/', { minutes: 61 })
    const run = await flowCheck({ checkout_session_id: id })
    expect(withStatus(run, 'fail'), summary(run).join('\n')).toEqual(['flow.confirm_window'])
    expect(run.checks.find((check) => check.id === 'flow.confirm_window')?.detail).toMatch(
      /60-minute confirm window/,
    )
  })

  it('fails flow.capture_window when Plazo cancelled a confirmed order nobody captured', async () => {
    const id = (await call(t.demo, 'POST', '/checkout/', order())).json().checkout_session_id as string
    await customerPays(id)
    await call(t.demo, 'GET', `/checkout/${id}`)
    await call(t.demo, 'POST', `/checkout/${id}/confirm/`)
    await call(t.demo, 'POST', '/test-helpers/clock/advance/', { minutes: 121 })
    const run = await flowCheck({ checkout_session_id: id })
    expect(withStatus(run, 'fail'), summary(run).join('\n')).toEqual(['flow.capture_window'])
  })

  it('fails flow.notifications_acknowledged when the first try of a notification was refused', async () => {
    const refusing = await receiver((n) => (n === 1 ? 500 : 204))
    try {
      const id = (await call(t.demo, 'POST', '/checkout/', order({ notification_url: refusing.url }))).json()
        .checkout_session_id as string
      await customerPays(id)
      await call(t.demo, 'GET', `/checkout/${id}`)
      const run = await flowCheck({ checkout_session_id: id })
      expect(withStatus(run, 'fail')).toEqual(['flow.notifications_acknowledged'])
      expect(run.checks.find((check) => check.id === 'flow.notifications_acknowledged')?.detail).toMatch(
        /payment_intent_status_changed .* → 500/,
      )
    } finally {
      await refusing.close()
    }
  })

  it('grades the last minutes of calls, leaving out the sessions and calls of a webhooks run', async () => {
    const handler = await startHandler(t.app, t.demo)
    try {
      // The handler confirms and captures the run's sessions with a key and one login: not the flow's business.
      await runCheck(t.app, t.demo, { kind: 'webhooks', url: handler.url })
      const created = await call(t.demo, 'POST', '/checkout/', order(), { key: false })
      const run = await flowCheck({ since_minutes: 5 })
      expect(withStatus(run, 'fail')).toEqual(['flow.idempotency_key'])
      expect(run.checks[0]?.detail).toMatch(/^1 of 1 POST in the last 5 minutes/)
      expect(run.checks[0]?.detail).toContain(String(created.headers['x-request-id']))
    } finally {
      await handler.close()
    }
  })
})
