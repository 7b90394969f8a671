import { IntegrationCheckRunSchema, validate, WEBHOOK_CHECKS } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { HELD_BY_INTEGRATION_CHECK } from '../../src/domain/webhooks/delivery-worker.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { type TestEngine, testEngines } from '../helpers/engines.ts'
import { sessionRequest } from '../lifecycle/kit.ts'
import { type Handler, type HandlerBugs, startHandler } from './handler.ts'
import { type Run, runCheck, startRun, withStatus } from './kit.ts'

// The webhooks integration check against real handlers on 127.0.0.1: one written as the guide says passes every
// check; each deliberately broken one fails exactly the check made for its bug (the handler that refuses every
// signature fails every check that needs an acknowledgement, and only those). The battery is built from real
// sandbox events, signed with the merchant's secret, and what a handler does is read from the request log.

const WEBHOOK_IDS = WEBHOOK_CHECKS.map((check) => check.id)
const [memory] = testEngines()

function expectValidRun(run: Run): void {
  const checked = validate(IntegrationCheckRunSchema, run)
  expect(checked.ok ? [] : checked.errors).toEqual([])
  expect(run.checks.map((check) => check.id)).toEqual(WEBHOOK_IDS)
  for (const check of run.checks)
    expect(check.docs_url).toBe(
      `http://localhost:3000/docs/get-started/integration-check#${check.id.replace(/[._]/g, '-')}`,
    )
}

/** Before each test, the API on `engine` and a handler written as the guide says; both closed after it. */
function eachHandlerTest(
  engine: TestEngine | undefined,
  use: (made: { t: TestApp; handler: Handler }) => void,
): void {
  let made: { t: TestApp; handler: Handler } | undefined
  beforeEach(async () => {
    if (!engine) throw new Error('no test engine')
    const t = await testApp(engine, {}, { integrationChecks: { settleMs: 300 } })
    made = { t, handler: await startHandler(t.app, t.demo) }
    use(made)
  })
  afterEach(async () => {
    await made?.t.close()
    await made?.handler.close()
    made = undefined
  })
}

describe.each(testEngines())('a handler written as the guide says, on $name', (engine) => {
  let t: TestApp
  let handler: Handler
  eachHandlerTest(engine, (made) => {
    ;({ t, handler } = made)
  })

  it('passes every webhooks check, and the outbox leaves the run’s sessions to it', async () => {
    // The merchant's own URL is the handler: the outbox would send it the sessions' real events too.
    await t.t.db.run('UPDATE merchants SET notification_url = $1 WHERE id = $2', [
      handler.url,
      SANDBOX.demoStore.merchantId,
    ])
    const run = await runCheck(t.app, t.demo, { kind: 'webhooks', url: handler.url })
    expectValidRun(run)
    expect(
      run.checks.filter((check) => check.status !== 'pass').map((check) => `${check.id}: ${check.detail}`),
    ).toEqual([])
    expect(run).toMatchObject({ status: 'done', kind: 'webhooks', passed: 11, failed: 0, warned: 0 })
    expect(handler.received).toBe(13)

    // The events of the run's sessions are given up untried, never sent to the merchant's URL.
    // (Eight events of one endpoint at a time: as many passes as it takes.)
    for (let pass = 0; pass < 3; pass++) await t.app.services.webhookDelivery.deliverDue()
    expect(handler.received).toBe(13)
    const latest = await t.app.inject({ url: '/api/v2/webhooks/events/latest?limit=100', headers: t.demo })
    const sessions = new Set(
      (latest.json().payload as Array<{ checkout_session_id: string }>).map((e) => e.checkout_session_id),
    )
    expect(sessions.size).toBe(10)
    const [one] = sessions
    const events = await t.app.inject({
      url: `/api/v2/webhooks/events?checkout_session_id=${one}`,
      headers: t.demo,
    })
    for (const event of events.json().payload as Array<{ status: string; last_error: string }>)
      expect(event).toMatchObject({ status: 'failed', last_error: HELD_BY_INTEGRATION_CHECK })
  })
})

describe.each(testEngines())('the event stream during a run, on $name', (engine) => {
  let t: TestApp
  let handler: Handler
  eachHandlerTest(engine, (made) => {
    ;({ t, handler } = made)
  })

  it('leaves out the run’s events, so plazo listen does not forward them too', async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const stream = await fetch(`${origin}/api/v2/webhooks/events/stream?timeout=3`, { headers: t.demo })
    const text = stream.text()
    await runCheck(t.app, t.demo, { kind: 'webhooks', url: handler.url })
    // A session of the merchant's own, approved meanwhile: its event is streamed.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: t.demo,
      payload: sessionRequest({ checkoutMode: 'delegated' }),
    })
    const id = own.json().checkout_session_id as string
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/checkout/${id}/customer-action/`,
      headers: t.demo,
      payload: { action: 'approve' },
    })
    const streamed = (await text)
      .split('\n')
      .filter((line) => line.startsWith('data: {"event_id"'))
      .map((line) => (JSON.parse(line.slice(6)) as { checkout_session_id: string }).checkout_session_id)
    expect(streamed).toEqual([id])
  })
})

describe('broken handlers', () => {
  let t: TestApp
  let handler: Handler | undefined
  afterEach(async () => {
    await t.close()
    await handler?.close()
    handler = undefined
  })

  /**
   * A run against a handler with `bugs`. The latency bound is the documented 5 s, but for the slow handler: a
   * lower one there, so that the test need not wait 13 answers of more than 5 s.
   */
  const check = async (bugs: HandlerBugs): Promise<Run> => {
    if (!memory) throw new Error('no test engine')
    const latencyThresholdMs = bugs.delayMs ? bugs.delayMs / 2 : undefined
    t = await testApp(memory, {}, { integrationChecks: { settleMs: 300, latencyThresholdMs } })
    handler = await startHandler(t.app, t.demo, bugs)
    const run = await runCheck(t.app, t.demo, { kind: 'webhooks', url: handler.url })
    expectValidRun(run)
    return run
  }

  const cases: Array<[string, HandlerBugs, string]> = [
    ['trusts a forged signature when the body is genuine', { trustBodyFromApi: true }, 'signature.forged'],
    [
      'deduplicates before verifying (a replayed id with another body)',
      { dedupeBeforeVerify: true },
      'signature.tampered',
    ],
    ['ignores webhook-timestamp', { ignoreTimestamp: true }, 'signature.stale'],
    ['takes a notification without a signature', { signatureOptional: true }, 'signature.missing'],
    ['checks only the first signature', { firstSignatureOnly: true }, 'signature.rotation'],
    ['confirms and captures again on a duplicate', { actOnEveryDelivery: true }, 'delivery.duplicate'],
    ['refuses an event older than the last one', { refuseOlderStatus: true }, 'delivery.out_of_order'],
    ['answers 500 to an unknown event type', { failOnUnknownEvent: true }, 'delivery.unknown_event'],
    ['refuses unknown fields', { strictFields: true }, 'delivery.unknown_fields'],
    ['answers after the latency bound', { delayMs: 600 }, 'delivery.latency'],
  ]

  it.each(cases)('a handler that %s fails exactly that check', async (_name, bugs, failing) => {
    const run = await check(bugs)
    expect(withStatus(run, 'fail'), JSON.stringify(run.checks, null, 1)).toEqual([failing])
    expect(run.failed).toBe(1)
    expect(run.passed + run.warned).toBe(10)
    const failed = run.checks.find((c) => c.id === failing)
    expect(failed?.detail).toMatch(/\bd\d+\b/)
  })

  it('a handler with the wrong secret fails every check that needs an acknowledgement', async () => {
    const run = await check({ wrongSecret: true })
    expect(withStatus(run, 'fail')).toEqual([
      'signature.valid',
      'signature.rotation',
      'delivery.duplicate',
      'delivery.out_of_order',
      'delivery.unknown_event',
      'delivery.unknown_fields',
    ])
    expect(run.checks.find((c) => c.id === 'signature.valid')?.detail).toMatch(/answered 401/)
  })

  it('a URL nobody listens on fails with the reason', async () => {
    if (!memory) throw new Error('no test engine')
    t = await testApp(memory, {}, { integrationChecks: { settleMs: 300 } })
    const run = await runCheck(t.app, t.demo, { kind: 'webhooks', url: 'http://127.0.0.1:9/webhooks' })
    expect(run.checks.find((c) => c.id === 'signature.valid')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/no answer \(.*ECONNREFUSED/),
    })
  })
})

describe('deliver: "client"', () => {
  let t: TestApp
  let handler: Handler
  eachHandlerTest(memory, (made) => {
    ;({ t, handler } = made)
  })

  it('hands the prepared notifications to the client and grades the answers it reports', async () => {
    const started = await startRun(t.app, t.demo, { kind: 'webhooks', url: handler.url, deliver: 'client' })
    expect(started).toMatchObject({ status: 'running', checks: [], passed: 0 })
    const deliveries = started.deliveries ?? []
    expect(deliveries.map((d) => d.check_id)).toEqual([
      'signature.valid',
      'signature.forged',
      'signature.tampered',
      'signature.tampered',
      'signature.stale',
      'signature.missing',
      'signature.rotation',
      'delivery.duplicate',
      'delivery.duplicate',
      'delivery.out_of_order',
      'delivery.out_of_order',
      'delivery.unknown_event',
      'delivery.unknown_fields',
    ])
    // A GET while it waits shows the same deliveries.
    const waiting = await t.app.inject({
      url: `/api/v2/test-helpers/integration-checks/${started.id}`,
      headers: t.demo,
    })
    expect(waiting.json().deliveries).toEqual(deliveries)

    const answers = []
    for (const delivery of deliveries) {
      const begun = performance.now()
      const res = await fetch(handler.url, { method: 'POST', headers: delivery.headers, body: delivery.body })
      await res.text()
      answers.push({
        delivery_id: delivery.id,
        status_code: res.status,
        duration_ms: Math.round(performance.now() - begun),
      })
    }
    // One answer left out: its check fails for want of it.
    const reported = answers.filter((answer) => answer.delivery_id !== 'd13')
    const graded = await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/integration-checks/${started.id}/answers`,
      headers: t.demo,
      payload: { answers: reported },
    })
    expect(graded.statusCode, graded.body).toBe(201)
    const run = graded.json() as Run
    expectValidRun(run)
    expect(run.status).toBe('done')
    expect(run.deliveries).toBeUndefined()
    expect(withStatus(run, 'fail')).toEqual(['delivery.unknown_fields'])
    expect(run.checks.find((c) => c.id === 'delivery.unknown_fields')?.detail).toMatch(
      /no answer was reported/,
    )

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/integration-checks/${started.id}/answers`,
      headers: t.demo,
      payload: { answers },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().exception).toBe('plazo.integration_check.not_waiting')
  })

  it('refuses answers for deliveries the run did not prepare, and runs of other merchants', async () => {
    const started = await startRun(t.app, t.demo, { kind: 'webhooks', url: handler.url, deliver: 'client' })
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/integration-checks/${started.id}/answers`,
      headers: t.demo,
      payload: { answers: [{ delivery_id: 'd99', status_code: 200, duration_ms: 1 }] },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().schema_errors[0].field).toBe('/answers/0/delivery_id')
    const theirs = await t.app.inject({
      url: `/api/v2/test-helpers/integration-checks/${started.id}`,
      headers: t.other,
    })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().exception).toBe('plazo.integration_check.not_found')
    const sandboxRun = await startRun(t.app, t.demo, { kind: 'webhooks', url: handler.url })
    const notWaiting = await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/integration-checks/${sandboxRun.id}/answers`,
      headers: t.demo,
      payload: { answers: [{ delivery_id: 'd1', status_code: 200, duration_ms: 1 }] },
    })
    expect(notWaiting.statusCode).toBe(409)
  })

  it('validates what is asked', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/test-helpers/integration-checks',
        headers: t.demo,
        payload,
      })
    const noUrl = await post({ kind: 'webhooks' })
    expect(noUrl.statusCode).toBe(400)
    const mixed = await post({ kind: 'flow', url: handler.url })
    expect(mixed.statusCode).toBe(400)
    expect(mixed.json().schema_errors).toEqual([
      { field: '/url', message: 'is for kind "webhooks" only', keyword: 'dependentRequired' },
    ])
    const both = await post({
      kind: 'flow',
      since_minutes: 5,
      checkout_session_id: '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11',
    })
    expect(both.statusCode).toBe(400)
    const unknownSession = await post({
      kind: 'flow',
      checkout_session_id: '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11',
    })
    expect(unknownSession.statusCode).toBe(404)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v2/test-helpers/integration-checks',
      payload: { kind: 'flow' },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
