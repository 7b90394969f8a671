// What `npm run bench:api` prints once measured: the table, and one line per target in force.
import { baselineOf, type Scenario, type Tally } from './measure.ts'

/** Issue 15: creates as a share of their engine's validated no-op, gets of the bare route of their size. */
/**
 * The targets in force (issue 28, after issue 15's analysis): a create ÷ the validated no-op of its engine ≥ 25 %
 * (on PostgreSQL by capacity, which corrects for the database's CPU on the same machine), a get ÷ the bare route
 * ≥ 60 %.
 */
const TARGETS = {
  sqlite: { create: 25, createBy: 'rps', get: 60 },
  postgres: { create: 25, createBy: 'capacity', get: 60 },
} as const

export type Engine = 'sqlite' | 'postgres'
export const ENGINES: readonly Engine[] = ['sqlite', 'postgres']
export const createName = (engine: Engine) => `create hpp session (${engine})`
export const getName = (engine: Engine) => `get session (${engine})`
export const floorName = (engine: Engine) => `validated no-op, create body (${engine})`
export const getWithoutLogName = (engine: Engine) => `get session, request log off (${engine})`
/** Issue 38: a get with the sandbox request log on, as a share of the same get with it off. */
const REQUEST_LOG_TARGET = 90

export function printTable(scenarios: Scenario[]): void {
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
 * One line per target in force (TARGETS): a create against the validated no-op of its engine (the floor any create
 * stands on), a get against the bare route answering a body of its size.
 */
export function printTargets(scenarios: Scenario[]): void {
  console.log('\nTargets in force:')
  const check = (
    name: string,
    against: string,
    versus: (sc: Scenario) => Tally | undefined,
    target: number,
    by: 'rps' | 'capacity' = 'rps',
  ) => {
    const label = `  ${name} ÷ ${against} ≥ ${target} %${by === 'capacity' ? ' by capacity' : ''}`
    const found = scenarios.find((sc) => sc.name === name)
    const base = found && versus(found)
    if (!found || !base) {
      console.log(`${label}: not measured`)
      return
    }
    const t = found.tally
    const ratio = (t.rps / base.rps) * 100
    const byCapacity = (t.capacity / base.capacity) * 100
    const [judged, other] = by === 'capacity' ? [byCapacity, ratio] : [ratio, byCapacity]
    const result =
      t.failures > 0 || base.failures > 0
        ? 'INVALID (failed requests)'
        : `${judged.toFixed(1)} % ${judged >= target ? 'PASS' : 'BELOW'} (${by === 'capacity' ? 'req/s' : 'by capacity'} ${other.toFixed(1)} %)`
    console.log(`${label}: ${result}`)
  }
  const floorOf = (engine: Engine) => () => scenarios.find((sc) => sc.name === floorName(engine))?.tally
  for (const engine of ENGINES) {
    check(
      createName(engine),
      'validated no-op',
      floorOf(engine),
      TARGETS[engine].create,
      TARGETS[engine].createBy,
    )
    check(getName(engine), 'bare route', baselineOf, TARGETS[engine].get)
    const withoutLog = () => scenarios.find((sc) => sc.name === getWithoutLogName(engine))?.tally
    check(getName(engine), 'the same get with the request log off', withoutLog, REQUEST_LOG_TARGET)
  }
}
