// One notification at a time per session, in order, by design: whether a session's event is due is decided under
// the session's row lock, by the transactions that write events and by the worker settling the one before. The
// races below exist on PostgreSQL only (SQLite transactions run one at a time): a transaction that writes an
// event commits while the worker settles the event before it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enqueueEvents } from '../../src/domain/webhooks/outbox.ts'
import { type Database, openDatabase } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'
import {
  createSession,
  DEMO,
  enqueue,
  eventsOf,
  type Receiver,
  receiver,
  statusChangedEvent,
  type WebhookTestApp,
  webhookApp,
} from './helpers.ts'

const postgresEngines = testEngines().filter((engine) => engine.engine === 'postgres')

// A named suite even without PostgreSQL (CI's Node 24 pass runs SQLite only): a file with no suite fails.
describe.runIf(postgresEngines.length > 0)('the session lock (PostgreSQL only)', () => {
  describe.each(postgresEngines)('a session settled and written at once on $name', (engine) => {
    let t: TestDatabase
    let db: Database
    let api: WebhookTestApp
    let hook: Receiver

    beforeEach(async () => {
      t = await engine.open()
      // The worker's node has a pool of its own, so the test can hold a transaction open on t.db meanwhile.
      db = await openDatabase(t.url)
      api = await webhookApp(db)
      hook = await receiver()
    })
    afterEach(async () => {
      await api.close()
      await db.close()
      await hook.close()
      await t.cleanup()
    })

    /** Whether a backend waits for a lock that the backend `pid` holds. */
    async function waitsFor(pid: number): Promise<boolean> {
      const row = await db.one(
        'SELECT 1 AS waiting FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))',
        [pid],
      )
      return row !== undefined
    }

    async function statusOf(eventId: string): Promise<string | undefined> {
      const row = await db.one<{ status: string }>('SELECT status FROM events WHERE event_id = $1', [eventId])
      return row?.status
    }

    /** Polls `condition` until it holds: the order of events, not a duration, is what the tests assert. */
    async function until(condition: () => Promise<boolean>): Promise<void> {
      while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10))
    }

    it('sends an event written while the one before it is being settled', async () => {
      const sessionId = await createSession(api.app, api.demo, { notification_url: hook.url })
      let release: () => void = () => undefined
      hook.replies.push({ status: 200, gate: new Promise<void>((resolve) => (release = resolve)) })
      const [first] = await enqueue(t.db, DEMO, sessionId)
      const pass = api.app.services.webhookDelivery.deliverDue()
      await hook.until(() => hook.requests.length === 1)
      const second = statusChangedEvent(sessionId)
      // A transaction that writes the session's next event without holding the session itself (the lifecycle
      // holds it; the outbox must not depend on that): it finds the first event pending, so the new one waits.
      // The first one's answer arrives meanwhile; the transaction commits only once the worker has settled the
      // first event, or waits for this transaction to do so.
      await t.db.transaction(async (tx) => {
        const { pid } = (await tx.one<{ pid: number }>('SELECT pg_backend_pid() AS pid')) ?? { pid: 0 }
        await enqueueEvents(
          tx,
          [{ merchantId: DEMO, checkoutSessionId: sessionId, payload: second }],
          new Date(),
        )
        release()
        await until(
          async () => (await statusOf(first?.event_id ?? '')) === 'delivered' || (await waitsFor(pid)),
        )
      })
      await pass
      await api.app.services.webhookDelivery.deliverDue()
      expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual([first?.event_id, second.event_id])
      const listed = (await eventsOf(api.app, api.demo, sessionId)).json().payload
      expect(listed.map((e: { status: string }) => e.status)).toEqual(['delivered', 'delivered'])
    })
  })
})
