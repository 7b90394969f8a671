// Webhook delivery benchmark (`npm run bench:webhooks`): how fast the outbox worker empties a backlog, and how
// long a notification takes from the status change that wrote it to its receipt. It is a measurement, not a
// test: it prints a table and exits 0 whatever the figures (1 only when events went missing).
//
// For each engine (a SQLite file; PostgreSQL too when reachable) the API is built with its default worker
// (claims as soon as a transaction that wrote events commits — in-process on SQLite, by NOTIFY on PostgreSQL —
// whenever a session ends, and every 500 ms as a safety net; batches of 32, 64 sessions at once, 8 events of one
// merchant in flight), BENCH_WEBHOOK_SESSIONS checkout sessions of one merchant point their notification_url at
// a loopback receiver running in a worker thread (so receiving costs the delivering event loop nothing), and
// events are written as the lifecycle writes them: one transaction per state change, through enqueueEvents,
// spread over the sessions in turn. A session's events are sent one at a time, in order, so with one session the
// figures are those of a single order's stream. Phases:
//   HTTP alone  N notifications signed and POSTed by the worker's own sender to the same receiver, 8 in flight
//            (the most the worker sends to one endpoint at once), no database: the ceiling loopback HTTP sets on
//            this machine at this moment. The backlog's drain is also printed as a share of it, a figure that
//            does not depend on how fast the host is.
//   backlog  N events written while no worker runs, then a node starts: how fast it drains an outage's
//            backlog (delivered/s = N / (last receipt − node start); latency counted from the node start).
//   burst    N events written by 8 concurrent writers while the worker runs (delivered/s = N / (last
//            receipt − first write)).
//   steady   R events per second for S seconds: the latency a merchant sees under ordinary load.
//   backlog, answered in-process  the backlog again, with the worker's HTTP client replaced by a function that
//            answers 204 at once (the tests' `post` option): the drain of the database and the worker alone, the
//            most the backlog phase could reach were HTTP free.
// Latency = receipt time − events.created_at (the commit of the state change), both in real time. Below the table,
// the CPU each backlog phase used per delivered event, of the whole machine (the API node, the receiver
// thread, PostgreSQL) and of the API node's process alone.
//
// Environment: BENCH_WEBHOOK_EVENTS (burst size, default 2000), BENCH_WEBHOOK_RATE (steady events/s, default
// 100), BENCH_WEBHOOK_SECONDS (steady duration, default 5), BENCH_WEBHOOK_SESSIONS (orders the events are spread
// over, default 50), PLAZO_BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/test). Every phase gives up after 120 s.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { examples, type WebhookEvent } from '@plazo/contract'
import pg from 'pg'
import { type App, buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { SANDBOX, seedSandbox } from '../src/domain/sandbox/seed.ts'
import { CertificateStore } from '../src/domain/webhooks/certificates.ts'
import { DEFAULT_ENDPOINT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from '../src/domain/webhooks/delivery-worker.ts'
import { enqueueEvents } from '../src/domain/webhooks/outbox.ts'
import { NotificationSender } from '../src/domain/webhooks/sender.ts'
import { newSigningSecret } from '../src/domain/webhooks/signature.ts'
import { type Database, openDatabase } from '../src/storage/index.ts'
import { machineCpu } from './cpu.ts'
import { DEFAULT_POSTGRES_URL, postgresUnreachable } from './postgres.ts'
import { InProcessAnswers, type Receipts, Receiver } from './webhooks/receivers.ts'
import { printWebhookTargets } from './webhooks/targets.ts'

const PHASE_LIMIT_MS = 120_000
/** The database is opened as src/server.ts opens it: without the tests' transaction-scope check (promise hooks). */
const SERVER_OPTIONS = { checkTransactionScope: false } as const

const envInt = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`)
  }
  return value
}

// ---------------------------------------------------------------------------------------------------------
// Main thread.

interface PhaseResult {
  engine: string
  phase: string
  events: number
  delivered: number
  perSecond: number
  p50: number
  p99: number
  max: number
  /** Backlog phases and HTTP alone: CPU time per delivered event, in µs. */
  cpu?: { machine: number; node: number; machineShare: number }
  /** The backlog through the receiver: its delivered/s as a share of HTTP alone's in the same engine's run. */
  shareOfHttpAlone?: number
}

/**
 * Starts counting CPU; the function returned gives µs per event since then (machine, this process) and the
 * machine's busy share.
 */
function cpuMeter(): (events: number) => PhaseResult['cpu'] {
  const machine = machineCpu()
  const node = process.cpuUsage()
  return (events) => {
    const machineNow = machineCpu()
    const used = process.cpuUsage(node)
    if (events === 0) return undefined
    return {
      machine: ((machineNow.busy - machine.busy) * 1000) / events,
      node: (used.user + used.system) / events,
      machineShare: (machineNow.busy - machine.busy) / Math.max(1, machineNow.all - machine.all),
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

function event(sessionId: string): WebhookEvent {
  return {
    ...(structuredClone(
      examples.WEBHOOK_EXAMPLES.checkout_session_status_changed,
    ) as unknown as WebhookEvent),
    checkout_session_id: sessionId,
    event_id: randomUUID(),
    triggered_at: new Date().toISOString(),
  }
}

/** One state change: its own transaction, as the lifecycle writes it. Returns the event id and write time. */
async function writeStateChange(db: Database, sessionId: string): Promise<[string, number]> {
  const payload = event(sessionId)
  const createdAt = new Date()
  await db.transaction((tx) =>
    enqueueEvents(
      tx,
      [{ merchantId: SANDBOX.demoStore.merchantId, checkoutSessionId: sessionId, payload }],
      createdAt,
    ),
  )
  return [payload.event_id, createdAt.getTime()]
}

function summarise(
  engine: string,
  phase: string,
  written: [string, number][],
  receiver: Pick<Receipts, 'receipts'>,
  firstWrite: number,
): PhaseResult {
  const latencies: number[] = []
  let last = firstWrite
  for (const [id, createdAt] of written) {
    const at = receiver.receipts.get(id)
    if (at === undefined) continue
    latencies.push(at - createdAt)
    last = Math.max(last, at)
  }
  latencies.sort((a, b) => a - b)
  return {
    engine,
    phase,
    events: written.length,
    delivered: latencies.length,
    perSecond: latencies.length / Math.max(0.001, (last - firstWrite) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  }
}

/** Logs in the Demo Store and creates a session whose notifications go to `url`. */
async function createSession(app: App, url: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login/',
    payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
  })
  const body = examples.embeddedRequestExample('product') as { merchant: Record<string, unknown> }
  const { notification_auth: _auth, ...merchant } = body.merchant
  const created = await app.inject({
    method: 'POST',
    url: '/api/v2/checkout/',
    headers: { authorization: `Bearer ${login.json().access_token}` },
    payload: { ...body, merchant: { ...merchant, notification_url: url } },
  })
  if (created.statusCode !== 201) throw new Error(`session not created: ${created.body}`)
  return created.json().checkout_session_id
}

/** `count` state changes of the sessions in turn, written by `writers` concurrent writers (checkouts at once). */
async function writeMany(
  db: Database,
  sessionIds: readonly string[],
  count: number,
  writers = 8,
): Promise<[string, number][]> {
  const written: [string, number][] = []
  let next = 0
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < count) {
        const sessionId = sessionIds[next % sessionIds.length] as string
        next++
        written.push(await writeStateChange(db, sessionId))
      }
    }),
  )
  return written
}

async function benchEngine(engine: string, db: Database, databaseUrl: string): Promise<PhaseResult[]> {
  const burst = envInt('BENCH_WEBHOOK_EVENTS', 2000, 1, 100_000)
  const rate = envInt('BENCH_WEBHOOK_RATE', 100, 1, 5_000)
  const seconds = envInt('BENCH_WEBHOOK_SECONDS', 5, 1, 60)
  const sessionCount = envInt('BENCH_WEBHOOK_SESSIONS', 50, 1, 1_000)
  const config = loadConfig({ PLAZO_DATABASE_URL: databaseUrl })
  await seedSandbox(db)
  const receiver = await Receiver.start()
  const results: PhaseResult[] = []
  try {
    const alone = await httpAlone(engine, db, receiver, burst)
    results.push(alone)

    // Backlog: events written while no node delivers (an outage), then a node with the default worker starts.
    const idle = await buildApp({ config, db, timerIntervalMs: 0, webhooks: { intervalMs: false } })
    const sessionIds: string[] = []
    for (let i = 0; i < sessionCount; i++) sessionIds.push(await createSession(idle, receiver.url))
    const backlog = await writeMany(db, sessionIds, burst)
    await idle.close()
    const app = await buildApp({ config, db, timerIntervalMs: 0 })
    try {
      await app.ready()
      const drained = await drain(engine, `backlog of ${burst} (latency from node start)`, backlog, receiver)
      results.push({ ...drained, shareOfHttpAlone: drained.perSecond / alone.perSecond })

      // Burst: many state changes at once while the worker runs.
      const burstStart = Date.now()
      const burstWritten = await writeMany(db, sessionIds, burst)
      await receiver.waitFor(
        burstWritten.map(([id]) => id),
        burstStart + PHASE_LIMIT_MS,
      )
      results.push(summarise(engine, `burst of ${burst}, 8 writers`, burstWritten, receiver, burstStart))

      // Steady: state changes spread over time, as checkouts happen.
      const steadyWritten: [string, number][] = []
      const steadyStart = Date.now()
      const total = rate * seconds
      for (let i = 0; i < total; i++) {
        const wait = steadyStart + (i * 1000) / rate - Date.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        steadyWritten.push(await writeStateChange(db, sessionIds[i % sessionIds.length] as string))
      }
      await receiver.waitFor(
        steadyWritten.map(([id]) => id),
        steadyStart + PHASE_LIMIT_MS,
      )
      results.push(
        summarise(engine, `steady ${rate}/s for ${seconds} s`, steadyWritten, receiver, steadyStart),
      )
    } finally {
      await app.close()
    }

    // Backlog again, its POSTs answered in-process: the database and the worker alone.
    const answers = new InProcessAnswers()
    const inProcessBacklog = await writeMany(db, sessionIds, burst)
    const inProcess = await buildApp({ config, db, timerIntervalMs: 0, webhooks: { post: answers.post } })
    try {
      await inProcess.ready()
      results.push(await drain(engine, `backlog of ${burst}, answered in-process`, inProcessBacklog, answers))
    } finally {
      await inProcess.close()
    }
    return results
  } finally {
    await receiver.close()
  }
}

/**
 * The HTTP side alone, no database: the worker's own sender signs and POSTs `count` notifications of the
 * backlog's size to the receiver, DEFAULT_ENDPOINT_CONCURRENCY at a time (the most the worker has in flight to
 * one endpoint). The most a backlog could drain through loopback HTTP on this machine at this moment: the
 * backlog phases are given as a share of it below the table, a figure that does not depend on the host's speed.
 */
async function httpAlone(
  engine: string,
  db: Database,
  receiver: Receiver,
  count: number,
): Promise<PhaseResult> {
  const sender = new NotificationSender({
    certificates: new CertificateStore(db),
    now: () => new Date(),
    timeoutMs: DEFAULT_TIMEOUT_MS,
  })
  const destination = { url: receiver.url, auth: null, secrets: [newSigningSecret()] }
  // The JSON text as stored, as the worker sends it.
  const notifications = Array.from({ length: count }, () => {
    const payload = event(randomUUID())
    return { id: payload.event_id, body: JSON.stringify(payload) }
  })
  const sendAll = async (batch: readonly { id: string; body: string }[]) => {
    let next = 0
    await Promise.all(
      Array.from({ length: DEFAULT_ENDPOINT_CONCURRENCY }, async () => {
        for (let n = batch[next++]; n !== undefined; n = batch[next++]) {
          const outcome = await sender.send(n.id, n.body, destination)
          if (!outcome.ok) throw new Error(`the receiver did not take a notification: ${outcome.error}`)
        }
      }),
    )
  }
  const ids = notifications.map(({ id }) => id)
  let start: number
  let cpu: ReturnType<typeof cpuMeter>
  try {
    // Warmed up first, as the backlog phases' code is by the time they run (the sessions' creation, the
    // writes): the same sends, a quarter as many, not counted.
    await sendAll(
      notifications.slice(0, Math.ceil(count / 4)).map(({ body }) => ({ id: randomUUID(), body })),
    )
    start = Date.now()
    cpu = cpuMeter()
    await sendAll(notifications)
  } finally {
    await sender.destroy()
  }
  await receiver.waitFor(ids, start + PHASE_LIMIT_MS)
  return {
    ...summarise(
      engine,
      `HTTP alone: ${count} POSTs, ${DEFAULT_ENDPOINT_CONCURRENCY} in flight, no database`,
      ids.map((id) => [id, start]),
      receiver,
      start,
    ),
    cpu: cpu(count),
  }
}

/**
 * A backlog phase, from now (its node just started): waits for every event of `backlog`, with the CPU used per
 * event delivered from then on (a few may have gone during the node's start, before the meter).
 */
async function drain(
  engine: string,
  phase: string,
  backlog: [string, number][],
  receiver: Receipts,
): Promise<PhaseResult> {
  const start = Date.now()
  const cpu = cpuMeter()
  await receiver.waitFor(
    backlog.map(([id]) => id),
    start + PHASE_LIMIT_MS,
  )
  const since = backlog.filter(([id]) => (receiver.receipts.get(id) ?? -1) >= start).length
  return {
    ...summarise(
      engine,
      phase,
      backlog.map(([id]) => [id, start]),
      receiver,
      start,
    ),
    cpu: cpu(since),
  }
}

async function main(): Promise<void> {
  const results: PhaseResult[] = []

  const folder = await mkdtemp(join(tmpdir(), 'plazo-bench-webhooks-'))
  try {
    const url = `sqlite:${join(folder, 'plazo.sqlite')}`
    const db = await openDatabase(url, SERVER_OPTIONS)
    try {
      results.push(...(await benchEngine('sqlite (file)', db, url)))
    } finally {
      await db.close()
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }

  const postgresUrl = process.env.PLAZO_BENCH_POSTGRES_URL || DEFAULT_POSTGRES_URL
  if ((await postgresUnreachable(postgresUrl)) === undefined) {
    const schema = `plazo_bench_webhooks_${randomBytes(4).toString('hex')}`
    const db = await openDatabase(postgresUrl, { ...SERVER_OPTIONS, schema })
    try {
      results.push(...(await benchEngine('postgres', db, postgresUrl)))
    } finally {
      await db.close()
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    }
  } else {
    console.log(`PostgreSQL not reachable at ${new URL(postgresUrl).host}: measured SQLite only.`)
  }

  const ms = (value: number) => (Number.isNaN(value) ? '—' : `${Math.round(value)} ms`)
  const sessions = envInt('BENCH_WEBHOOK_SESSIONS', 50, 1, 1_000)
  console.log(
    `\nWebhook delivery (default worker, loopback receiver, events spread over ${sessions} sessions)\n`,
  )
  console.table(
    results.map((r) => ({
      engine: r.engine,
      phase: r.phase,
      delivered: `${r.delivered}/${r.events}`,
      'delivered/s': Math.round(r.perSecond),
      'p50 write→receipt': ms(r.p50),
      'p99 write→receipt': ms(r.p99),
      max: ms(r.max),
    })),
  )
  console.log(
    `CPU per event delivered in the backlog phases and HTTP alone: whole machine (API node, receiver thread, PostgreSQL) / API process, and the machine busy share (${cpus().length} cores = 100 %):`,
  )
  for (const r of results) {
    if (!r.cpu) continue
    console.log(
      `  ${r.engine}, ${r.phase}: ${Math.round(r.cpu.machine)} / ${Math.round(r.cpu.node)} µs, ${Math.round(r.cpu.machineShare * 100)} % busy`,
    )
  }
  console.log("Backlog drained through the receiver, as a share of HTTP alone on the same engine's run:")
  for (const r of results) {
    if (r.shareOfHttpAlone === undefined) continue
    console.log(`  ${r.engine}: ${Math.round(r.shareOfHttpAlone * 100)} %`)
  }
  printWebhookTargets(results, envInt('BENCH_WEBHOOK_RATE', 100, 1, 5_000))
  if (results.some((r) => r.delivered < r.events)) {
    console.error('Some events were not delivered within the time limit.')
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
