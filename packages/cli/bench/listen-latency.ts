// Write → forward latency of `plazo listen`: the real binary listening to a real sandbox (SQLite file, over
// HTTP), a local receiver, and N state changes made through the SDK one after another. For each, the time from
// the API's answer (the event is committed) to the notification's arrival at the receiver. Printed, not
// asserted: figures depend on the machine and its load.
//
//   npm run bench -w packages/cli [-- 40]
import { Plazo } from '@plazo/node'
import { sandbox, testEngines } from '../../sdk-node/test/helpers/sandbox.ts'
import { createBody, findScenario } from '../src/scenarios.ts'
import { cliEnv, listen, receiver } from '../test/helpers/cli.ts'

const rounds = Number(process.argv[2] ?? 30)
const engine = testEngines().find((candidate) => candidate.name === 'sqlite (file)')
if (!engine) throw new Error('no SQLite file engine')
const s = await sandbox(engine)
const target = await receiver()
const env = cliEnv({ PLAZO_API_URL: s.apiUrl, PLAZO_USERNAME: s.username, PLAZO_PASSWORD: s.password })
const listener = listen(['--forward-to', target.url], env)
await listener.ready
const plazo = new Plazo({ apiUrl: s.apiUrl, username: s.username, password: s.password })
const body = createBody(findScenario('checkout.desisted'), [])

const latencies: number[] = []
for (let round = 0; round < rounds; round++) {
  const created = (await plazo.checkoutSessions.create(body as never)) as unknown as {
    checkout_session_id: string
  }
  const before = target.received.length
  await plazo.testHelpers.customerAction(created.checkout_session_id, { action: 'desist' })
  const written = performance.now()
  while (target.received.length === before) await new Promise((resolve) => setTimeout(resolve, 2))
  latencies.push((target.received[before]?.receivedAt ?? written) - written)
}
await listener.stop()
await target.close()
await s.close()

latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
console.log(`plazo listen, write → forward (${rounds} events, SQLite file, stream polled every 200 ms):`)
console.log(
  `  median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms (target: under 1000 ms)`,
)
