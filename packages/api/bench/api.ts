// API throughput benchmark (`npm run bench:api`): how close the real API comes to a bare Fastify route that
// answers a JSON body of the same size, on SQLite and on PostgreSQL. It is a measurement, not a test: it
// prints a table and exits 0 whatever the figures.
//
// One process, several threads: each server under test runs in its own worker thread (this same file), and
// autocannon drives it from the main thread. Were they on one event loop, the load generator's own cost per
// request would be added to both sides of every ratio and make the API look closer to the bare route than it
// is. On a 2-core machine this gives one core to the server and one to autocannon (PostgreSQL, when used,
// shares them).
//
// Environment: BENCH_DURATION (seconds per measured run, default 10), BENCH_WARMUP (seconds of warm-up
// before each, default 3), BENCH_CONNECTIONS (10–20, default 10), PLAZO_BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type EventLoopUtilization, performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { examples } from '@plazo/contract'
import autocannon from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { type Database, openDatabase, SANDBOX, seedSandbox } from '../src/storage/index.ts'

const HOST = '127.0.0.1'
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'
const TARGETS = { create: 35, get: 60 } as const

// ---------------------------------------------------------------------------------------------------------
// Worker side: one server per worker, on a random free loopback port.

type ServerSpec =
  | { kind: 'bare'; body: string }
  | { kind: 'api'; databaseUrl: string; schema?: string | undefined }

type WorkerMessage = { type: 'listening'; port: number } | { type: 'failed'; error: string }

async function serve(spec: ServerSpec): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('serve() runs in a worker thread')
  let db: Database | undefined
  let app: FastifyInstance | undefined
  try {
    if (spec.kind === 'bare') {
      // Parsed once so each request pays for serialising the body, as the API's get-session route does.
      const body: unknown = JSON.parse(spec.body)
      app = Fastify({ logger: false })
      app.get('/bare', async () => body)
    } else {
      db = await openDatabase(spec.databaseUrl, spec.schema === undefined ? {} : { schema: spec.schema })
      await seedSandbox(db)
      app = await buildApp({
        config: loadConfig({ PLAZO_DATABASE_URL: spec.databaseUrl }),
        db,
        logger: false,
      })
    }
    await app.listen({ host: HOST, port: 0 })
  } catch (error) {
    await app?.close()
    await db?.close()
    port.postMessage({ type: 'failed', error: describe(error) } satisfies WorkerMessage)
    port.close()
    return
  }
  const server = app
  const database = db
  // The main thread asks once; closing the port lets the worker's event loop drain and the thread end.
  port.once('message', async () => {
    await server.close()
    await database?.close()
    port.close()
  })
  const address = server.server.address()
  const listening = address !== null && typeof address !== 'string' ? address.port : 0
  port.postMessage({ type: 'listening', port: listening } satisfies WorkerMessage)
}

// ---------------------------------------------------------------------------------------------------------
// Main side: start servers, drive them, print the table.

interface Server {
  name: string
  base: string
  /** The worker's event-loop utilisation since `start` (or a snapshot to diff later when omitted). */
  utilization(start?: EventLoopUtilization): EventLoopUtilization
  close(): Promise<void>
}

const workers = new Set<Worker>()

// Node 20 does not run tsx's `--import` hook in worker threads, so each worker registers tsx itself before it
// loads this file.
const workerBootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`

function startServer(name: string, spec: ServerSpec): Promise<Server> {
  const worker = new Worker(workerBootstrap, { eval: true, workerData: spec })
  workers.add(worker)
  worker.on('error', (error) => console.log(`${name} server failed: ${describe(error)}`))
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  exited.then(() => workers.delete(worker))
  return new Promise((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`${name} server exited (code ${code}) before listening`)))
    worker.once('message', (message: WorkerMessage) => {
      if (message.type === 'failed') {
        reject(new Error(message.error))
        return
      }
      resolve({
        name,
        base: `http://${HOST}:${message.port}`,
        utilization: (start) => worker.performance.eventLoopUtilization(start),
        async close() {
          worker.postMessage('close')
          const timeout = setTimeout(() => void worker.terminate(), 10_000)
          await exited
          clearTimeout(timeout)
        },
      })
    })
  })
}

interface Settings {
  duration: number
  warmup: number
  connections: number
  postgresUrl: string
}

function settings(env: NodeJS.ProcessEnv): Settings {
  const seconds = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (!Number.isFinite(value) || value < min) {
      console.log(`${name}=${raw} is not a number of seconds ≥ ${min}; using ${fallback}`)
      return fallback
    }
    return value
  }
  const rawConnections = Number(env.BENCH_CONNECTIONS ?? 10)
  const connections = Number.isInteger(rawConnections) ? Math.min(20, Math.max(10, rawConnections)) : 10
  return {
    duration: seconds('BENCH_DURATION', 10, 1),
    warmup: seconds('BENCH_WARMUP', 3, 0),
    connections,
    postgresUrl: env.PLAZO_BENCH_POSTGRES_URL?.trim() || DEFAULT_POSTGRES_URL,
  }
}

interface Load {
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  /** `[<id>]` in the body is replaced by a new unique id in every request. */
  body?: string
}

interface Measurement {
  scenario: string
  /** Average requests per second over the measured run (autocannon). */
  rps: number
  /** Latency percentiles of 2xx responses, in milliseconds. */
  p50: number
  p99: number
  failures: number
  /** Share of the run the server's event loop was busy (0–1). */
  serverBusy: number
  /** Share of the run the load generator's event loop was busy (0–1). */
  clientBusy: number
  /** Share of the machine's CPU that other processes used during the run (0–1). */
  othersCpu: number
}

/**
 * Autocannon keeps latencies in an integer-millisecond histogram, which reads 0 for most sub-millisecond
 * answers; its `response` event carries the exact time, so percentiles are taken from that instead.
 */
class Latencies {
  #values = new Float64Array(1 << 16)
  #count = 0

  record(ms: number): void {
    if (this.#count === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2)
      grown.set(this.#values)
      this.#values = grown
    }
    this.#values[this.#count++] = ms
  }

  percentile(p: number): number {
    if (this.#count === 0) return Number.NaN
    const sorted = this.#values.subarray(0, this.#count).sort()
    return sorted[Math.min(this.#count - 1, Math.ceil((p / 100) * this.#count) - 1)] ?? Number.NaN
  }
}

function run(options: autocannon.Options, latencies?: Latencies): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
    if (latencies) {
      instance.on('response', (_client, status: number, _bytes, ms: number) => {
        if (status >= 200 && status < 300) latencies.record(ms)
      })
    }
  })
}

/** CPU time (ms) the whole machine and this process have used so far. */
function cpuSnapshot(): { machine: number; own: number; at: number } {
  const machine = cpus().reduce(
    (sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq,
    0,
  )
  const own = process.cpuUsage()
  return { machine, own: (own.user + own.system) / 1000, at: performance.now() }
}

/** Share of the machine's capacity other processes used since `start` (PostgreSQL's server included). */
function othersShare(start: ReturnType<typeof cpuSnapshot>): number {
  const end = cpuSnapshot()
  const capacity = (end.at - start.at) * cpus().length
  return Math.max(0, end.machine - start.machine - (end.own - start.own)) / capacity
}

async function measure(scenario: string, server: Server, load: Load, s: Settings): Promise<Measurement> {
  const options: autocannon.Options = {
    url: load.url,
    method: load.method,
    connections: s.connections,
    headers: load.headers ?? {},
    ...(load.body === undefined ? {} : { body: load.body, idReplacement: true }),
  }
  process.stdout.write(`  ${scenario}: warm-up ${s.warmup} s, `)
  if (s.warmup > 0) await run({ ...options, duration: s.warmup })
  process.stdout.write(`measuring ${s.duration} s… `)
  const latencies = new Latencies()
  const serverStart = server.utilization()
  const clientStart = performance.eventLoopUtilization()
  const cpuStart = cpuSnapshot()
  const result = await run({ ...options, duration: s.duration }, latencies)
  const serverBusy = server.utilization(serverStart).utilization
  const clientBusy = performance.eventLoopUtilization(clientStart).utilization
  const othersCpu = othersShare(cpuStart)
  const failures = result.non2xx + result.errors + result.timeouts
  console.log(failures === 0 ? 'done' : `${failures} failed requests`)
  return {
    scenario,
    rps: result.requests.average,
    p50: latencies.percentile(50),
    p99: latencies.percentile(99),
    failures,
    serverBusy,
    clientBusy,
    othersCpu,
  }
}

async function call(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown },
  expected: number,
): Promise<{ text: string; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await response.text()
  if (response.status !== expected) {
    throw new Error(
      `${init.method ?? 'GET'} ${path} answered ${response.status}, expected ${expected}: ${text}`,
    )
  }
  return { text, json: JSON.parse(text) as Record<string, unknown> }
}

/** A create body whose order and cart references are unique per request (autocannon idReplacement). */
function createBody(): string {
  const request = examples.hppRequestExample('product')
  request.merchant.order_reference_1 = 'BENCH-[<id>]'
  request.cart.reference = 'CART-[<id>]'
  return JSON.stringify(request)
}

interface ApiPlan {
  headers: Record<string, string>
  sessionPath: string
  getBody: string
}

/** Logs in, creates one hpp session and reads it back: the token, the session to GET, and its body. */
async function prepareApi(server: Server): Promise<ApiPlan> {
  const login = await call(
    server.base,
    '/api/v2/auth/login/',
    { method: 'POST', body: { username: SANDBOX.demoStore.username, password: SANDBOX.password } },
    200,
  )
  const headers = { authorization: `Bearer ${String(login.json.access_token)}` }
  // One create with a unique body as the benchmark sends it: proves the body is accepted before timing it.
  const probe = createBody().replaceAll('[<id>]', randomBytes(8).toString('hex'))
  const created = await call(
    server.base,
    '/api/v2/checkout/',
    { method: 'POST', headers, body: JSON.parse(probe) },
    201,
  )
  const sessionPath = `/api/v2/checkout/${String(created.json.checkout_session_id)}/`
  const got = await call(server.base, sessionPath, { headers }, 200)
  return { headers, sessionPath, getBody: got.text }
}

async function benchEngine(
  label: string,
  server: Server,
  plan: ApiPlan,
  s: Settings,
): Promise<Measurement[]> {
  const createLoad: Load = {
    url: `${server.base}/api/v2/checkout/`,
    method: 'POST',
    headers: { ...plan.headers, 'content-type': 'application/json' },
    body: createBody(),
  }
  const getLoad: Load = { url: `${server.base}${plan.sessionPath}`, method: 'GET', headers: plan.headers }
  return [
    await measure(`create hpp session (${label})`, server, createLoad, s),
    await measure(`get session (${label})`, server, getLoad, s),
  ]
}

async function postgresReachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return undefined
  } catch (error) {
    return describe(error)
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Requests per second the server would answer with its event loop always busy. */
const capacity = (m: Measurement) => m.rps / m.serverBusy

function printTable(bare: Measurement, rows: Measurement[]): void {
  const header = [
    'scenario',
    'req/s (avg)',
    'p50 ms',
    'p99 ms',
    'vs bare',
    'server busy',
    'client busy',
    'capacity req/s',
    'capacity vs bare',
    'other CPU',
    'failed',
  ]
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`
  const lines = [bare, ...rows].map((m) => [
    m.scenario,
    m.rps.toFixed(0),
    m.p50.toFixed(2),
    m.p99.toFixed(2),
    percent(m.rps / bare.rps),
    percent(m.serverBusy),
    percent(m.clientBusy),
    capacity(m).toFixed(0),
    percent(capacity(m) / capacity(bare)),
    percent(m.othersCpu),
    String(m.failures),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] as string).length)))
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')
  console.log(`\n${format(header)}`)
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const line of lines) console.log(format(line))
  console.log(
    '\nserver/client busy: event-loop utilisation of the server thread and of autocannon during the run.\n' +
      'capacity: req/s ÷ server busy, the rate the server would reach if the load generator never held it back.\n' +
      'other CPU: share of the machine used by other processes during the run (PostgreSQL included).',
  )
  const noisy = [bare, ...rows].filter((m) => !m.scenario.includes('postgres') && m.othersCpu > 0.1)
  if (noisy.length > 0) {
    console.log(
      `Other processes took over 10 % of the CPU during ${noisy.map((m) => m.scenario).join(', ')}: ` +
        'those figures are low and noisy; run again on a quiet machine.',
    )
  }
  if (bare.serverBusy < 0.9) {
    console.log(
      `The bare route kept its server only ${percent(bare.serverBusy)} busy: the load generator, not Fastify, ` +
        'set its req/s, so "vs bare" flatters the API; "capacity vs bare" corrects for it.',
    )
  }
}

function printTargets(bare: Measurement, rows: Measurement[]): void {
  console.log('\nTargets on SQLite, as a share of the bare route (req/s; by capacity in brackets):')
  const check = (scenario: string, target: number) => {
    const row = rows.find((m) => m.scenario === scenario)
    if (!row) {
      console.log(`  ${scenario} ≥ ${target} %: not measured`)
      return
    }
    const ratio = (row.rps / bare.rps) * 100
    const byCapacity = (capacity(row) / capacity(bare)) * 100
    const verdict = (value: number) => (value >= target ? 'PASS' : 'BELOW')
    const result =
      row.failures > 0
        ? 'INVALID (failed requests)'
        : `${ratio.toFixed(1)} % ${verdict(ratio)} (${byCapacity.toFixed(1)} % ${verdict(byCapacity)})`
    console.log(`  ${scenario} ≥ ${target} %: ${result}`)
  }
  check('create hpp session (sqlite)', TARGETS.create)
  check('get session (sqlite)', TARGETS.get)
}

async function main(): Promise<void> {
  const s = settings(process.env)
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  console.log(
    `API throughput benchmark — Node ${process.version}, ${cpus().length} × ${cpu}, ` +
      `${s.connections} connections, ${s.warmup} s warm-up + ${s.duration} s per run\n`,
  )
  const folder = await mkdtemp(join(tmpdir(), 'plazo-bench-'))
  const rows: Measurement[] = []
  let bare: Measurement | undefined
  let pgSchema: string | undefined
  try {
    const sqlite = await startServer('sqlite API', {
      kind: 'api',
      databaseUrl: `sqlite:${join(folder, 'plazo.sqlite')}`,
    })
    try {
      const plan = await prepareApi(sqlite)
      const size = Buffer.byteLength(plan.getBody)
      console.log(`get-session response: ${size} bytes; the bare route answers a body of the same size\n`)

      const bareServer = await startServer('bare', { kind: 'bare', body: plan.getBody })
      try {
        const check = await call(bareServer.base, '/bare', {}, 200)
        if (Buffer.byteLength(check.text) !== size) throw new Error('the bare body differs in size')
        bare = await measure(
          'bare Fastify route',
          bareServer,
          { url: `${bareServer.base}/bare`, method: 'GET' },
          s,
        )
      } finally {
        await bareServer.close()
      }
      rows.push(...(await benchEngine('sqlite', sqlite, plan, s)))
    } finally {
      await sqlite.close()
    }

    const unreachable = await postgresReachable(s.postgresUrl)
    if (unreachable !== undefined) {
      console.log(`\nPostgreSQL skipped: ${redact(s.postgresUrl)} is unreachable (${unreachable})`)
    } else {
      pgSchema = `plazo_bench_${randomBytes(6).toString('hex')}`
      const postgres = await startServer('postgres API', {
        kind: 'api',
        databaseUrl: s.postgresUrl,
        schema: pgSchema,
      })
      try {
        rows.push(...(await benchEngine('postgres', postgres, await prepareApi(postgres), s)))
      } finally {
        await postgres.close()
      }
    }
  } catch (error) {
    console.log(`\nBenchmark stopped: ${describe(error)}`)
  } finally {
    if (pgSchema !== undefined) {
      await dropSchema(s.postgresUrl, pgSchema).catch((error) =>
        console.log(`Could not drop schema ${pgSchema}: ${describe(error)}`),
      )
    }
    await Promise.all([...workers].map((worker) => worker.terminate()))
    await rm(folder, { recursive: true, force: true })
  }

  if (bare) {
    printTable(bare, rows)
    printTargets(bare, rows)
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The URL without its password, for printing. */
function redact(url: string): string {
  if (!URL.canParse(url)) return url
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

if (isMainThread) {
  // A measurement, not a test: whatever happened, the exit code is 0.
  await main().catch((error) => console.log(`Benchmark failed: ${describe(error)}`))
  process.exitCode = 0
} else {
  await serve(workerData as ServerSpec)
}
