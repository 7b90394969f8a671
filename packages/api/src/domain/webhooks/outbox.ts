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
 * Writes events in the caller's transaction. `createdAt` is real time: delivery happens in the real world,
 * while `payload.triggered_at` is the merchant's sandbox time.
 */
export async function enqueueEvents(
  tx: Queryable,
  events: readonly OutboxEvent[],
  createdAt: Date,
): Promise<void> {
  for (const event of events) {
    await tx.run(
      `INSERT INTO events (event_id, merchant_id, checkout_session_id, type, payload, created_at, status, attempts, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $6)`,
      [
        event.payload.event_id,
        event.merchantId,
        event.checkoutSessionId,
        event.payload.event,
        event.payload,
        createdAt,
      ],
    )
  }
}
