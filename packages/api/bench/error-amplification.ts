// What a worst-case invalid body costs the API and the requests around it (`npm run bench:errors -w
// packages/api`): a measurement, not a test; it prints figures and exits 0 whatever they are.
//
// The API runs in a worker thread (one event loop, as a node has), on SQLite in memory. The main thread sends
// GET /checkout/{id} one after another and records each one's latency: first alone, then while a second loop
// sends, one after another, the worst body issue 16 names: 300 KB of 100 000 empty cart items. A worst-case body
// that blocks the event loop for long shows as a GET latency of about as long (its tail and maximum); the
// figures for the bad bodies themselves (time to answer, size of the answer) are printed beside them.
//
// Environment: BENCH_DURATION (seconds per phase, default 5).
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker } from 'node:worker_threads'
import { examples } from '@plazo/contract'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { SANDBOX, seedSandbox } from '../src/domain/sandbox/seed.ts'
import { openDatabase } from '../src/storage/index.ts'

const HOST = '127.0.0.1'

async function serve(): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('serve() runs in a worker thread')
  const url = 'sqlite::memory:'
  const db = await openDatabase(url)
  await seedSandbox(db)
  const app = await buildApp({ config: loadConfig({ PLAZO_DATABASE_URL: url }), db, logger: false })
  await app.listen({ host: HOST, port: 0 })
  port.once('message', async () => {
    await app.close()
    await db.close()
    port.close()
  })
  const address = app.server.address()
  port.postMessage(address !== null && typeof address !== 'string' ? address.port : 0)
}

const workerBootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

function summary(label: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b)
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10)
  return `${label.padEnd(34)} ${String(sorted.length).padStart(7)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 99))} ${ms(sorted.at(-1) ?? Number.NaN)}`
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_DURATION ?? 5) || 5
  const worker = new Worker(workerBootstrap, { eval: true })
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  const base = `http://${HOST}:${port}/api/v2`
  const login = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SANDBOX.demoStore.username, password: SANDBOX.password }),
  })
  const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` }
  const created = await fetch(`${base}/checkout/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(examples.embeddedRequestExample('product')),
  })
  const { checkout_session_id: id } = (await created.json()) as { checkout_session_id: string }

  const request = examples.embeddedRequestExample('product')
  const worst = JSON.stringify({ ...request, cart: { ...request.cart, items: Array(100_000).fill({}) } })

  const getLoop = async (until: number) => {
    const latencies: number[] = []
    while (performance.now() < until) {
      const start = performance.now()
      const res = await fetch(`${base}/checkout/${id}/`, { headers: auth })
      await res.arrayBuffer()
      latencies.push(performance.now() - start)
    }
    return latencies
  }
  const badLoop = async (until: number) => {
    const latencies: number[] = []
    const sizes: number[] = []
    const statuses = new Set<number>()
    while (performance.now() < until) {
      const start = performance.now()
      const res = await fetch(`${base}/checkout/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: worst,
      })
      sizes.push((await res.arrayBuffer()).byteLength)
      statuses.add(res.status)
      latencies.push(performance.now() - start)
    }
    return { latencies, sizes, statuses }
  }

  await getLoop(performance.now() + 1000) // warm-up
  const alone = await getLoop(performance.now() + seconds * 1000)
  const until = performance.now() + seconds * 1000
  const [beside, bad] = await Promise.all([getLoop(until), badLoop(until)])

  console.log(
    `worst-case body: ${(worst.length / 1024).toFixed(0)} KB, 100 000 empty cart items; ${seconds} s a phase`,
  )
  console.log(
    `${'requests'.padEnd(34)} ${'count'.padStart(7)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)}`,
  )
  console.log(summary('GET session, alone', alone))
  console.log(summary('GET session, beside worst bodies', beside))
  console.log(summary('POST worst body', bad.latencies))
  const meanSize = bad.sizes.reduce((a, b) => a + b, 0) / Math.max(1, bad.sizes.length)
  console.log(
    `worst body answers: status ${[...bad.statuses].join(', ')}, ${(meanSize / 1024).toFixed(1)} KB each`,
  )

  worker.postMessage('close')
  await new Promise((resolve) => worker.once('exit', resolve))
}

if (isMainThread) await main()
else await serve()
