// Every operation of the four OpenAPI documents that a merchant's server calls, through the SDK as published
// (the built package, imported by name), against a real sandbox on each engine; each answer is checked against
// its response schema in the contract.
import { readFileSync } from 'node:fs'
import {
  ClockResponseSchema,
  DistributeResponseSchema,
  EmbeddedCreateResponseSchema,
  GetSessionResponseSchema,
  HppCreateResponseSchema,
  IntegrationCheckRunSchema,
  LatestEventsResponseSchema,
  OperationResponseSchema,
  OutboxListResponseSchema,
  RequestLogResponseSchema,
  SessionListResponseSchema,
  SessionResponseSchema,
  WebhookEventListResponseSchema,
  WebhookEventResponseSchema,
  WebhookSecretResponseSchema,
} from '@plazo/contract'
import { Plazo } from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedRequest, hppRequest, paymentIntentRequest } from './helpers/requests.ts'
import { type Sandbox, sandbox, testEngines } from './helpers/sandbox.ts'
import { expectValid } from './helpers/schemas.ts'

/**
 * The operations the browser calls, with the session's `client_secret` or a hosted page's id, never with the
 * merchant's token: checkout-js and the hosted page make them, a server SDK has no business there.
 */
const BROWSER_ONLY = new Set([
  'getEmbeddedClientSession',
  'getEmbeddedSecci',
  'completeEmbeddedCheckout',
  'desistEmbeddedCheckout',
  'getEmbeddedDownPayment',
  'completeEmbeddedDownPayment',
  'desistEmbeddedDownPayment',
  'getAgentConfiguration',
  'getAgentPricings',
  'simulateOffers',
  'getHostedPageClientSession',
  'getHostedPageSecci',
  'completeHostedPageCheckout',
  'desistHostedPageCheckout',
  'distributeHostedPageFromPage',
])

/** Each server operation and the SDK call that makes it in the test below. */
const CALLED_BY = {
  login: 'the first call of new Plazo({ username, password })',
  refreshToken: 'the renewal of an expired token (auth.test.ts)',
  logout: 'logout',
  createEmbeddedCheckoutSession: 'checkoutSessions.create',
  createHppCheckoutSession: 'checkoutSessions.create',
  createPaymentIntent: 'checkoutSessions.createWithPaymentIntent',
  listCheckoutSessions: 'checkoutSessions.list',
  getCheckoutSession: 'checkoutSessions.retrieve',
  updateCheckoutSession: 'checkoutSessions.update',
  cancelCheckoutSession: 'checkoutSessions.cancel',
  confirmCheckoutSession: 'orders.confirm',
  captureCheckoutSession: 'orders.capture',
  refundCheckoutSession: 'orders.refund',
  distributeHostedPage: 'hpp.distribute',
  sandboxCustomerAction: 'testHelpers.customerAction',
  sandboxOutbox: 'testHelpers.outbox',
  sandboxClockAdvance: 'testHelpers.advanceClock',
  listWebhookEvents: 'webhooks.listEvents',
  redeliverWebhookEvent: 'webhooks.redeliver',
  setSessionNotificationUrl: 'webhooks.setNotificationUrl',
  getWebhookSecret: 'webhooks.secret',
  rotateWebhookSecret: 'webhooks.rotateSecret',
  downloadWebhookCaCertificate: 'webhooks.caCertificate',
  downloadWebhookClientCertificate: 'webhooks.clientCertificate',
  listLatestEvents: 'webhooks.latestEvents',
  listRequestLog: 'testHelpers.requestLog',
  streamEvents: 'webhooks.streamEvents (event-stream.test.ts), what plazo listen reads',
  startIntegrationCheck: 'testHelpers.startIntegrationCheck (and runIntegrationCheck)',
  getIntegrationCheck: 'testHelpers.integrationCheck (and runIntegrationCheck)',
  answerIntegrationCheck: 'testHelpers.answerIntegrationCheck',
}

const DOCUMENTS = ['checkout-session-embedded', 'checkout-session-hpp', 'order-management', 'webhook']

it('covers every operation of the four documents: a server call of the SDK, or one only the browser makes', () => {
  const operations = new Set<string>()
  for (const name of DOCUMENTS) {
    const document = JSON.parse(
      readFileSync(new URL(`../../contract/openapi/${name}.json`, import.meta.url), 'utf8'),
    )
    for (const item of Object.values(document.paths) as Array<Record<string, { operationId?: string }>>) {
      for (const operation of Object.values(item))
        if (operation.operationId) operations.add(operation.operationId)
    }
  }
  const covered = new Set([...Object.keys(CALLED_BY), ...BROWSER_ONLY])
  expect([...operations].filter((id) => !covered.has(id))).toEqual([])
  expect([...covered].filter((id) => !operations.has(id))).toEqual([])
})

describe.each(testEngines().filter((e) => e.name !== 'sqlite (file)'))(
  'every server operation through @plazo/node on $name',
  (engine) => {
    let s: Sandbox
    let plazo: Plazo

    beforeAll(async () => {
      s = await sandbox(engine)
      plazo = new Plazo({ username: s.username, password: s.password, apiUrl: s.apiUrl })
    })
    afterAll(() => s.close())

    it('creates, reads, updates and cancels checkout sessions', async () => {
      const hpp = expectValid(HppCreateResponseSchema, await plazo.checkoutSessions.create(hppRequest()))
      expect(hpp.redirect_url).toContain('/hpp/')
      const embedded = expectValid(
        EmbeddedCreateResponseSchema,
        await plazo.checkoutSessions.create(embeddedRequest()),
      )
      expect(embedded.client_secret).toEqual(expect.any(String))
      const intent = expectValid(
        EmbeddedCreateResponseSchema,
        await plazo.checkoutSessions.createWithPaymentIntent(paymentIntentRequest()),
      )

      const read = expectValid(
        GetSessionResponseSchema,
        await plazo.checkoutSessions.retrieve(intent.checkout_session_id),
      )
      expect(read.payload.id).toBe(intent.checkout_session_id)
      const listed = expectValid(SessionListResponseSchema, await plazo.checkoutSessions.list({ limit: 2 }))
      expect(listed.payload.map((s) => s.id)).toEqual([
        intent.checkout_session_id,
        embedded.checkout_session_id,
      ])
      expect(listed.has_more).toBe(true)

      const updated = expectValid(
        SessionResponseSchema,
        await plazo.checkoutSessions.update(embedded.checkout_session_id, embeddedRequest()),
      )
      expect(updated.payload.id).toBe(embedded.checkout_session_id)

      const cancelled = expectValid(
        SessionResponseSchema,
        await plazo.checkoutSessions.cancel(embedded.checkout_session_id),
      )
      expect(cancelled.payload.status).toBe('cancelled')
    })

    it('distributes a hosted page and reads the sandbox outbox', async () => {
      const { redirect_url } = await plazo.checkoutSessions.create(hppRequest())
      const hppId = new URL(redirect_url).pathname.split('/')[2] ?? ''
      expectValid(DistributeResponseSchema, await plazo.hpp.distribute(hppId, { recipient: '+34600123456' }))
      const outbox = expectValid(OutboxListResponseSchema, await plazo.testHelpers.outbox({ hpp_id: hppId }))
      expect(outbox.payload).toHaveLength(1)
    })

    it('confirms, captures and refunds orders the sandbox customer approved', async () => {
      const delegated = await plazo.checkoutSessions.create(embeddedRequest({ checkoutMode: 'delegated' }))
      const approved = expectValid(
        SessionResponseSchema,
        await plazo.testHelpers.customerAction(delegated.checkout_session_id, {
          action: 'approve',
          payment_method_type: 'bnpl_instalments',
        }),
      )
      expect(approved.payload.status).toBe('initial')
      const confirmed = expectValid(
        SessionResponseSchema,
        await plazo.orders.confirm(delegated.checkout_session_id),
      )
      expect(confirmed.payload.status).toBe('confirmed')

      expectValid(OperationResponseSchema, await plazo.orders.capture(delegated.checkout_session_id))

      const captured = await plazo.checkoutSessions.create(embeddedRequest({ checkoutMode: 'auto_capture' }))
      await plazo.testHelpers.customerAction(captured.checkout_session_id, { action: 'approve' })
      expectValid(
        OperationResponseSchema,
        await plazo.orders.refund(captured.checkout_session_id, {
          refunded_amount: 100,
          description: 'One strap',
        }),
      )
    })

    it('moves the sandbox clock', async () => {
      const clock = expectValid(ClockResponseSchema, await plazo.testHelpers.advanceClock({ minutes: 1 }))
      expect(clock.status).toBe('ok')
    })

    it('reads the request log, filtered', async () => {
      const log = expectValid(
        RequestLogResponseSchema,
        await plazo.testHelpers.requestLog({ path: '/test-helpers/clock' }),
      )
      expect(log.payload.every((entry) => entry.path.includes('/test-helpers/clock'))).toBe(true)
    })

    it('runs the integration check: a flow report at once, a webhooks run prepared for the client', async () => {
      const flow = expectValid(
        IntegrationCheckRunSchema,
        await plazo.testHelpers.runIntegrationCheck({ kind: 'flow' }),
      )
      expect(flow).toMatchObject({ kind: 'flow', status: 'done' })
      expect(flow.checks).toHaveLength(7)
      expect((await plazo.testHelpers.integrationCheck(flow.id)).checks).toEqual(flow.checks)
      const started = expectValid(
        IntegrationCheckRunSchema,
        await plazo.testHelpers.startIntegrationCheck({
          kind: 'webhooks',
          url: 'http://127.0.0.1:9/webhooks',
          deliver: 'client',
        }),
      )
      const deliveries = started.deliveries ?? []
      expect(deliveries).toHaveLength(13)
      const report = expectValid(
        IntegrationCheckRunSchema,
        await plazo.testHelpers.answerIntegrationCheck(started.id, {
          answers: deliveries.map((delivery) => ({
            delivery_id: delivery.id,
            status_code: null,
            duration_ms: 1,
          })),
        }),
      )
      expect(report).toMatchObject({
        status: 'done',
        kind: 'webhooks',
        failed: 11 - report.passed - report.warned,
      })
      expect(report.checks.find((check) => check.id === 'signature.valid')?.status).toBe('fail')
    })

    it('lists and redelivers webhook events, sets a notification URL, reads and rotates the secret', async () => {
      const { checkout_session_id: id } = await plazo.checkoutSessions.create(embeddedRequest())
      const withUrl = expectValid(
        SessionResponseSchema,
        await plazo.webhooks.setNotificationUrl(id, {
          notification_url: 'http://127.0.0.1:9/plazo/webhooks',
        }),
      )
      expect(withUrl.payload.id).toBe(id)
      await plazo.testHelpers.customerAction(id, { action: 'approve' })
      const events = expectValid(
        WebhookEventListResponseSchema,
        await plazo.webhooks.listEvents({ checkout_session_id: id }),
      )
      const [first] = events.payload
      expect(first).toBeDefined()
      expectValid(WebhookEventResponseSchema, await plazo.webhooks.redeliver(first?.event_id ?? ''))
      const latest = expectValid(LatestEventsResponseSchema, await plazo.webhooks.latestEvents({ limit: 5 }))
      expect(latest.payload.map((event) => event.checkout_session_id)).toContain(id)

      const before = expectValid(WebhookSecretResponseSchema, await plazo.webhooks.secret())
      const after = expectValid(WebhookSecretResponseSchema, await plazo.webhooks.rotateSecret())
      expect(after.payload.secret).not.toBe(before.payload.secret)
      expect(after.payload.secret).toMatch(/^whsec_/)

      expect(await plazo.webhooks.caCertificate()).toMatch(/^-----BEGIN CERTIFICATE-----/)
      expect(await plazo.webhooks.clientCertificate()).toMatch(/^-----BEGIN CERTIFICATE-----/)
    })

    it('logs out: a client with a password logs in again, one with a bare token has none left', async () => {
      const own = new Plazo({ username: s.username, password: s.password, apiUrl: s.apiUrl })
      await own.webhooks.secret()
      expect(await own.logout()).toEqual({ status: 'ok' })
      expect((await own.webhooks.secret()).payload.secret).toMatch(/^whsec_/)

      const login = await fetch(`${s.apiUrl}/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: s.username, password: s.password }),
      })
      const { access_token: accessToken } = (await login.json()) as { access_token: string }
      const bare = new Plazo({ accessToken, apiUrl: s.apiUrl })
      expect(await bare.logout()).toEqual({ status: 'ok' })
      await expect(bare.webhooks.secret()).rejects.toMatchObject({
        name: 'PlazoAuthenticationError',
        message: expect.stringContaining('logged out'),
      })
      // The token itself is over, whoever holds it.
      const reused = new Plazo({ accessToken, apiUrl: s.apiUrl })
      await expect(reused.webhooks.secret()).rejects.toMatchObject({ status: 401 })
    })
  },
)
