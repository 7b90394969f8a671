import { randomUUID } from 'node:crypto'
import type { WebhookEvent } from '@plazo/contract'
import { eventRepository } from '../../storage/event-repository.ts'
import type { Queryable, Transaction } from '../../storage/index.ts'
import { sessionRepository } from '../../storage/session-repository.ts'
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
    await eventRepository.insert(tx, {
      merchantId: event.merchantId,
      checkoutSessionId: id,
      payload: event.payload,
      createdAt,
      nextAttemptAt: busy.has(id) ? null : createdAt,
    })
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
export function lockSessions(tx: Transaction, checkoutSessionIds: readonly string[]): Promise<void> {
  return sessionRepository.lockAll(tx, checkoutSessionIds)
}

/** Whether the session has an event not yet delivered nor given up (before the event `beforeSeq`, if given). */
export function hasPendingEvent(
  db: Queryable,
  checkoutSessionId: string,
  beforeSeq?: number,
): Promise<boolean> {
  return eventRepository.hasPending(db, checkoutSessionId, beforeSeq)
}
