import type { CheckoutSession, Static, WebhookEventRecordSchema, WebhookSecretSchema } from '@plazo/contract'
import { CONSTANTS } from '@plazo/contract'
import { ApiError } from '../../errors.ts'
import { type AttemptRow, type EventRow, eventRepository } from '../../storage/event-repository.ts'
import { eventStreamRepository } from '../../storage/event-stream-repository.ts'
import type { Database, Queryable } from '../../storage/index.ts'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import { sessionRepository } from '../../storage/session-repository.ts'
import type { Clock } from '../sandbox/clock.ts'
import type { CertificateStore } from './certificates.ts'
import { announceDueEvents, hasPendingEvent, lockSessions } from './outbox.ts'
import { canonicalSecret, newSigningSecret, overlapEnd } from './signature.ts'

export type WebhookEventRecord = Static<typeof WebhookEventRecordSchema>
export type WebhookSecret = Static<typeof WebhookSecretSchema>

const SECRET_OVERLAP_MS = CONSTANTS.WEBHOOK_SECRET_OVERLAP_HOURS.value * 3_600_000

function toRecord(row: EventRow, attempts: AttemptRow[]): WebhookEventRecord {
  return {
    event_id: row.event_id,
    type: row.type,
    status: row.status,
    created_at: row.created_at,
    // A pending event's next try; none once it is delivered or given up.
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    last_error: row.last_error,
    attempt_count: row.attempts,
    payload: row.payload,
    attempts: attempts.map(({ attempted_at, status_code, duration_ms, error, response_excerpt }) => ({
      attempted_at,
      status_code,
      duration_ms,
      error,
      response_excerpt,
    })),
  }
}

/**
 * What a merchant can see and do about its notifications: the delivery log of a session, redelivery, the
 * signing secret and the sandbox certificates. Every read is scoped to the caller's merchant: another
 * merchant's ids answer 404 exactly like unknown ones.
 */
export class WebhookService {
  readonly #db: Database
  readonly #now: () => Date
  readonly #clock: Clock
  readonly #certificates: CertificateStore

  constructor(options: { db: Database; now: () => Date; clock: Clock; certificates: CertificateStore }) {
    this.#db = options.db
    this.#now = options.now
    this.#clock = options.clock
    this.#certificates = options.certificates
  }

  async listEvents(merchantId: string, checkoutSessionId: string): Promise<WebhookEventRecord[]> {
    if (!(await sessionRepository.exists(this.#db, merchantId, checkoutSessionId))) {
      throw new ApiError('SESSION_NOT_FOUND', { id: checkoutSessionId })
    }
    const { events, attempts } = await eventRepository.listForSession(this.#db, merchantId, checkoutSessionId)
    const byEvent = new Map<string, AttemptRow[]>()
    for (const attempt of attempts) {
      const list = byEvent.get(attempt.event_id)
      if (list) list.push(attempt)
      else byEvent.set(attempt.event_id, [attempt])
    }
    return events.map((event) => toRecord(event, byEvent.get(event.event_id) ?? []))
  }

  /**
   * Queues an event again now, with its event_id and body and a fresh retry schedule, whatever its status. A
   * try still in flight keeps its record but no longer decides the event's status.
   */
  async redeliver(merchantId: string, eventId: string): Promise<WebhookEventRecord> {
    return this.#db.transaction(async (tx) => {
      // Whether it waits is decided under its session's lock, as the worker settles the one before it under
      // that lock (see lockSessions): the session first, then the event.
      const sessionId = await eventRepository.findSessionOf(tx, merchantId, eventId)
      if (!sessionId) throw new ApiError('EVENT_NOT_FOUND', { id: eventId })
      await lockSessions(tx, [sessionId])
      const event = await eventRepository.lock(tx, merchantId, eventId)
      if (!event) throw new ApiError('EVENT_NOT_FOUND', { id: eventId })
      // Behind an earlier event of its session still pending, it waits for that one (see enqueueEvents).
      const waits = await hasPendingEvent(tx, event.checkout_session_id, event.seq)
      await eventRepository.requeue(tx, event.seq, waits ? null : this.#now())
      if (!waits) await announceDueEvents(tx)
      // Running listeners (`plazo listen`) get it again too, whether or not the session has a URL.
      await eventStreamRepository.recordRedelivery(tx, merchantId, eventId, this.#now())
      return this.#event(tx, merchantId, eventId)
    })
  }

  /**
   * Replaces the session's `merchant.notification_url`, whatever its status. Spec §4 closes updates of a
   * captured, cancelled or expired order (PUT answers 409), but where its notifications go is not part of the
   * order: without this, a mistyped URL could never be fixed for the events of a finished order, nor for the
   * refunds still to come. The worker reads the URL at each try, so pending retries and redeliveries use it.
   */
  async setNotificationUrl(
    merchantId: string,
    checkoutSessionId: string,
    url: string,
  ): Promise<CheckoutSession> {
    return this.#db.transaction(async (tx) => {
      const stored = await sessionRepository.findForUpdate(tx, merchantId, checkoutSessionId)
      if (!stored) throw new ApiError('SESSION_NOT_FOUND', { id: checkoutSessionId })
      const now = await this.#clock.now(merchantId, tx)
      const session: CheckoutSession = {
        ...stored.document,
        merchant: { ...stored.document.merchant, notification_url: url },
        updated_at: now.toISOString(),
      }
      await sessionRepository.update(tx, session, stored.version)
      // Its pending events now go to the new URL: they count there in the in-flight bound per endpoint.
      await eventRepository.movePendingToEndpoint(tx, checkoutSessionId, url)
      return session
    })
  }

  async secret(merchantId: string): Promise<WebhookSecret> {
    const row = await merchantRepository.webhookSecret(this.#db, merchantId)
    if (!row) throw new ApiError('TOKEN_INVALID')
    const now = await this.#clock.now(merchantId)
    return {
      secret: canonicalSecret(row.webhook_secret),
      created_at: row.created_at,
      previous_secret_expires_at: overlapEnd(row.previous_webhook_secret_expires_at, now),
    }
  }

  /**
   * A new secret, effective at once for every try, retries of older events included. The one it replaces keeps
   * signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS of the merchant's sandbox clock (Standard Webhooks'
   * rotation: receivers holding either secret accept the notifications), unless `expirePreviousNow` (a leaked
   * secret). A rotation during an overlap ends it for the older secret: only the one just replaced goes on.
   */
  async rotateSecret(
    merchantId: string,
    options: { expirePreviousNow?: boolean } = {},
  ): Promise<WebhookSecret> {
    const secret = newSigningSecret()
    const createdAt = this.#now()
    return this.#db.transaction(async (tx) => {
      const current = await merchantRepository.lockWebhookSecret(tx, merchantId)
      if (current === undefined) throw new ApiError('TOKEN_INVALID')
      const until = options.expirePreviousNow
        ? null
        : new Date((await this.#clock.now(merchantId, tx)).getTime() + SECRET_OVERLAP_MS)
      await merchantRepository.replaceWebhookSecret(tx, merchantId, {
        secret,
        createdAt,
        previous: until ? current : null,
        previousUntil: until,
      })
      return {
        secret,
        created_at: createdAt.toISOString(),
        previous_secret_expires_at: until?.toISOString() ?? null,
      }
    })
  }

  /** The public half of the sandbox certificates, in PEM. */
  async certificate(which: 'ca' | 'client'): Promise<string> {
    const certificates = await this.#certificates.get()
    return certificates[which].certificate
  }

  async #event(db: Queryable, merchantId: string, eventId: string): Promise<WebhookEventRecord> {
    const found = await eventRepository.findWithAttempts(db, merchantId, eventId)
    if (!found) throw new ApiError('EVENT_NOT_FOUND', { id: eventId })
    return toRecord(found.event, found.attempts)
  }
}
