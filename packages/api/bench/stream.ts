// What the event stream's listeners cost the database (`npm run bench:stream -w packages/api`, or
// `npm run bench:stream` at the root): a measurement, not a test; it prints figures and exits 0 (issue 38).
//
// One node's EventStream (what every `GET /webhooks/events/stream` connection, `plazo listen`, the dashboard and
// the MCP server subscribe to) on SQLite and on PostgreSQL. Events are written through the outbox as the
// lifecycle writes them, 100 a second, while first 10 and then 1,000 subscriptions of the merchant listen, for
// BENCH_DURATION seconds each (default 5). It counts the stream's database queries a second and how long an
// event takes from its commit to each listener (p50, p99), then checks the targets: queries a second with 1,000
// listeners at most 1.5 × those with 10, and p99 at most 500 ms.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { examples, type WebhookEvent } from '@plazo/contract'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { EventStream } from '../src/domain/devtools/event-stream.ts'
import { SANDBOX, seedSandbox } from '../src/domain/sandbox/seed.ts'
import { enqueueEvents } from '../src/domain/webhooks/outbox.ts'
import { type Database, openDatabase } from '../src/storage/index.ts'
import { countingReads } from '../test/helpers/counting-database.ts'
import { DEFAULT_POSTGRES_URL, postgresUnreachable } from './postgres.ts'

const RATE = 100
const QUERY_RATIO_TARGET = 1.5
const P99_TARGET_MS = 500
const seconds = Number(process.env.BENCH_DURATION ?? 5) || 5

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

interface Phase {
  listeners: number
  queriesPerSecond: number
  p50: number
  p99: number
  deliveries: number
  written: number
}

async function phase(db: Database, sessionId: string, listeners: number): Promise<Phase> {
  const { db: watched, reads } = countingReads(db)
  const stream = new EventStream({ db: watched })
  const committedAt = new Map<string, number>()
  const latencies: number[] = []
  const from = await stream.cursorNow(SANDBOX.demoStore.merchantId)
  const stops = Array.from({ length: listeners }, () =>
    stream.subscribe(
      SANDBOX.demoStore.merchantId,
      from,
      (event) => {
        const at = committedAt.get(event.event_id)
        if (at !== undefined) latencies.push(performance.now() - at)
      },
      (error) => console.log(`stream error: ${String(error)}`),
    ),
  )
  // Settle: every subscription has caught up before counting.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const readsBefore = reads()
  const started = performance.now()
  let written = 0
  while (performance.now() - started < seconds * 1000) {
    const due = started + (written * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const payload = {
      ...(structuredClone(
        examples.WEBHOOK_EXAMPLES.checkout_session_status_changed,
      ) as unknown as WebhookEvent),
      checkout_session_id: sessionId,
      event_id: randomUUID(),
    }
    await db.transaction((tx) =>
      enqueueEvents(
        tx,
        [{ merchantId: SANDBOX.demoStore.merchantId, checkoutSessionId: sessionId, payload }],
        new Date(),
      ),
    )
    committedAt.set(payload.event_id, performance.now())
    written++
  }
  const elapsed = (performance.now() - started) / 1000
  const queriesPerSecond = (reads() - readsBefore) / elapsed
  // The last events' deliveries.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  for (const stop of stops) stop()
  latencies.sort((a, b) => a - b)
  return {
    listeners,
    queriesPerSecond,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    deliveries: latencies.length,
    written,
  }
}

async function engine(name: string, databaseUrl: string, schema?: string): Promise<Phase[]> {
  const db = await openDatabase(databaseUrl, { checkTransactionScope: false, ...(schema ? { schema } : {}) })
  try {
    await seedSandbox(db)
    const app = await buildApp({
      config: loadConfig({ PLAZO_DATABASE_URL: databaseUrl }),
      db,
      logger: false,
      timerIntervalMs: 0,
      webhooks: { intervalMs: false },
    })
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login/',
      payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
    })
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { authorization: `Bearer ${login.json().access_token}` },
      payload: examples.hppRequestExample('product') as object,
    })
    const sessionId = created.json().checkout_session_id as string
    await app.close()
    const phases = [await phase(db, sessionId, 10), await phase(db, sessionId, 1_000)]
    for (const p of phases) {
      console.log(
        `${name.padEnd(10)} ${String(p.listeners).padStart(5)} listeners: ${p.queriesPerSecond.toFixed(1).padStart(6)} queries/s, ` +
          `commit → listener p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms ` +
          `(${p.written} events written, ${p.deliveries} deliveries of ${p.written * p.listeners})`,
      )
    }
    return phases
  } finally {
    await db.close()
  }
}

async function main(): Promise<void> {
  console.log(`Event stream benchmark — ${RATE} events/s for ${seconds} s per phase\n`)
  const folder = await mkdtemp(join(tmpdir(), 'plazo-stream-bench-'))
  const results: Array<[string, Phase[]]> = []
  try {
    results.push(['sqlite', await engine('sqlite', `sqlite:${join(folder, 'stream.sqlite')}`)])
    const url = process.env.PLAZO_BENCH_POSTGRES_URL?.trim() || DEFAULT_POSTGRES_URL
    const unreachable = await postgresUnreachable(url)
    if (unreachable) console.log(`PostgreSQL skipped: ${unreachable}`)
    else {
      const schema = `plazo_stream_${randomUUID().slice(0, 8)}`
      try {
        results.push(['postgres', await engine('postgres', url, schema)])
      } finally {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await client.end()
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  console.log('\nTargets in force:')
  for (const [name, [few, many]] of results) {
    if (!few || !many) continue
    const ratio = many.queriesPerSecond / few.queriesPerSecond
    console.log(
      `  queries/s with 1,000 listeners ÷ with 10 (${name}) ≤ ${QUERY_RATIO_TARGET}: ${ratio.toFixed(2)} ${ratio <= QUERY_RATIO_TARGET ? 'PASS' : 'BELOW'}`,
    )
    const p99 = Math.max(few.p99, many.p99)
    console.log(
      `  commit → listener p99 (${name}) ≤ ${P99_TARGET_MS} ms: ${p99.toFixed(1)} ms ${p99 <= P99_TARGET_MS ? 'PASS' : 'BELOW'}`,
    )
  }
}

await main().catch((error) => console.log(`Benchmark failed: ${String(error)}`))
process.exitCode = 0
