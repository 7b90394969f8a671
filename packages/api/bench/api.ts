// API throughput benchmark (`npm run bench:api`): how close the real API comes to a bare Fastify route that
// answers a JSON body of the same size (one bare route per response size: the create response, ~0.3 KB, and the
// get-session response, ~3.4 KB), on SQLite and on PostgreSQL. It is a measurement, not a test: it
// prints a table and exits 0 whatever the figures.
//
// One process, several threads: each server under test runs in its own worker thread (this same file), and
// autocannon drives it from the main thread. Were they on one event loop, the load generator's own cost per
// request would be added to both sides of every ratio and make the API look closer to the bare route than it
// is. On a 2-core machine this gives one core to the server and one to autocannon (PostgreSQL, when used,
// shares them).
//
// Besides create and get, each engine has a "validated no-op" scenario: a route added here (never in the app) that
// runs everything a create runs before its own work and then answers. It is the most a create can reach on the
// machine, and shows how much of the gap to the bare route is the create's own work.
//
// The scenarios are measured in interleaved rounds (bare, create, get, bare, create, get, …) rather than one
// after the other, so that other work on a shared machine slows them alike and the ratios stay comparable.
//
// Environment: BENCH_DURATION (measured seconds per scenario, default 10), BENCH_WARMUP (seconds of warm-up
// before a scenario's first round, default 3; later rounds re-warm for 0.5 s), BENCH_ROUNDS (default 5),
// BENCH_CONNECTIONS (10–20, default 10), PLAZO_BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/test), BENCH_V8_DEFAULT_LIMITS=1 (run without the V8 flag server.ts sets,
// see src/v8-flags.ts).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type EventLoopUtilization, performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { CheckoutSessionRequestSchema, examples } from '@plazo/contract'
import autocannon from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { hppUrls } from '../src/domain/checkout/session-service.ts'
import { type Database, openDatabase, SANDBOX, seedSandbox } from '../src/storage/index.ts'
import { allowOptimizingLargeFunctions } from '../src/v8-flags.ts'
import { DEFAULT_POSTGRES_URL, postgresUnreachable } from './postgres.ts'

const HOST = '127.0.0.1'
/** Issue 15: creates as a share of their engine's validated no-op, gets of the bare route of their size. */
const TARGETS = { sqlite: { create: 50, get: 60 }, postgres: { create: 25, get: 60 } } as const

// ---------------------------------------------------------------------------------------------------------
// Worker side: one server per worker, on a random free loopback port.

type ServerSpec =
  | { kind: 'bare'; bodies: Record<string, string> }
  | { kind: 'api'; databaseUrl: string; schema?: string | undefined }

type WorkerMessage = { type: 'listening'; port: number } | { type: 'failed'; error: string }

async function serve(spec: ServerSpec): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('serve() runs in a worker thread')
  let db: Database | undefined
  let app: FastifyInstance | undefined
  try {
    if (spec.kind === 'bare') {
      // One route per response size (`/bare/<name>`). Parsed once so each request pays for serialising the
      // body, as the API's routes do.
      app = Fastify({ logger: false })
      for (const [name, text] of Object.entries(spec.bodies)) {
        const body: unknown = JSON.parse(text)
        app.get(`/bare/${name}`, async () => body)
      }
    } else {
      // Opened as server.ts opens it.
      db = await openDatabase(spec.databaseUrl, {
        checkTransactionScope: false,
        ...(spec.schema === undefined ? {} : { schema: spec.schema }),
      })
      await seedSandbox(db)
      const config = loadConfig({ PLAZO_DATABASE_URL: spec.databaseUrl })
      const api = await buildApp({ config, db, logger: false })
      addValidatedNoop(api, config.publicUrl)
      app = api
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

/**
 * The floor under create, measured in the API itself: a route (bench only, never in the app) that runs what
 * every create runs before its own work (the app's hooks, authentication, the idempotency check, parsing and
 * validating the same body against the same schema) and then answers a create-sized 201 at once: no business
 * logic, no storage. No create can be faster than this on this machine.
 */
function addValidatedNoop(app: FastifyInstance, publicUrl: string): void {
  const answer = {
    checkout_session_id: '019aa4d2-0000-7000-8000-000000000000',
    ...hppUrls(publicUrl, '6f1c2f83-7b2a-4d4e-9a53-1d2c3b4a5e6f'),
  }
  app.post(
    VALIDATED_NOOP_PATH,
    {
      onRequest: [app.authenticate],
      preHandler: [app.idempotent],
      schema: { body: CheckoutSessionRequestSchema },
    },
    async (_request, reply) => reply.status(201).send(answer),
  )
}

const VALIDATED_NOOP_PATH = '/bench/validated-noop'

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
  rounds: number
  connections: number
  postgresUrl: string
}

/** Seconds of warm-up before every round after a scenario's first: new connections, caches refilled. */
const REWARM_SECONDS = 0.5

function settings(env: NodeJS.ProcessEnv): Settings {
  const number = (name: string, fallback: number, valid: (value: number) => boolean, expected: string) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (valid(value)) return value
    console.log(`${name}=${raw} is not ${expected}; using ${fallback}`)
    return fallback
  }
  const duration = number('BENCH_DURATION', 10, (v) => v >= 1, 'a number of seconds ≥ 1')
  const rounds = number('BENCH_ROUNDS', 5, (v) => Number.isInteger(v) && v >= 1, 'a whole number ≥ 1')
  return {
    duration,
    warmup: number('BENCH_WARMUP', 3, (v) => v >= 0, 'a number of seconds ≥ 0'),
    // A round shorter than a second is mostly connection set-up.
    rounds: Math.min(rounds, Math.floor(duration)),
    connections: number(
      'BENCH_CONNECTIONS',
      10,
      (v) => Number.isInteger(v) && v >= 10 && v <= 20,
      'a whole number from 10 to 20',
    ),
    postgresUrl: env.PLAZO_BENCH_POSTGRES_URL?.trim() || DEFAULT_POSTGRES_URL,
  }
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

/** CPU time (ms) the whole machine and this process have used so far. */
function cpuSnapshot(): { machine: number; own: number; at: number } {
  const machine = cpus().reduce(
    (sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq,
    0,
  )
  const own = process.cpuUsage()
  return { machine, own: (own.user + own.system) / 1000, at: performance.now() }
}

/** What one scenario has measured so far, summed over its rounds. */
class Tally {
  readonly latencies = new Latencies()
  readonly roundRates: number[] = []
  requests = 0
  seconds = 0
  failures = 0
  serverActive = 0
  serverTotal = 0
  clientActive = 0
  clientTotal = 0
  othersMs = 0
  machineMs = 0

  get rps(): number {
    return this.requests / this.seconds
  }
  /** Share of the measured time the server's event loop was busy (0–1). */
  get serverBusy(): number {
    return this.serverActive / this.serverTotal
  }
  /** Share of the measured time the load generator's event loop was busy (0–1). */
  get clientBusy(): number {
    return this.clientActive / this.clientTotal
  }
  /** Share of the machine's CPU other processes used while this scenario ran (0–1). */
  get othersCpu(): number {
    return this.othersMs / this.machineMs
  }
  /** Requests per second the server would answer with its event loop always busy. */
  get capacity(): number {
    return this.rps / this.serverBusy
  }
  /** Half the range of the per-round rates, relative to the mean: how much the rounds disagree. */
  get spread(): number {
    return (Math.max(...this.roundRates) - Math.min(...this.roundRates)) / 2 / this.rps
  }
}

interface Scenario {
  name: string
  server: Server
  options: autocannon.Options
  tally: Tally
  /** The bare route answering a body of this scenario's response size; none for a bare route itself. */
  baseline?: Scenario
}

function scenario(
  name: string,
  server: Server,
  load: Omit<autocannon.Options, 'url'> & { path: string },
  baseline?: Scenario,
): Scenario {
  const { path, ...options } = load
  return {
    name,
    server,
    options: { ...options, url: `${server.base}${path}` },
    tally: new Tally(),
    ...(baseline ? { baseline } : {}),
  }
}

/** The tally a scenario is compared with: its bare route's, or its own for a bare route. */
function baselineOf(sc: Scenario): Tally {
  return (sc.baseline ?? sc).tally
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

/** One round of one scenario: a warm-up, then a measured run added to its tally. */
async function round(sc: Scenario, seconds: number, warmup: number, connections: number): Promise<number> {
  const options = { ...sc.options, connections }
  if (warmup > 0) await run({ ...options, duration: warmup })
  const serverStart = sc.server.utilization()
  const clientStart = performance.eventLoopUtilization()
  const cpuStart = cpuSnapshot()
  const result = await run({ ...options, duration: seconds }, sc.tally.latencies)
  const server = sc.server.utilization(serverStart)
  const client = performance.eventLoopUtilization(clientStart)
  const cpuEnd = cpuSnapshot()

  const t = sc.tally
  const rate = result.requests.total / result.duration
  t.roundRates.push(rate)
  t.requests += result.requests.total
  t.seconds += result.duration
  t.failures += result.non2xx + result.errors + result.timeouts
  t.serverActive += server.active
  t.serverTotal += server.active + server.idle
  t.clientActive += client.active
  t.clientTotal += client.active + client.idle
  t.machineMs += (cpuEnd.at - cpuStart.at) * cpus().length
  t.othersMs += Math.max(0, cpuEnd.machine - cpuStart.machine - (cpuEnd.own - cpuStart.own))
  return rate
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
  /** The create response and the get-session response, as the API answered them. */
  createBody: string
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
  return { headers, sessionPath, createBody: created.text, getBody: got.text }
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

function printTable(scenarios: Scenario[]): void {
  const bares = scenarios.filter((sc) => !sc.baseline).map((sc) => sc.tally)
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`
  const header = [
    'scenario',
    'req/s (avg)',
    '± rounds',
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
  const lines = scenarios
    .map((sc) => [sc, sc.tally, baselineOf(sc)] as const)
    .map(([{ name }, t, bare]) => [
      name,
      t.rps.toFixed(0),
      percent(t.spread),
      t.latencies.percentile(50).toFixed(2),
      t.latencies.percentile(99).toFixed(2),
      percent(t.rps / bare.rps),
      percent(t.serverBusy),
      percent(t.clientBusy),
      t.capacity.toFixed(0),
      percent(t.capacity / bare.capacity),
      percent(t.othersCpu),
      String(t.failures),
    ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] as string).length)))
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')
  console.log(`\n${format(header)}`)
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const line of lines) console.log(format(line))
  console.log(
    '\n± rounds: half the range of the per-round req/s, relative to the average.\n' +
      'server/client busy: event-loop utilisation of the server thread and of autocannon while measuring.\n' +
      "vs bare: against the bare route that answers a body of the size of the scenario's response (create and the\n" +
      '  validated no-op: the create response; get: the get-session response).\n' +
      'capacity: req/s ÷ server busy, the rate the server would reach if the load generator never held it back.\n' +
      'other CPU: share of the machine used by other processes while measuring (PostgreSQL included).',
  )
  const noisy = scenarios.filter(({ name, tally }) => !name.includes('postgres') && tally.othersCpu > 0.1)
  if (noisy.length > 0) {
    console.log(
      `Other processes took over 10 % of the CPU during ${noisy.map(({ name }) => name).join(', ')}: ` +
        'absolute figures are low and noisy there; the interleaved rounds keep the ratios fairer.',
    )
  }
  for (const bare of bares.filter((t) => t.serverBusy < 0.9)) {
    const limit =
      bare.clientBusy >= 0.9
        ? 'the load generator, not Fastify, set its req/s'
        : `neither thread was saturated, so the CPUs were shared with other work`
    console.log(
      `A bare route kept its server only ${percent(bare.serverBusy)} busy: ${limit}. "vs bare" then ` +
        'flatters the API; "capacity vs bare" corrects for it.',
    )
  }
}

/**
 * One line per target of issue 15: a create against the validated no-op of its engine (the floor any create
 * stands on), a get against the bare route answering a body of its size.
 */
function printTargets(scenarios: Scenario[]): void {
  console.log('\nTargets (req/s; by capacity in brackets):')
  const check = (
    name: string,
    against: string,
    versus: (sc: Scenario) => Tally | undefined,
    target: number,
  ) => {
    const found = scenarios.find((sc) => sc.name === name)
    const base = found && versus(found)
    if (!found || !base) {
      console.log(`  ${name} ÷ ${against} ≥ ${target} %: not measured`)
      return
    }
    const t = found.tally
    const ratio = (t.rps / base.rps) * 100
    const byCapacity = (t.capacity / base.capacity) * 100
    const verdict = (value: number) => (value >= target ? 'PASS' : 'BELOW')
    const result =
      t.failures > 0 || base.failures > 0
        ? 'INVALID (failed requests)'
        : `${ratio.toFixed(1)} % ${verdict(ratio)} (${byCapacity.toFixed(1)} % ${verdict(byCapacity)})`
    console.log(`  ${name} ÷ ${against} ≥ ${target} %: ${result}`)
  }
  const floorOf = (engine: Engine) => () => scenarios.find((sc) => sc.name === floorName(engine))?.tally
  for (const engine of ENGINES) {
    check(createName(engine), 'validated no-op', floorOf(engine), TARGETS[engine].create)
    check(getName(engine), 'bare route', baselineOf, TARGETS[engine].get)
  }
}

type Engine = 'sqlite' | 'postgres'
const ENGINES: readonly Engine[] = ['sqlite', 'postgres']
const createName = (engine: Engine) => `create hpp session (${engine})`
const getName = (engine: Engine) => `get session (${engine})`
const floorName = (engine: Engine) => `validated no-op, create body (${engine})`

interface Baselines {
  create: Scenario
  get: Scenario
}

/** The validated no-op (the floor under create), create and get scenarios of one engine. */
function apiScenarios(engine: Engine, server: Server, plan: ApiPlan, baselines: Baselines): Scenario[] {
  const post = { method: 'POST', headers: { ...plan.headers, 'content-type': 'application/json' } } as const
  return [
    scenario(
      floorName(engine),
      server,
      { ...post, path: VALIDATED_NOOP_PATH, body: createBody(), idReplacement: true },
      baselines.create,
    ),
    scenario(
      createName(engine),
      server,
      { ...post, path: '/api/v2/checkout/', body: createBody(), idReplacement: true },
      baselines.create,
    ),
    scenario(
      getName(engine),
      server,
      { path: plan.sessionPath, method: 'GET', headers: plan.headers },
      baselines.get,
    ),
  ]
}

async function main(): Promise<void> {
  const s = settings(process.env)
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const segment = s.duration / s.rounds
  console.log(
    `API throughput benchmark — Node ${process.version}, ${cpus().length} × ${cpu}, ${s.connections} connections, ` +
      `${s.rounds} rounds of ${segment.toFixed(1)} s per scenario (${s.warmup} s warm-up first)\n`,
  )
  const folder = await mkdtemp(join(tmpdir(), 'plazo-bench-'))
  const servers: Server[] = []
  const scenarios: Scenario[] = []
  let pgSchema: string | undefined
  let measured = false
  try {
    const sqlite = await startServer('sqlite API', {
      kind: 'api',
      databaseUrl: `sqlite:${join(folder, 'plazo.sqlite')}`,
    })
    servers.push(sqlite)
    const sqlitePlan = await prepareApi(sqlite)
    const bodies = { create: sqlitePlan.createBody, get: sqlitePlan.getBody }
    console.log(
      `responses: create ${Buffer.byteLength(bodies.create)} bytes, get session ${Buffer.byteLength(bodies.get)} ` +
        'bytes; a bare route answers a body of each size',
    )

    const bare = await startServer('bare', { kind: 'bare', bodies })
    servers.push(bare)
    for (const [name, body] of Object.entries(bodies)) {
      const check = await call(bare.base, `/bare/${name}`, {}, 200)
      if (Buffer.byteLength(check.text) !== Buffer.byteLength(body)) {
        throw new Error(`the bare ${name} body differs in size`)
      }
    }
    const baselines: Baselines = {
      create: scenario('bare Fastify route, create-size body', bare, { path: '/bare/create', method: 'GET' }),
      get: scenario('bare Fastify route, get-size body', bare, { path: '/bare/get', method: 'GET' }),
    }
    scenarios.push(baselines.create, baselines.get, ...apiScenarios('sqlite', sqlite, sqlitePlan, baselines))

    const unreachable = await postgresUnreachable(s.postgresUrl)
    if (unreachable !== undefined) {
      console.log(`PostgreSQL skipped: ${redact(s.postgresUrl)} is unreachable (${unreachable})`)
    } else {
      pgSchema = `plazo_bench_${randomBytes(6).toString('hex')}`
      const postgres = await startServer('postgres API', {
        kind: 'api',
        databaseUrl: s.postgresUrl,
        schema: pgSchema,
      })
      servers.push(postgres)
      scenarios.push(...apiScenarios('postgres', postgres, await prepareApi(postgres), baselines))
    }

    console.log('')
    for (let r = 0; r < s.rounds; r++) {
      const rates: string[] = []
      for (const sc of scenarios) {
        const warmup = r === 0 ? s.warmup : Math.min(s.warmup, REWARM_SECONDS)
        rates.push(`${sc.name} ${(await round(sc, segment, warmup, s.connections)).toFixed(0)}`)
      }
      console.log(`  round ${r + 1}/${s.rounds} (req/s): ${rates.join(', ')}`)
    }
    measured = true
  } catch (error) {
    console.log(`\nBenchmark stopped: ${describe(error)}`)
  } finally {
    await Promise.all(servers.map((server) => server.close()))
    if (pgSchema !== undefined) {
      await dropSchema(s.postgresUrl, pgSchema).catch((error) =>
        console.log(`Could not drop schema ${pgSchema}: ${describe(error)}`),
      )
    }
    await Promise.all([...workers].map((worker) => worker.terminate()))
    await rm(folder, { recursive: true, force: true })
  }

  if (measured) {
    printTable(scenarios)
    printTargets(scenarios)
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
  // As server.ts does (V8 flags are process-wide: the servers' worker threads get it too), unless
  // BENCH_V8_DEFAULT_LIMITS=1 asks for V8's defaults, to measure what the flag is worth.
  if (process.env.BENCH_V8_DEFAULT_LIMITS !== '1') allowOptimizingLargeFunctions()
  // A measurement, not a test: whatever happened, the exit code is 0.
  await main().catch((error) => console.log(`Benchmark failed: ${describe(error)}`))
  process.exitCode = 0
} else {
  await serve(workerData as ServerSpec)
}
