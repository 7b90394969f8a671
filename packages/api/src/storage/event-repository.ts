import type { WebhookEvent } from '@plazo/contract'
import type { Queryable, Transaction } from './types.ts'

// The webhook events of the outbox (`events`) and their delivery log (`event_attempts`), apart from the worker's
// claims (event-claims.ts): what the lifecycle writes, what a merchant reads and redelivers, how a try is
// settled. What an event means and when it is due is decided in domain/webhooks; this file only reads and
// writes the rows.

/** An event as the delivery log shows it. */
export interface EventRow {
  event_id: string
  type: WebhookEvent['event']
  status: 'pending' | 'delivered' | 'failed'
  created_at: string
  next_attempt_at: string | null
  delivered_at: string | null
  last_error: string | null
  attempts: number
  payload: WebhookEvent
}

/** One try of an event, as the delivery log shows it. */
export interface AttemptRow {
  event_id: string
  attempted_at: string
  status_code: number | null
  duration_ms: number
  error: string | null
  response_excerpt: string | null
}

/** A new event of the outbox; `nextAttemptAt` null while it waits behind an earlier event of its session. */
export interface NewEvent {
  merchantId: string
  checkoutSessionId: string
  payload: WebhookEvent
  createdAt: Date
  nextAttemptAt: Date | null
}

/** The answer a try got, written on the event that holds the claim. */
export interface TryOutcome {
  eventId: string
  claimedBy: string
  status: 'pending' | 'delivered' | 'failed'
  failedAttempts: number
  nextAttemptAt: Date | null
  /** Set once: the first acknowledgement. */
  deliveredAt: Date | null
  lastError: string | null
  /** The URL the try used (the event moves to it); null keeps the one known. */
  endpoint: string | null
}

const EVENT_COLUMNS =
  'event_id, type, status, created_at, next_attempt_at, delivered_at, last_error, attempts, payload'

export const eventRepository = {
  async insert(tx: Queryable, event: NewEvent): Promise<void> {
    await tx.run(
      `INSERT INTO events (event_id, merchant_id, checkout_session_id, type, payload, created_at, status, attempts, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7)`,
      [
        event.payload.event_id,
        event.merchantId,
        event.checkoutSessionId,
        event.payload.event,
        event.payload,
        event.createdAt,
        event.nextAttemptAt,
      ],
    )
  },

  /** Whether the session has an event not yet delivered nor given up (before `beforeSeq`, when given). */
  async hasPending(db: Queryable, checkoutSessionId: string, beforeSeq?: number): Promise<boolean> {
    const row = await db.one(
      `SELECT 1 AS pending FROM events WHERE checkout_session_id = $1 AND status = 'pending'${beforeSeq === undefined ? '' : ' AND seq < $2'} LIMIT 1`,
      beforeSeq === undefined ? [checkoutSessionId] : [checkoutSessionId, beforeSeq],
    )
    return row !== undefined
  },

  /** A session's events in order, with every try of each, oldest first. */
  async listForSession(
    db: Queryable,
    merchantId: string,
    checkoutSessionId: string,
  ): Promise<{ events: EventRow[]; attempts: AttemptRow[] }> {
    const events = await db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE checkout_session_id = $1 AND merchant_id = $2 ORDER BY seq`,
      [checkoutSessionId, merchantId],
    )
    const attempts = await db.query<AttemptRow>(
      `SELECT a.event_id, a.attempted_at, a.status_code, a.duration_ms, a.error, a.response_excerpt
       FROM event_attempts a JOIN events e ON e.event_id = a.event_id
       WHERE e.checkout_session_id = $1 AND e.merchant_id = $2
       ORDER BY a.id`,
      [checkoutSessionId, merchantId],
    )
    return { events, attempts }
  },

  /** One of the merchant's events and its tries; undefined for an unknown one or another merchant's. */
  async findWithAttempts(
    db: Queryable,
    merchantId: string,
    eventId: string,
  ): Promise<{ event: EventRow; attempts: AttemptRow[] } | undefined> {
    const event = await db.one<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = $1 AND merchant_id = $2`,
      [eventId, merchantId],
    )
    if (!event) return undefined
    const attempts = await db.query<AttemptRow>(
      'SELECT event_id, attempted_at, status_code, duration_ms, error, response_excerpt FROM event_attempts WHERE event_id = $1 ORDER BY id',
      [eventId],
    )
    return { event, attempts }
  },

  /** The session of one of the merchant's events. */
  async findSessionOf(tx: Queryable, merchantId: string, eventId: string): Promise<string | undefined> {
    const found = await tx.one<{ checkout_session_id: string }>(
      'SELECT checkout_session_id FROM events WHERE event_id = $1 AND merchant_id = $2',
      [eventId, merchantId],
    )
    return found?.checkout_session_id
  },

  /** One of the merchant's events, locked until the transaction ends (PostgreSQL). */
  async lock(
    tx: Transaction,
    merchantId: string,
    eventId: string,
  ): Promise<{ seq: number; checkout_session_id: string } | undefined> {
    return tx.oneForUpdate<{ seq: number; checkout_session_id: string }>(
      'SELECT seq, checkout_session_id FROM events WHERE event_id = $1 AND merchant_id = $2',
      [eventId, merchantId],
    )
  },

  /**
   * Queues an event again with a fresh retry schedule, whatever its status: due at `nextAttemptAt`, or waiting
   * (null). A claim on it no longer counts.
   */
  async requeue(tx: Queryable, seq: number, nextAttemptAt: Date | null): Promise<void> {
    await tx.run(
      `UPDATE events SET status = 'pending', next_attempt_at = $2, failed_attempts = 0, locked_until = NULL,
         claimed_by = NULL
       WHERE seq = $1`,
      [seq, nextAttemptAt],
    )
  },

  /** The session's pending events now go to `url` (they count there in the in-flight bound per endpoint). */
  async movePendingToEndpoint(tx: Queryable, checkoutSessionId: string, url: string): Promise<void> {
    await tx.run(`UPDATE events SET endpoint = $2 WHERE checkout_session_id = $1 AND status = 'pending'`, [
      checkoutSessionId,
      url,
    ])
  },

  /**
   * Takes back a try that sent nothing (its `event_attempts` row and its count) and gives the event up with
   * `error`, if `claimedBy` still holds it; says whether it did.
   */
  async giveUpUntried(
    tx: Queryable,
    event: { eventId: string; attemptId: number; claimedBy: string },
    error: string,
  ): Promise<boolean> {
    await tx.run('DELETE FROM event_attempts WHERE id = $1', [event.attemptId])
    await tx.run('UPDATE events SET attempts = attempts - 1 WHERE event_id = $1', [event.eventId])
    const given = await tx.run(
      `UPDATE events SET status = 'failed', next_attempt_at = NULL, last_error = $3, locked_until = NULL,
         claimed_by = NULL
       WHERE event_id = $1 AND claimed_by = $2`,
      [event.eventId, event.claimedBy, error],
    )
    return given.changes === 1
  },

  /** Writes the answer of a try on its `event_attempts` row (started when it was claimed). */
  async recordAttempt(
    tx: Queryable,
    attemptId: number,
    answer: {
      attemptedAt: Date
      statusCode: number | null
      durationMs: number
      error: string | null
      responseExcerpt: string | null
    },
  ): Promise<void> {
    await tx.run(
      `UPDATE event_attempts SET attempted_at = $2, status_code = $3, duration_ms = $4, error = $5,
         response_excerpt = $6 WHERE id = $1`,
      [
        attemptId,
        answer.attemptedAt,
        answer.statusCode,
        answer.durationMs,
        answer.error,
        answer.responseExcerpt,
      ],
    )
  },

  /**
   * Settles the event a try was for, only while `claimedBy` still holds it (a redelivery asked for meanwhile
   * keeps its new schedule); says whether it did. delivered_at keeps the first acknowledgement.
   */
  async settle(tx: Queryable, outcome: TryOutcome): Promise<boolean> {
    const recorded = await tx.run(
      `UPDATE events SET status = $3, failed_attempts = $4, next_attempt_at = $5,
           delivered_at = COALESCE(delivered_at, $6),
           last_error = $7, locked_until = NULL, claimed_by = NULL, endpoint = COALESCE($8, endpoint)
         WHERE event_id = $1 AND claimed_by = $2`,
      [
        outcome.eventId,
        outcome.claimedBy,
        outcome.status,
        outcome.failedAttempts,
        outcome.nextAttemptAt,
        outcome.deliveredAt,
        outcome.lastError,
        outcome.endpoint,
      ],
    )
    return recorded.changes === 1
  },
}
