import { randomUUID } from 'node:crypto'
import type { WebhookEvent } from '@plazo/contract'
import type { Queryable } from '../../storage/index.ts'

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
 * Writes events in the caller's transaction, which holds their session (the lifecycle locks it). `createdAt` is
 * real time: delivery happens in the real world, while `payload.triggered_at` is the merchant's sandbox time.
 *
 * A session's events go out one at a time, in order: only an event with no pending event before it in its
 * session is due at once; a later one is written without `next_attempt_at` (waiting) and becomes due when the
 * one before it is delivered or given up (DeliveryWorker#claimNext). Waiting events thus stay out of the due
 * index, so a session stuck behind a failing endpoint costs the worker's claims nothing, however long its queue.
 */
export async function enqueueEvents(
  tx: Queryable,
  events: readonly OutboxEvent[],
  createdAt: Date,
): Promise<void> {
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
