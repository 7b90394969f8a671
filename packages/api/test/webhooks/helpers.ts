// Real HTTP receivers on 127.0.0.1 and an API built on a test database with the webhook worker under the
// test's control (no interval: the test runs passes with deliverDue()).
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { examples, type WebhookEvent } from '@plazo/contract'
import { afterEach, beforeEach } from 'vitest'
import { type App, buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import type { PassResult } from '../../src/domain/webhooks/delivery-worker.ts'
import type { WebhookOptions } from '../../src/domain/webhooks/index.ts'
import { enqueueEvents } from '../../src/domain/webhooks/outbox.ts'
import type { Database } from '../../src/storage/index.ts'
import { signIn } from '../helpers/app.ts'
import type { TestDatabase, TestEngine } from '../helpers/engines.ts'

export interface ReceivedRequest {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
  /** The client certificate the sender presented (HTTPS receivers only). */
  peerCertificate?: { subject?: Record<string, string>; fingerprint256?: string }
  receivedAt: number
  /** Position on the receiver's own timeline of arrivals and answers (a counter, not a clock). */
  arrived: number
  /** Position on that timeline when the answer began; undefined while unanswered. */
  answered?: number
}

export type Reply =
  | number
  | {
      status: number
      body?: string
      delayMs?: number
      json?: unknown
      /** Extra response headers (`retry-after`…). */
      headers?: Record<string, string>
      /** The answer waits for this promise (a receiver that hangs until the test lets it go). */
      gate?: Promise<unknown>
      /**
       * After the status line and the first bytes of `body`: `cut` closes the connection before the announced
       * length is sent; `stall` never ends the body (the connection stays open until the receiver closes).
       */
      bodyEnd?: 'cut' | 'stall'
    }

export interface Receiver {
  url: string
  requests: ReceivedRequest[]
  /** Answers for the next requests, in order; once used up every request gets `fallback`. */
  replies: Reply[]
  fallback: Reply
  /** Decides the answer to a request before `replies` and `fallback` do (undefined: leave it to them). */
  respond?: (request: ReceivedRequest) => Reply | undefined
  /** Requests whose connection the sender closed before the answer began (gave up waiting). */
  abandoned: ReceivedRequest[]
  /** Resolves once `condition` holds; checked after every request and every abandoned one. */
  until(condition: () => boolean): Promise<void>
  close(): Promise<void>
}

function listen(server: http.Server | https.Server, state: Receiver, changed: () => void): void {
  let timeline = 0
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const socket = req.socket as import('node:tls').TLSSocket
      const peer = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        ...(peer && Object.keys(peer).length > 0
          ? {
              peerCertificate: {
                subject: peer.subject as unknown as Record<string, string>,
                fingerprint256: peer.fingerprint256,
              },
            }
          : {}),
        receivedAt: Date.now(),
        arrived: ++timeline,
      }
      state.requests.push(received)
      const reply = state.respond?.(received) ?? state.replies.shift() ?? state.fallback
      const {
        status,
        body,
        delayMs,
        json,
        gate,
        bodyEnd,
        headers = {},
      } = typeof reply === 'number' ? { status: reply } : reply
      res.on('close', () => {
        if (res.headersSent) return
        state.abandoned.push(received)
        changed()
      })
      const send = () => {
        if (res.destroyed) return
        received.answered = ++timeline
        if (bodyEnd) {
          // Announces more than it sends, so the body is unfinished either way.
          const first = body ?? 'partial'
          res.writeHead(status, { 'content-length': String(Buffer.byteLength(first) + 1_000) })
          res.write(first, () => {
            if (bodyEnd === 'cut') res.socket?.destroy()
          })
          return
        }
        if (json !== undefined) res.writeHead(status, { ...headers, 'content-type': 'application/json' })
        else res.writeHead(status, headers)
        res.end(json !== undefined ? JSON.stringify(json) : (body ?? ''))
      }
      const delayed = () => (delayMs ? setTimeout(send, delayMs) : send())
      if (gate) void gate.then(delayed)
      else delayed()
      changed()
    })
  })
}

/** An HTTP receiver on a free loopback port. */
export async function receiver(
  options: { path?: string; https?: https.ServerOptions } = {},
): Promise<Receiver> {
  const server = options.https ? https.createServer(options.https) : http.createServer()
  const waiters: Array<{ condition: () => boolean; resolve: () => void }> = []
  const changed = () => {
    for (const waiter of waiters.splice(0)) {
      if (waiter.condition()) waiter.resolve()
      else waiters.push(waiter)
    }
  }
  const state: Receiver = {
    url: '',
    requests: [],
    replies: [],
    fallback: 200,
    abandoned: [],
    until: (condition) =>
      condition()
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push({ condition, resolve })
          }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  listen(server, state, changed)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  state.url = `${options.https ? 'https' : 'http'}://127.0.0.1:${port}${options.path ?? '/plazo/webhooks'}`
  return state
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/hook`
}

export interface WebhookTestApp {
  app: App
  demo: Record<string, string>
  other: Record<string, string>
  close(): Promise<void>
}

/** The API on `db`, logged in as both sandbox merchants, with the worker's interval off. */
export async function webhookApp(
  db: Database,
  options: { webhooks?: WebhookOptions; now?: () => Date } = {},
): Promise<WebhookTestApp> {
  const app = await buildApp({
    config: loadConfig({}),
    db,
    timerIntervalMs: 0,
    ...(options.now ? { now: options.now } : {}),
    webhooks: { intervalMs: false, timeoutMs: 2_000, ...options.webhooks },
  })
  return {
    app,
    ...(await signIn(app)),
    close: () => app.close(),
  }
}

/** What each test of a webhook suite gets: a fresh database, the API on it and a receiver. */
export interface WebhookTest {
  t: TestDatabase
  api: WebhookTestApp
  hook: Receiver
}

/**
 * The set-up most webhook suites share: before each test a fresh database of `engine`, the API on it (built
 * with `options()`, read then) and a receiver, handed to `use`; all closed after the test.
 *
 *   let t: TestDatabase, let api: WebhookTestApp, let hook: Receiver
 *   eachWebhookTest(engine, (made) => ({ t, api, hook } = made))
 */
export function eachWebhookTest(
  engine: TestEngine,
  use: (made: WebhookTest) => void | Promise<void>,
  options: () => Parameters<typeof webhookApp>[1] = () => ({}),
): void {
  let made: WebhookTest | undefined
  beforeEach(async () => {
    const t = await engine.open()
    const api = await webhookApp(t.db, options())
    made = { t, api, hook: await receiver() }
    await use(made)
  })
  afterEach(async () => {
    if (!made) return
    const { t, api, hook } = made
    made = undefined
    await api.close()
    await hook.close()
    await t.cleanup()
  })
}

/**
 * eachWebhookTest with the API on a clock that only the test moves: `now()` is the real time when each test
 * starts, and changes only with `advance(ms)`. `webhooks` are the worker's options; `pass()` is one run of it.
 */
export function eachClockedWebhookTest(
  engine: TestEngine,
  webhooks: WebhookOptions,
  use: (made: WebhookTest) => void,
): { now: () => Date; advance: (ms: number) => void; pass: () => Promise<PassResult> } {
  let now = new Date()
  let api: WebhookTestApp | undefined
  eachWebhookTest(
    engine,
    (made) => {
      api = made.api
      use(made)
    },
    () => {
      now = new Date()
      return { now: () => now, webhooks }
    },
  )
  return {
    now: () => now,
    advance: (ms) => {
      now = new Date(now.getTime() + ms)
    },
    pass: () => {
      if (!api) throw new Error('pass() runs inside a test')
      return api.app.services.webhookDelivery.deliverDue()
    },
  }
}

/**
 * A fresh database of `engine` and a receiver before each test, without an app: the test builds its own apps (a
 * "process" each) and pushes what closes them onto the array returned, run last first after the test, before
 * the receiver and the database are closed.
 */
export function eachReceiverTest(
  engine: TestEngine,
  use: (made: Omit<WebhookTest, 'api'>) => void,
): Array<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = []
  let made: Omit<WebhookTest, 'api'> | undefined
  beforeEach(async () => {
    made = { t: await engine.open(), hook: await receiver() }
    use(made)
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    if (!made) return
    const { t, hook } = made
    made = undefined
    await hook.close()
    await t.cleanup()
  })
  return cleanups
}

/** Creates an embedded checkout session whose notifications go to `notificationUrl`, as `headers`' merchant. */
export async function createSession(
  app: App,
  headers: Record<string, string>,
  merchant: Record<string, unknown> = {},
): Promise<string> {
  const body = examples.embeddedRequestExample('product') as { merchant: Record<string, unknown> }
  // The example points at a public shop URL: tests only ever talk to loopback receivers.
  const { notification_url: _url, notification_auth: _auth, ...exampleMerchant } = body.merchant
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/checkout/',
    headers,
    payload: { ...body, merchant: { ...exampleMerchant, ...merchant } },
  })
  if (res.statusCode !== 201) throw new Error(`session not created: ${res.statusCode} ${res.body}`)
  return res.json().checkout_session_id
}

/** A notification as the lifecycle writes it: a status change of the session. */
export function statusChangedEvent(checkoutSessionId: string): WebhookEvent {
  // The example is a deep readonly literal; a structured clone is a plain mutable event of the same shape.
  return {
    ...(structuredClone(
      examples.WEBHOOK_EXAMPLES.checkout_session_status_changed,
    ) as unknown as WebhookEvent),
    checkout_session_id: checkoutSessionId,
    event_id: randomUUID(),
  }
}

/** Writes events through the outbox, in a transaction, as the lifecycle code does with each state change. */
export async function enqueue(
  db: Database,
  merchantId: string,
  checkoutSessionId: string,
  count = 1,
  createdAt = new Date(),
): Promise<WebhookEvent[]> {
  const events = Array.from({ length: count }, () => statusChangedEvent(checkoutSessionId))
  await db.transaction((tx) =>
    enqueueEvents(
      tx,
      events.map((payload) => ({ merchantId, checkoutSessionId, payload })),
      createdAt,
    ),
  )
  return events
}

export const DEMO = SANDBOX.demoStore.merchantId
export const OTHER = SANDBOX.otherShop.merchantId

export async function secretOf(app: App, headers: Record<string, string>): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/v2/webhooks/secret/', headers })
  return res.json().payload.secret
}

export async function eventsOf(app: App, headers: Record<string, string>, checkoutSessionId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v2/webhooks/events/?checkout_session_id=${checkoutSessionId}`,
    headers,
  })
  return res
}
