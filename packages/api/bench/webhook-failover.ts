// Webhook failover benchmark (`npm run bench:webhook-failover`): how long a merchant gets no notification after
// the API node delivering them is killed with SIGKILL. It is a measurement, not a test: it prints a table and
// exits 0 whatever the figures (1 only when events went missing).
//
// For each engine (a SQLite file; PostgreSQL too when reachable) and each way of carrying on:
//   restart      one node (a real `src/server.ts` child process) is killed and started again at once;
//   second node  two nodes share the database; the one holding the claims is killed, the other carries on.
// BENCH_FAILOVER_SESSIONS orders of one merchant (default 20), notifying one URL, each write one notification.
// The receiver (in this process) leaves every request unanswered until the kill, so the first node holds the
// endpoint's room of 8 tries in flight and the other orders wait behind it; BENCH_FAILOVER_HOLD_MS (default 5000) after those 8
// arrived, the node is SIGKILLed and the receiver answers 204 from then on. Figures, from the kill:
//   silence     until the first notification arrives (the merchant gets nothing meanwhile);
//   all         until every order's notification has arrived;
//   node start  the node that carries on, from its spawn until it answers HTTP (in the restart, the silence
//               cannot be shorter). On a loaded machine the second node can take longer to start than the
//               first node's 15 s timeout: the kill then waits until the first node holds the room again;
//   sent before the kill  8, or more when the first node's tries timed out and were retried meanwhile;
//   re-sent     notifications received a second time (the 8 cut tries: delivery is at least once);
//   attempts    `attempt_count` of a cut notification in the delivery log (2: the cut try counts).
// Environment: BENCH_FAILOVER_SESSIONS, BENCH_FAILOVER_HOLD_MS, PLAZO_BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/test). Every scenario gives up 120 s after the kill.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { examples, type WebhookEvent } from '@plazo/contract'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { SANDBOX, seedSandbox } from '../src/domain/sandbox/seed.ts'
import { enqueueEvents } from '../src/domain/webhooks/outbox.ts'
import { openDatabase } from '../src/storage/index.ts'
import { DEFAULT_POSTGRES_URL, postgresUnreachable } from './postgres.ts'

const GIVE_UP_MS = 120_000
const API_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..')

const envInt = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`)
  }
  return value
}

const SESSIONS = envInt('BENCH_FAILOVER_SESSIONS', 20, 9, 500)
const HOLD_MS = envInt('BENCH_FAILOVER_HOLD_MS', 5_000, 0, 14_000)

type Scenario = 'restart' | 'second node'

interface Result {
  engine: string
  scenario: Scenario
  silenceMs: number
  allMs: number
  /** From spawning the node that carries on until it answered HTTP (tsx compiles the sources at each start). */
  startMs: number
  /** Notifications the doomed node had sent before the kill (8, or more when its first tries timed out). */
  sentBeforeKill: number
  resent: number
  cutAttempts: number | undefined
  missing: number
}

/** Requests are held unanswered until `answer()`, then answered 204; receipts are kept with their time. */
class Receiver {
  readonly receipts: Array<{ eventId: string; at: number }> = []
  readonly #held: http.ServerResponse[] = []
  #answering = false
  readonly #server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      this.receipts.push({ eventId: String(req.headers['webhook-id']), at: Date.now() })
      if (this.#answering) res.writeHead(204).end()
      else this.#held.push(res)
    })
  })
  url = ''

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`
  }

  answer(): void {
    this.#answering = true
  }

  async close(): Promise<void> {
    for (const res of this.#held.splice(0)) res.destroy()
    this.#server.closeAllConnections()
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }
}

async function freePort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A real API node: `src/server.ts` in a process of its own, with the default webhook worker. */
async function startNode(databaseUrl: string): Promise<ChildProcess & { port: number }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_FOLDER,
    env: {
      ...process.env,
      PLAZO_DATABASE_URL: databaseUrl,
      PLAZO_API_PORT: String(port),
      PLAZO_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return Object.assign(child, { port })
}

/** Resolves once the node answers HTTP (its worker has started by then). */
async function ready(node: { port: number }): Promise<void> {
  const answers = () =>
    new Promise<boolean>((resolve) => {
      http
        .get(`http://127.0.0.1:${node.port}/api/v2/`, (res) => {
          res.resume()
          resolve(true)
        })
        .on('error', () => resolve(false))
    })
  const deadline = Date.now() + GIVE_UP_MS
  while (!(await answers())) {
    if (Date.now() > deadline) throw new Error('the node did not start')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function stopNode(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  await exited
}

async function until(condition: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

/** Creates the orders through the API built in this process (its worker off), one notification each. */
async function prepare(databaseUrl: string, notificationUrl: string): Promise<string[]> {
  const db = await openDatabase(databaseUrl)
  try {
    await seedSandbox(db)
    const app = await buildApp({
      config: loadConfig({}),
      db,
      timerIntervalMs: 0,
      webhooks: { intervalMs: false },
    })
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/login/',
        payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
      })
      const headers = { authorization: `Bearer ${login.json().access_token}` }
      const body = examples.embeddedRequestExample('product') as { merchant: Record<string, unknown> }
      const { notification_auth: _auth, ...merchant } = body.merchant
      const sessions: string[] = []
      for (let index = 0; index < SESSIONS; index++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v2/checkout/',
          headers,
          payload: {
            ...body,
            merchant: { ...merchant, notification_url: notificationUrl },
          },
        })
        if (res.statusCode !== 201) throw new Error(`session not created: ${res.statusCode} ${res.body}`)
        sessions.push(res.json().checkout_session_id)
      }
      return sessions
    } finally {
      await app.close()
    }
  } finally {
    await db.close()
  }
}

async function writeEvents(databaseUrl: string, sessions: readonly string[]): Promise<string[]> {
  const db = await openDatabase(databaseUrl)
  try {
    const ids: string[] = []
    for (const checkoutSessionId of sessions) {
      const payload = {
        ...(structuredClone(
          examples.WEBHOOK_EXAMPLES.checkout_session_status_changed,
        ) as unknown as WebhookEvent),
        checkout_session_id: checkoutSessionId,
        event_id: randomUUID(),
      }
      ids.push(payload.event_id)
      await db.transaction((tx) =>
        enqueueEvents(
          tx,
          [{ merchantId: SANDBOX.demoStore.merchantId, checkoutSessionId, payload }],
          new Date(),
        ),
      )
    }
    return ids
  } finally {
    await db.close()
  }
}

/** How many events are claimed with a running lease right now, on every node. */
async function claimedNow(databaseUrl: string): Promise<number> {
  const db = await openDatabase(databaseUrl)
  try {
    const row = await db.one<{ claimed: number }>(
      "SELECT COUNT(*) AS claimed FROM events WHERE locked_until > $1 AND status = 'pending'",
      [new Date()],
    )
    return row?.claimed ?? 0
  } finally {
    await db.close()
  }
}

async function pollUntil(condition: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs
  while (!(await condition())) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

async function cutAttempts(databaseUrl: string, eventId: string | undefined): Promise<number | undefined> {
  const db = await openDatabase(databaseUrl)
  try {
    const row = await db.one<{ attempts: number }>('SELECT attempts FROM events WHERE event_id = $1', [
      eventId ?? '',
    ])
    return row?.attempts
  } finally {
    await db.close()
  }
}

async function scenario(engine: string, databaseUrl: string, kind: Scenario): Promise<Result> {
  const receiver = new Receiver()
  await receiver.listen()
  const nodes: ChildProcess[] = []
  try {
    const sessions = await prepare(databaseUrl, receiver.url)
    const doomed = await startNode(databaseUrl)
    nodes.push(doomed)
    const written = await writeEvents(databaseUrl, sessions)
    if (!(await until(() => receiver.receipts.length >= 8, GIVE_UP_MS)))
      throw new Error('the first node sent nothing')
    const cut = receiver.receipts[0]?.eventId
    let startMs = Number.NaN
    if (kind === 'second node') {
      const spawnedAt = Date.now()
      const survivor = await startNode(databaseUrl)
      nodes.push(survivor)
      await ready(survivor)
      startMs = Date.now() - spawnedAt
    }
    // The node dies HOLD_MS into its tries, or, when the second node took longer to start than the tries'
    // 15 s timeout, as soon as it holds the endpoint's room again (its retries, 5 s later).
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS))
    if (!(await pollUntil(async () => (await claimedNow(databaseUrl)) === 8, GIVE_UP_MS))) {
      throw new Error('the first node no longer holds the endpoint')
    }
    const before = receiver.receipts.length
    receiver.answer()
    const killedAt = Date.now()
    doomed.kill('SIGKILL')
    if (kind === 'restart') {
      const restarted = await startNode(databaseUrl)
      nodes.push(restarted)
      void ready(restarted).then(() => {
        startMs = Date.now() - killedAt
      })
    }
    const after = () => receiver.receipts.slice(before)
    const everyone = () => new Set(after().map((r) => r.eventId)).size === written.length
    await until(everyone, GIVE_UP_MS)
    const received = after()
    const ids = new Set(received.map((r) => r.eventId))
    return {
      engine,
      scenario: kind,
      silenceMs: (received[0]?.at ?? Number.NaN) - killedAt,
      allMs: everyone() ? Math.max(...received.map((r) => r.at)) - killedAt : Number.NaN,
      startMs,
      sentBeforeKill: before,
      resent: receiver.receipts.filter(
        (r, index) => receiver.receipts.findIndex((o) => o.eventId === r.eventId) !== index,
      ).length,
      cutAttempts: await cutAttempts(databaseUrl, cut),
      missing: written.filter((id) => !ids.has(id)).length,
    }
  } finally {
    for (const node of nodes) await stopNode(node)
    await receiver.close()
  }
}

async function main(): Promise<void> {
  const results: Result[] = []
  for (const kind of ['restart', 'second node'] as const) {
    const folder = await mkdtemp(join(tmpdir(), 'plazo-bench-failover-'))
    try {
      results.push(await scenario('sqlite (file)', `sqlite:${join(folder, 'plazo.sqlite')}`, kind))
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }
  const postgresUrl = process.env.PLAZO_BENCH_POSTGRES_URL || DEFAULT_POSTGRES_URL
  if ((await postgresUnreachable(postgresUrl)) === undefined) {
    for (const kind of ['restart', 'second node'] as const) {
      const schema = `plazo_bench_failover_${randomBytes(4).toString('hex')}`
      const url = new URL(postgresUrl)
      url.searchParams.set('schema', schema)
      try {
        results.push(await scenario('postgres', url.toString(), kind))
      } finally {
        const client = new pg.Client({ connectionString: postgresUrl })
        await client.connect()
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await client.end()
      }
    }
  } else {
    console.log(`PostgreSQL not reachable at ${new URL(postgresUrl).host}: measured SQLite only.`)
  }

  const seconds = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(1)} s`)
  console.log(
    `\nWebhook failover: ${SESSIONS} orders of one merchant, 8 tries in flight on the node killed ${HOLD_MS} ms after they started\n`,
  )
  console.table(
    results.map((r) => ({
      engine: r.engine,
      scenario: r.scenario,
      'silence after the kill': seconds(r.silenceMs),
      'all delivered after': seconds(r.allMs),
      'node start': seconds(r.startMs),
      'sent before the kill': r.sentBeforeKill,
      're-sent': r.resent,
      'attempt_count of a cut try': r.cutAttempts ?? '—',
      missing: r.missing,
    })),
  )
  process.exitCode = results.some((r) => r.missing > 0) ? 1 : 0
}

await main()
