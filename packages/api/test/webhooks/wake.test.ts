import { describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  eachReceiverTest,
  enqueue,
  eventsOf,
  type Receiver,
  webhookApp,
} from './helpers.ts'

// The worker's poll is only a safety net: a committed event wakes it. The poll is set to ten minutes here, so
// an event received within seconds was sent because its commit woke a worker.
const POLL_MS = 600_000
const WAIT_MS = 5_000

async function waitFor(hook: Receiver, count: number): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  while (hook.requests.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
}

describe.each(testEngines())('a commit wakes the delivery worker on $name', (engine) => {
  let t: TestDatabase
  let hook: Receiver
  const cleanups = eachReceiverTest(engine, (made) => {
    ;({ t, hook } = made)
  })

  it('delivers an event written after the start at once, not at the next poll', async () => {
    const api = await webhookApp(t.db, { webhooks: { intervalMs: POLL_MS } })
    cleanups.push(() => api.close())
    const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId)
    await waitFor(hook, 1)
    expect(hook.requests).toHaveLength(1)
    // A second commit, once the first event is settled, wakes it again. (The lifecycle writes events holding
    // the session's lock, which the worker's settling waits for; this bare enqueue does not, so it waits here.)
    const deadline = Date.now() + WAIT_MS
    while (Date.now() < deadline) {
      const [listed] = (await eventsOf(api.app, api.demo, sessionId)).json().payload
      if (listed?.status === 'delivered') break
      await new Promise((r) => setTimeout(r, 10))
    }
    await enqueue(t.db, DEMO, sessionId)
    await waitFor(hook, 2)
    expect(hook.requests).toHaveLength(2)
  })

  it.runIf(engine.engine === 'postgres')(
    'delivers from the other node: a NOTIFY at commit wakes every node listening',
    async () => {
      // Node A writes (its worker is off); node B, another process's connection, only delivers.
      const writer = await webhookApp(t.db)
      cleanups.push(() => writer.close())
      const other: Database = await openDatabase(t.url)
      const deliverer = await webhookApp(other, { webhooks: { intervalMs: POLL_MS } })
      cleanups.push(async () => {
        await deliverer.close()
        await other.close()
      })
      const sessionId = await createSession(writer.app, writer.demo, { notification_url: hook.url })
      // B's LISTEN is set up as its worker starts; the first claim at start finds nothing yet.
      await new Promise((r) => setTimeout(r, 200))
      const [event] = await enqueue(t.db, DEMO, sessionId)
      await waitFor(hook, 1)
      expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual([event?.event_id])
    },
  )
})
