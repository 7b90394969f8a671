// How `npm run bench:api` measures a scenario: autocannon rounds, exact latencies, event-loop and CPU shares.
import { cpus } from 'node:os'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { machineCpu } from '../cpu.ts'
import type { Server } from './servers.ts'

/**
 * Autocannon keeps latencies in an integer-millisecond histogram, which reads 0 for most sub-millisecond
 * answers; its `response` event carries the exact time, so percentiles are taken from that instead.
 */
export class Latencies {
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
  const own = process.cpuUsage()
  return { machine: machineCpu().busy, own: (own.user + own.system) / 1000, at: performance.now() }
}

/** What one scenario has measured so far, summed over its rounds. */
export class Tally {
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

export interface Scenario {
  name: string
  server: Server
  options: autocannon.Options
  tally: Tally
  /** The bare route answering a body of this scenario's response size; none for a bare route itself. */
  baseline?: Scenario
}

export function scenario(
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
export function baselineOf(sc: Scenario): Tally {
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
export async function round(
  sc: Scenario,
  seconds: number,
  warmup: number,
  connections: number,
): Promise<number> {
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
