// A node that dies mid-delivery (SIGKILL, power) must not stop a merchant's notifications for long: its claims
// have a short lease that only a live node renews. Two app instances share one database, as two API nodes do;
// the one that "dies" loses its database connection with its tries in flight, as a killed process does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEASE_MS } from '../../src/domain/webhooks/delivery-worker.ts'
import { TRY_CUT_SHORT, TRY_IN_FLIGHT } from '../../src/storage/event-claims.ts'
import { type Database, openDatabase } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import { createSession, DEMO, enqueue, eventsOf, type Receiver, receiver, webhookApp } from './helpers.ts'

// A database that two connections share: the SQLite file and PostgreSQL.
const sharedEngines = testEngines().filter((engine) => engine.name !== 'sqlite (memory)')

describe.each(sharedEngines)('claims of a node that dies on $name', (engine) => {
  let t: TestDatabase
  let hook: Receiver
  let release: () => void
  const cleanups: Array<() => Promise<void>> = []

  beforeEach(async () => {
    t = await engine.open()
    hook = await receiver()
    // The dying node's tries hang until the test ends.
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let hanging = 8
    hook.respond = () => (hanging-- > 0 ? { status: 200, gate } : undefined)
  })
  afterEach(async () => {
    release()
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    await hook.close()
    await t.cleanup()
  })

  /** An API node with a connection of its own and its own clock (real time, moved by the test). */
  async function node(options: { now: () => Date; renewEveryMs?: number }) {
    const db: Database = await openDatabase(t.url)
    let closed = false
    const api = await webhookApp(db, {
      now: options.now,
      // Tries that hang for longer than the test, renewed often, so the test need not wait for a renewal.
      webhooks: { timeoutMs: 600_000, renewEveryMs: options.renewEveryMs ?? 20, stopWaitMs: 0 },
    })
    const kill = async () => {
      closed = true
      await db.close()
    }
    cleanups.push(async () => {
      await api.close().catch(() => undefined)
      if (!closed) await db.close()
    })
    return { api, kill }
  }

  async function lockedUntil(eventId: string): Promise<number> {
    const row = await t.db.one<{ locked_until: string | null }>(
      'SELECT locked_until FROM events WHERE event_id = $1',
      [eventId],
    )
    return row?.locked_until ? Date.parse(row.locked_until) : 0
  }

  /** Polls `condition` until it holds: the order of events, not a duration, is what the tests assert. */
  async function until(condition: () => Promise<boolean>): Promise<void> {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  it("frees a dead node's events and its endpoint's room within a lease, and logs the try it cut", async () => {
    const t0 = Date.now()
    let clockA = new Date(t0)
    const a = await node({ now: () => clockA })
    // Nine orders of one merchant, notifying one URL: the dying node takes eight, the endpoint's room, and the
    // ninth waits.
    const sessions: string[] = []
    for (let index = 0; index < 9; index++) {
      sessions.push(await createSession(a.api.app, a.api.demo, { notification_url: hook.url }))
    }
    const written = []
    for (const sessionId of sessions) written.push(...(await enqueue(t.db, DEMO, sessionId, 1, new Date(t0))))
    void a.api.app.services.webhookDelivery.deliverDue().catch(() => undefined)
    await hook.until(() => hook.requests.length === 8)

    // Alive, the node renews its claims as time goes on, past the first lease.
    clockA = new Date(t0 + LEASE_MS - 1_000)
    const first = written[0]?.event_id ?? ''
    await until(async () => (await lockedUntil(first)) === t0 + 2 * LEASE_MS - 1_000)
    let clockB = new Date(t0 + LEASE_MS + 1_000)
    const b = await node({ now: () => clockB })
    expect(await b.api.app.services.webhookDelivery.deliverDue()).toMatchObject({ claimed: 0 })

    // Then it dies with its eight tries in flight. A lease after its last renewal, the surviving node sends
    // everything: the eight again (at least once) and the ninth, which the dead claims held back.
    await a.kill()
    clockB = new Date(t0 + 2 * LEASE_MS - 1_000 + 1)
    let delivered = 0
    for (let pass = await b.api.app.services.webhookDelivery.deliverDue(); pass.claimed > 0; ) {
      delivered += pass.delivered
      pass = await b.api.app.services.webhookDelivery.deliverDue()
    }
    expect(delivered).toBe(9)
    expect(new Set(hook.requests.slice(8).map((r) => r.headers['webhook-id']))).toEqual(
      new Set(written.map((event) => event.event_id)),
    )

    const [cut] = (await eventsOf(b.api.app, b.api.demo, sessions[0] ?? '')).json().payload
    expect(cut).toMatchObject({ status: 'delivered', attempt_count: 2 })
    expect(cut.attempts).toMatchObject([
      { status_code: null, error: TRY_CUT_SHORT },
      { status_code: 200, error: null },
    ])
    const [waited] = (await eventsOf(b.api.app, b.api.demo, sessions[8] ?? '')).json().payload
    expect(waited).toMatchObject({ status: 'delivered', attempt_count: 1 })
  }, 60_000)

  it('shows a try in flight in the delivery log, and counts it', async () => {
    const a = await node({ now: () => new Date() })
    const sessionId = await createSession(a.api.app, a.api.demo, { notification_url: hook.url })
    await enqueue(t.db, DEMO, sessionId)
    void a.api.app.services.webhookDelivery.deliverDue().catch(() => undefined)
    await hook.until(() => hook.requests.length === 1)
    const [event] = (await eventsOf(a.api.app, a.api.demo, sessionId)).json().payload
    expect(event).toMatchObject({ status: 'pending', attempt_count: 1 })
    expect(event.attempts).toMatchObject([{ status_code: null, error: TRY_IN_FLIGHT }])
  })
})
