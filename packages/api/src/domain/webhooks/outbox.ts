import { randomUUID } from 'node:crypto'
import type { WebhookEvent } from '@plazo/contract'
import type { Queryable, Transaction } from '../../storage/index.ts'
import { EVENTS_CHANNEL, signalEventsCommitted } from './outbox-signal.ts'

/**
 * The transactional outbox: an event is written in the same transaction as the state change it reports, so
 * it can never be lost (the change commits with its event or neither does). The delivery worker sends it
 * afterwards, at least once; `event_id` is stable across attempts so merchants can drop duplicates.
 */
export interface OutboxEvent {
  merchantId: string
  checkoutSessionId: string
  payload: WebhookEvent
}

/** A new event id; used as `event_id` in the payload and as the Standard Webhooks `webhook-id`. */
export const newEventId = (): string => randomUUID()

/**
 * Writes events in the caller's transaction. `createdAt` is real time: delivery happens in the real world, while
 * `payload.triggered_at` is the merchant's sandbox time.
 *
 * A session's events go out one at a time, in order: only an event with no pending event before it in its
 * session is due at once; a later one is written without `next_attempt_at` (waiting) and becomes due when the
 * one before it is delivered or given up (DeliveryWorker#claimNext). Waiting events thus stay out of the due
 * index, so a session stuck behind a failing endpoint costs the worker's claims nothing, however long its queue.
 *
 * Whether an event waits is decided under the session's lock (see lockSessions), which the worker also takes
 * to settle an event: otherwise an event written while the one before it is being settled could be written
 * waiting, unseen by the worker looking for the session's next event, and wait for ever.
 */
export async function enqueueEvents(
  tx: Transaction,
  events: readonly OutboxEvent[],
  createdAt: Date,
): Promise<void> {
  await lockSessions(tx, [...new Set(events.map((event) => event.checkoutSessionId))])
  const busy = new Set<string>()
  for (const event of events) {
    const id = event.checkoutSessionId
    if (!busy.has(id) && (await hasPendingEvent(tx, id))) busy.add(id)
    await tx.run(
      `INSERT INTO events (event_id, merchant_id, checkout_session_id, type, payload, created_at, status, attempts, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7)`,
      [
        event.payload.event_id,
        event.merchantId,
        id,
        event.payload.event,
        event.payload,
        createdAt,
        busy.has(id) ? null : createdAt,
      ],
    )
    busy.add(id)
  }
  if (events.length > 0) await announceDueEvents(tx)
}

/**
 * Tells the delivery workers, once `tx` commits, that it made events due, so that a new event goes out within
 * milliseconds rather than at the next poll. On PostgreSQL a NOTIFY, delivered at commit (never for a
 * transaction rolled back) to every node listening in the same database and schema, this one included; SQLite
 * serves one node, told in-process.
 */
export async function announceDueEvents(tx: Transaction): Promise<void> {
  if (tx.engine === 'postgres') await tx.notify(EVENTS_CHANNEL)
  else tx.afterCommit(signalEventsCommitted)
}

/**
 * Locks the sessions' rows until `tx` ends (PostgreSQL; SQLite transactions run one at a time). Every
 * transaction that decides which of a session's events is due takes it (enqueueEvents, redelivery, and the
 * worker's settling of an event, which claims the next one), so they follow each other: the later one sees
 * what the earlier one committed. The lifecycle already holds its session; taking it again costs nothing.
 * Sorted, so two transactions locking several sessions cannot deadlock.
 */
export async function lockSessions(tx: Transaction, checkoutSessionIds: readonly string[]): Promise<void> {
  if (tx.engine !== 'postgres' || checkoutSessionIds.length === 0) return
  const ids = [...checkoutSessionIds].sort()
  await tx.queryForUpdate(
    `SELECT id FROM checkout_sessions WHERE id IN (${ids.map((_, index) => `$${index + 1}`).join(', ')}) ORDER BY id`,
    ids,
  )
}

/** Whether the session has an event not yet delivered nor given up. */
export async function hasPendingEvent(
  db: Queryable,
  checkoutSessionId: string,
  beforeSeq?: number,
): Promise<boolean> {
  const row = await db.one(
    `SELECT 1 AS pending FROM events WHERE checkout_session_id = $1 AND status = 'pending'${beforeSeq === undefined ? '' : ' AND seq < $2'} LIMIT 1`,
    beforeSeq === undefined ? [checkoutSessionId] : [checkoutSessionId, beforeSeq],
  )
  return row !== undefined
}
