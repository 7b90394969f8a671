// API throughput benchmark (`npm run bench:api`): how close the real API comes to a bare Fastify route that
// answers a JSON body of the same size (one bare route per response size: the create response, ~0.3 KB, and the
// get-session response, ~3.4 KB), on SQLite and on PostgreSQL. It is a measurement, not a test: it
// prints a table and exits 0 whatever the figures.
//
// One process, several threads: each server under test runs in its own worker thread (bench/api/servers.ts),
// and autocannon drives it from the main thread (bench/api/measure.ts). Were they on one event loop, the load
// generator's own cost per request would be added to both sides of every ratio and make the API look closer to
// the bare route than it is. On a 2-core machine this gives one core to the server and one to autocannon
// (PostgreSQL, when used, shares them).
//
// Besides create and get, each engine has a "validated no-op" scenario: a route the bench adds to the app
// (never the app itself) that runs everything a create runs before its own work and then answers. It is the
// most a create can reach on the machine, and shows how much of the gap to the bare route is the create's own
// work.
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
import { examples } from '@plazo/contract'
import pg from 'pg'
import { SANDBOX } from '../src/domain/sandbox/seed.ts'
import { allowOptimizingLargeFunctions } from '../src/v8-flags.ts'
import { round, type Scenario, scenario } from './api/measure.ts'
import {
  createName,
  type Engine,
  floorName,
  getName,
  getWithoutLogName,
  printTable,
  printTargets,
} from './api/report.ts'
import { describe, type Server, startServer, terminateServers, VALIDATED_NOOP_PATH } from './api/servers.ts'
import { DEFAULT_POSTGRES_URL, postgresUnreachable } from './postgres.ts'

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

interface Baselines {
  create: Scenario
  get: Scenario
}

/**
 * The validated no-op (the floor under create), create and get scenarios of one engine, and the same get on a
 * second server of the same database with the sandbox request log off (what the log costs a get).
 */
function apiScenarios(
  engine: Engine,
  server: Server,
  plan: ApiPlan,
  baselines: Baselines,
  withoutLog: { server: Server; plan: ApiPlan },
): Scenario[] {
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
    scenario(
      getWithoutLogName(engine),
      withoutLog.server,
      { path: withoutLog.plan.sessionPath, method: 'GET', headers: withoutLog.plan.headers },
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
    const sqliteWithoutLog = await startServer('sqlite API, request log off', {
      kind: 'api',
      databaseUrl: `sqlite:${join(folder, 'plazo.sqlite')}`,
      requestLog: false,
    })
    servers.push(sqliteWithoutLog)
    const withoutLog = { server: sqliteWithoutLog, plan: await prepareApi(sqliteWithoutLog) }
    scenarios.push(
      baselines.create,
      baselines.get,
      ...apiScenarios('sqlite', sqlite, sqlitePlan, baselines, withoutLog),
    )

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
      const postgresWithoutLog = await startServer('postgres API, request log off', {
        kind: 'api',
        databaseUrl: s.postgresUrl,
        schema: pgSchema,
        requestLog: false,
      })
      servers.push(postgresWithoutLog)
      scenarios.push(
        ...apiScenarios('postgres', postgres, await prepareApi(postgres), baselines, {
          server: postgresWithoutLog,
          plan: await prepareApi(postgresWithoutLog),
        }),
      )
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
    await terminateServers()
    await rm(folder, { recursive: true, force: true })
  }

  if (measured) {
    printTable(scenarios)
    printTargets(scenarios)
  }
}

/** The URL without its password, for printing. */
function redact(url: string): string {
  if (!URL.canParse(url)) return url
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

// As server.ts does (V8 flags are process-wide: the servers' worker threads get it too), unless
// BENCH_V8_DEFAULT_LIMITS=1 asks for V8's defaults, to measure what the flag is worth.
if (process.env.BENCH_V8_DEFAULT_LIMITS !== '1') allowOptimizingLargeFunctions()
// A measurement, not a test: whatever happened, the exit code is 0.
await main().catch((error) => console.log(`Benchmark failed: ${describe(error)}`))
process.exitCode = 0
