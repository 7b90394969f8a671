import type { WebhookEvent } from '@plazo/contract'
import type { Queryable } from './types.ts'

/** An event as the merchant's stream sends it: written (`redeliveryId` null) or sent again. */
export interface StreamedEventRow {
  seq: number
  /** The event_redeliveries row when this is a redelivery, else null. */
  redelivery_id: number | null
  event_id: string
  type: string
  checkout_session_id: string
  payload: WebhookEvent
  created_at: string
  /** The integration check run that made the session, if one did: its events are the run's, not the stream's. */
  integration_check_id: string | null
}

/** The run that made an event's session (`e`), through the sessions' primary key. */
const HELD =
  '(SELECT s.integration_check_id FROM checkout_sessions s WHERE s.id = e.checkout_session_id) AS integration_check_id'
const EVENT_COLUMNS = `e.seq, e.event_id, e.type, e.checkout_session_id, e.payload, e.created_at, ${HELD}`

/**
 * The merchant's event stream reads: events after a `seq`, redeliveries after an id. Both through the
 * (merchant_id, seq|id) indexes, so a poll of a quiet merchant reads one index entry.
 */
export const eventStreamRepository = {
  async eventsAfter(db: Queryable, merchantId: string, afterSeq: number, limit: number) {
    return db.query<StreamedEventRow>(
      `SELECT ${EVENT_COLUMNS}, NULL AS redelivery_id FROM events e
       WHERE e.merchant_id = $1 AND e.seq > $2 ORDER BY e.seq LIMIT $3`,
      [merchantId, afterSeq, limit],
    )
  },

  async redeliveriesAfter(db: Queryable, merchantId: string, afterId: number, limit: number) {
    return db.query<StreamedEventRow>(
      `SELECT e.seq, e.event_id, e.type, e.checkout_session_id, e.payload, r.created_at, r.id AS redelivery_id,
         ${HELD}
       FROM event_redeliveries r JOIN events e ON e.event_id = r.event_id
       WHERE r.merchant_id = $1 AND r.id > $2 ORDER BY r.id LIMIT $3`,
      [merchantId, afterId, limit],
    )
  },

  /** Every merchant's events after a `seq`, with their merchant: what a node's one stream loop reads. */
  async eventsAfterAll(db: Queryable, afterSeq: number, limit: number) {
    return db.query<StreamedEventRow & { merchant_id: string }>(
      `SELECT ${EVENT_COLUMNS}, e.merchant_id, NULL AS redelivery_id FROM events e WHERE e.seq > $1 ORDER BY e.seq LIMIT $2`,
      [afterSeq, limit],
    )
  },

  async redeliveriesAfterAll(db: Queryable, afterId: number, limit: number) {
    return db.query<StreamedEventRow & { merchant_id: string }>(
      `SELECT e.seq, e.event_id, e.type, e.checkout_session_id, e.payload, r.created_at, r.merchant_id,
         r.id AS redelivery_id, ${HELD}
       FROM event_redeliveries r JOIN events e ON e.event_id = r.event_id
       WHERE r.id > $1 ORDER BY r.id LIMIT $2`,
      [afterId, limit],
    )
  },

  /** The last event and redelivery of any merchant (0 when none). */
  async cursorNowAll(db: Queryable): Promise<{ seq: number; redelivery: number }> {
    const row = await db.one<{ seq: number | null; redelivery: number | null }>(
      'SELECT (SELECT MAX(seq) FROM events) AS seq, (SELECT MAX(id) FROM event_redeliveries) AS redelivery',
    )
    return { seq: Number(row?.seq ?? 0), redelivery: Number(row?.redelivery ?? 0) }
  },

  /** Where a stream that starts now begins: the merchant's last event and last redelivery (0 when none). */
  async cursorNow(db: Queryable, merchantId: string): Promise<{ seq: number; redelivery: number }> {
    const row = await db.one<{ seq: number | null; redelivery: number | null }>(
      `SELECT (SELECT MAX(seq) FROM events WHERE merchant_id = $1) AS seq,
         (SELECT MAX(id) FROM event_redeliveries WHERE merchant_id = $1) AS redelivery`,
      [merchantId],
    )
    return { seq: row?.seq ?? 0, redelivery: row?.redelivery ?? 0 }
  },

  /** The merchant's latest events with their delivery status: newest first, or failing ones first. */
  async latest(
    db: Queryable,
    merchantId: string,
    limit: number,
    order: 'newest' | 'failing_first' = 'newest',
  ) {
    return db.query<{
      event_id: string
      type: string
      checkout_session_id: string
      status: string
      attempts: number
      created_at: string
    }>(
      `SELECT event_id, type, checkout_session_id, status, attempts, created_at FROM events
       WHERE merchant_id = $1
       ORDER BY ${order === 'failing_first' ? "CASE WHEN status = 'failed' THEN 0 WHEN status = 'pending' AND attempts > 0 THEN 1 ELSE 2 END," : ''} seq DESC
       LIMIT $2`,
      [merchantId, limit],
    )
  },

  /** Written in the redelivery's transaction, so a stream sees it once it commits. */
  async recordRedelivery(db: Queryable, merchantId: string, eventId: string, createdAt: Date): Promise<void> {
    await db.run('INSERT INTO event_redeliveries (merchant_id, event_id, created_at) VALUES ($1, $2, $3)', [
      merchantId,
      eventId,
      createdAt,
    ])
  },
}
