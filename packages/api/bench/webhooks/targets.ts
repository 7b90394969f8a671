// The webhook targets in force (issue 28, after issue 15's analysis), printed by `npm run bench:webhooks` one
// line each, as `bench:api` prints its own: `… ≤ N ms: M ms PASS|BELOW`, `… ≥ N %: M % PASS|BELOW`.

export interface TargetPhase {
  engine: string
  phase: string
  p50: number
  p99: number
  shareOfHttpAlone?: number
}

/** The steady rate the latency targets are set at (events per second). */
export const STEADY_TARGET_RATE = 100
const STEADY = { p50: 15, p99: 60 } as const
/** The backlog drained through the receiver ÷ "HTTP alone" on the same engine's run (by engine, "sqlite (file)"
 * being sqlite). */
const DRAIN_SHARE: Readonly<Record<string, number>> = { sqlite: 30, postgres: 12 }

export function printWebhookTargets(results: readonly TargetPhase[], steadyRate: number): void {
  console.log('\nTargets in force:')
  for (const engine of [...new Set(results.map((r) => r.engine))]) {
    const steady = results.find((r) => r.engine === engine && r.phase.startsWith('steady'))
    for (const key of ['p50', 'p99'] as const) {
      const label = `  ${engine}, steady ${STEADY_TARGET_RATE}/s ${key} write→receipt ≤ ${STEADY[key]} ms`
      if (!steady || Number.isNaN(steady[key])) console.log(`${label}: not measured`)
      else if (steadyRate !== STEADY_TARGET_RATE)
        console.log(`${label}: not measured (this run's steady rate is ${steadyRate}/s)`)
      else {
        const value = steady[key]
        console.log(`${label}: ${Math.round(value)} ms ${value <= STEADY[key] ? 'PASS' : 'BELOW'}`)
      }
    }
    const target = DRAIN_SHARE[engine.split(' ')[0] ?? engine]
    const share = results.find(
      (r) => r.engine === engine && r.shareOfHttpAlone !== undefined,
    )?.shareOfHttpAlone
    const label = `  ${engine}, backlog drain ÷ HTTP alone ≥ ${target} %`
    if (target === undefined) continue
    if (share === undefined) console.log(`${label}: not measured`)
    else {
      const percent = share * 100
      console.log(`${label}: ${percent.toFixed(1)} % ${percent >= target ? 'PASS' : 'BELOW'}`)
    }
  }
}
