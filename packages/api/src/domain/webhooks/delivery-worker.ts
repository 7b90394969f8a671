import { randomUUID } from 'node:crypto'
import { CONSTANTS } from '@plazo/contract'
import {
  type ClaimedRow,
  claimDue,
  claimNext,
  releaseClaims,
  renewClaims,
} from '../../storage/event-claims.ts'
import { type DestinationRow, readDestination } from '../../storage/event-destinations.ts'
import { eventRepository } from '../../storage/event-repository.ts'
import type { Database, Transaction } from '../../storage/index.ts'
import { nextTryDelayMs } from './backoff.ts'
import type { CertificateStore } from './certificates.ts'
import type { PostRequest, PostResponse } from './http-post.ts'
import { lockSessions } from './outbox.ts'
import { EVENTS_CHANNEL, onEventsCommitted } from './outbox-signal.ts'
import { NotificationSender, type Outcome } from './sender.ts'
import { overlapEnd } from './signature.ts'

export { USER_AGENT } from './sender.ts'
/**
 * How long a claim lasts unless its node renews it. A node that dies (SIGKILL, power) stops renewing, and its
 * events are free again at most this long after: its merchants' room too, which the dead claims would otherwise
 * fill on every node.
 */
export const LEASE_MS = 10_000
/**
 * How often a node renews the claims of its tries in flight: three renewals fit in a lease, so one slow or lost
 * renewal does not let a live try's claim lapse. A try may last longer than the lease (the 15 s timeout, a token
 * request, a retry after a 401): the renewals cover it.
 */
export const RENEW_EVERY_MS = 3_000

export const DEFAULT_TIMEOUT_MS = CONSTANTS.WEBHOOK_TIMEOUT_SECONDS.value * 1000
export const DEFAULT_INTERVAL_MS = 500
export const DEFAULT_BATCH_SIZE = 32
export const DEFAULT_CONCURRENCY = 64
export const DEFAULT_MERCHANT_CONCURRENCY = CONSTANTS.WEBHOOK_MERCHANT_CONCURRENCY.value
export const DEFAULT_ENDPOINT_CONCURRENCY = CONSTANTS.WEBHOOK_ENDPOINT_CONCURRENCY.value
/**
 * How long stop() waits for tries in flight before it lets go of their events (server.ts exits by force after
 * 10 s; one try may take the whole timeout, 15 s by default).
 */
export const STOP_WAIT_MS = 5_000
/** `last_error` of an event that has nowhere to go. */
export const NO_NOTIFICATION_URL = 'no notification_url'
/** The `last_error` of the events of a session an integration check made: the check sends them itself. */
export const HELD_BY_INTEGRATION_CHECK =
  'sent by the integration check that made this session, not by the outbox'

export interface DeliveryWorkerOptions {
  db: Database
  certificates: CertificateStore
  /** Real time: retries follow the real world, never the sandbox clock. Injectable for tests. */
  now?: () => Date
  /** Milliseconds between claims, or false for no timer (tests call `deliverDue()` themselves). */
  intervalMs?: number | false
  /** Deadline of one HTTP exchange (default 15 s). */
  timeoutMs?: number
  /** Sessions claimed at most by one claim. */
  batchSize?: number
  /** Sessions this node delivers at once (each sends its events one at a time). */
  concurrency?: number
  /** Events of one merchant in flight at once, counted over every node sharing the database. */
  merchantConcurrency?: number
  /** Events to one endpoint (a merchant's notification URL) in flight at once, over every node. */
  endpointConcurrency?: number
  /** How long a claim lasts unless renewed (default LEASE_MS). */
  leaseMs?: number
  /** How often a node renews the claims of its tries in flight (default RENEW_EVERY_MS). */
  renewEveryMs?: number
  /** How long stop() waits for tries in flight (default STOP_WAIT_MS). */
  stopWaitMs?: number
  /** Jitter source in [0, 1); injectable for tests. */
  random?: () => number
  /** Extra CA certificates (PEM) trusted for receivers' TLS server certificates, besides the system ones. */
  trustedCertificates?: readonly string[]
  log?: { error(object: object, message: string): void }
  /** The HTTP client; replaced only by tests that need to observe requests. */
  post?: (request: PostRequest) => Promise<PostResponse>
}

export interface PassResult {
  /** Events this pass took: the first due event of each session it claimed, and those that followed them. */
  claimed: number
  delivered: number
  /** Tries that failed and were scheduled again. */
  retrying: number
  /** Events given up (`failed`): schedule used up, or no notification_url. */
  failed: number
}

const emptyResult = (): PassResult => ({ claimed: 0, delivered: 0, retrying: 0, failed: 0 })

type Settled = 'delivered' | 'retrying' | 'failed'

/**
 * Delivers the webhook outbox (table `events`).
 *
 * Order: the events of a session go out one at a time, in the order they were written (`seq`). Only a session's
 * first pending event can be claimed; once it is delivered or given up, the same transaction that records it
 * claims the next one, and the run goes on. A failed try ends the run: the later events wait for its retry.
 *
 * Isolation: each claimed session runs on its own, and the timer claims more as soon as there is room, never
 * waiting for a slow receiver (at most `concurrency` sessions per node). A merchant is not claimed for while it
 * has `merchantConcurrency` events in flight on any node, so one dead or slow endpoint holds only that many.
 *
 * Claims are short transactions (`FOR UPDATE SKIP LOCKED` on PostgreSQL; SQLite transactions run one at a
 * time) that mark events with a claim token and a short lease (`locked_until`), which the node renews while its
 * tries are in flight; POSTs happen outside any transaction. If a process dies mid-delivery, its leases lapse
 * within LEASE_MS and another node sends the event again (at least once; `event_id` lets merchants drop the
 * duplicate), the cut try staying in the delivery log. A state change whose transaction committed is never lost:
 * its event stays pending.
 */
export class DeliveryWorker {
  readonly #db: Database
  readonly #now: () => Date
  readonly #intervalMs: number | false
  readonly #batchSize: number
  readonly #concurrency: number
  readonly #merchantConcurrency: number
  readonly #endpointConcurrency: number
  readonly #leaseMs: number
  readonly #renewEveryMs: number
  readonly #random: () => number
  readonly #log: DeliveryWorkerOptions['log']
  readonly #sender: NotificationSender
  #timer: NodeJS.Timeout | undefined
  /** Renews the claims of this node's runs while there are any. */
  #renewer: NodeJS.Timeout | undefined
  /** Sessions being delivered on this node. */
  readonly #runs = new Set<Promise<void>>()
  /** The timer's claiming loop, while it runs. */
  #filling: Promise<void> | undefined
  /** The last claim left due sessions waiting (full batch, merchants without room): claim when a run ends. */
  #backlog = false
  #stopped = false
  /** A wake-up came while claiming: claim again once done, it may have missed the events just committed. */
  #wakeAgain = false
  /** What start() subscribed to: the commit signal and the PostgreSQL LISTEN. */
  readonly #unsubscribe: Array<() => unknown> = []
  /** Claim tokens of the runs in progress on this node, with how many runs share each (see stop). */
  readonly #claims = new Map<string, number>()
  readonly #stopWaitMs: number

  constructor(options: DeliveryWorkerOptions) {
    this.#db = options.db
    this.#now = options.now ?? (() => new Date())
    this.#intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
    this.#concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
    this.#merchantConcurrency = options.merchantConcurrency ?? DEFAULT_MERCHANT_CONCURRENCY
    this.#endpointConcurrency = options.endpointConcurrency ?? DEFAULT_ENDPOINT_CONCURRENCY
    this.#stopWaitMs = options.stopWaitMs ?? STOP_WAIT_MS
    this.#leaseMs = options.leaseMs ?? LEASE_MS
    this.#renewEveryMs = options.renewEveryMs ?? RENEW_EVERY_MS
    this.#random = options.random ?? Math.random
    this.#log = options.log
    this.#sender = new NotificationSender({
      certificates: options.certificates,
      now: this.#now,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      trustedCertificates: options.trustedCertificates,
      post: options.post,
    })
  }

  /**
   * Claims now, then whenever a transaction that made events due commits (on this node, or on any node with
   * PostgreSQL), and every `intervalMs` as a safety net (unref'd: it never keeps the process alive). No-op when
   * off.
   */
  start(): void {
    if (this.#intervalMs === false || this.#timer || this.#stopped) return
    this.#timer = setInterval(() => void this.#fill(), this.#intervalMs)
    this.#timer.unref()
    this.#unsubscribe.push(onEventsCommitted(() => this.#wake()))
    // Another schema's commit (sandboxes sharing a database) wakes it too: a claim that finds nothing.
    void this.#db
      .listen(EVENTS_CHANNEL, () => this.#wake())
      .then((stop) => {
        if (this.#stopped) void stop()
        else this.#unsubscribe.push(stop)
      })
    // A node that starts after an outage begins on the backlog at once rather than one interval later.
    void this.#fill()
  }

  /**
   * Stops claiming and waits for the sessions being delivered, at most STOP_WAIT_MS: the events of tries still
   * in flight then are let go (their leases ended), so another node, or this one when it starts again, sends
   * them at once instead of after their lease. A receiver that answered meanwhile may get one again (at least
   * once; `event_id` tells).
   */
  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
    await Promise.all(this.#unsubscribe.splice(0).map((stop) => stop()))
    await this.#filling
    let waited: NodeJS.Timeout | undefined
    const finished = await Promise.race([
      Promise.all(this.#runs).then(() => true),
      new Promise<false>((resolve) => {
        waited = setTimeout(() => resolve(false), this.#stopWaitMs)
      }),
    ])
    clearTimeout(waited)
    if (!finished && this.#claims.size > 0) {
      await releaseClaims(this.#db, [...this.#claims.keys()]).catch((error: unknown) =>
        this.#log?.error({ err: error }, 'webhook claims not released at stop'),
      )
    }
    clearInterval(this.#renewer)
    this.#renewer = undefined
    await this.#sender.destroy()
  }

  /**
   * One pass: claims the due sessions there is room for (up to a batch) and waits until each has sent what it
   * can. Safe to call concurrently, and beside the timer.
   */
  async deliverDue(): Promise<PassResult> {
    const result = emptyResult()
    const room = Math.min(this.#batchSize, this.#concurrency - this.#runs.size)
    if (room <= 0) return result
    const { taken } = await this.#claim(room)
    await Promise.all(taken.map((event) => this.#start(event, result, false)))
    return result
  }

  /**
   * The timer's work: claim while there is room and due sessions are left, start each session and move on. A
   * run that ends makes room, and claims again at once when sessions were left waiting.
   */
  #fill(): Promise<void> {
    if (this.#filling || this.#stopped) return this.#filling ?? Promise.resolve()
    this.#filling = (async () => {
      try {
        while (!this.#stopped) {
          const room = Math.min(this.#batchSize, this.#concurrency - this.#runs.size)
          if (room <= 0) {
            this.#backlog = true
            break
          }
          const { taken, full, waiting } = await this.#claim(room)
          this.#backlog = waiting
          for (const event of taken) void this.#start(event, undefined, true)
          // Again at once only while claims fill up; sessions left for want of a merchant's room are claimed
          // when one of that merchant's runs ends (#backlog), not by spinning here.
          if (!full || taken.length === 0) break
        }
      } catch (error) {
        this.#log?.error({ err: error }, 'webhook delivery claim failed')
      } finally {
        this.#filling = undefined
        if (this.#wakeAgain) {
          this.#wakeAgain = false
          void this.#fill()
        }
      }
    })()
    return this.#filling
  }

  /** New due events were committed: claim now, or right after the claim in progress. */
  #wake(): void {
    if (!this.#timer || this.#stopped) return
    if (this.#filling) this.#wakeAgain = true
    else void this.#fill()
  }

  /**
   * Delivers a claimed session's events one after another (see `#run`), tracked until it ends. Resolves with
   * the run, rejecting when it failed; a run started by the timer has its failure logged instead.
   */
  #start(first: ClaimedRow, result: PassResult | undefined, logErrors: boolean): Promise<void> {
    const run = this.#run(first, result ?? emptyResult())
    const tracked: Promise<void> = run
      .catch((error: unknown) => {
        if (logErrors) this.#log?.error({ err: error }, 'webhook delivery failed')
      })
      .finally(() => {
        this.#runs.delete(tracked)
        if (this.#backlog && this.#timer) void this.#fill()
      })
    this.#runs.add(tracked)
    return logErrors ? tracked : run
  }

  async #run(first: ClaimedRow, result: PassResult): Promise<void> {
    let event: ClaimedRow | undefined = first
    result.claimed++
    const token = first.claimed_by
    this.#claims.set(token, (this.#claims.get(token) ?? 0) + 1)
    this.#renewer ??= setInterval(() => void this.#renew(), this.#renewEveryMs).unref()
    try {
      while (event) {
        const { status, next } = await this.#deliverOneOrRecord(event)
        result[status]++
        if (next) result.claimed++
        event = next
      }
    } finally {
      // Runs of one claim share its token: it stays while any of them goes on.
      const left = (this.#claims.get(token) ?? 1) - 1
      if (left > 0) this.#claims.set(token, left)
      else this.#claims.delete(token)
      if (this.#claims.size === 0) {
        clearInterval(this.#renewer)
        this.#renewer = undefined
      }
    }
  }

  /**
   * Extends the leases of this node's tries in flight: a live node keeps its events however long a try takes,
   * a dead one lets them go within a lease. A renewal that fails is logged; the next one may succeed in time.
   */
  async #renew(): Promise<void> {
    const tokens = [...this.#claims.keys()]
    const until = new Date(this.#now().getTime() + this.#leaseMs)
    await renewClaims(this.#db, tokens, until).catch((error: unknown) =>
      this.#log?.error({ err: error }, 'webhook claims not renewed'),
    )
  }

  /**
   * #deliverOne, where a failure of Plazo's own (the database, a bug) rather than of the receiver is recorded as a
   * failed try with its error: the event keeps its retry schedule and its merchant's room is freed at once,
   * where it would otherwise stay claimed, with nothing in its log, until the lease ran out.
   */
  async #deliverOneOrRecord(event: ClaimedRow): Promise<{ status: Settled; next: ClaimedRow | undefined }> {
    try {
      return await this.#deliverOne(event)
    } catch (error) {
      this.#log?.error({ err: error, event_id: event.event_id }, 'webhook delivery failed in Plazo')
      const message = error instanceof Error ? error.message : String(error)
      return this.#record(event, this.#now(), 0, {
        ok: false,
        statusCode: null,
        error: `Plazo could not send the notification: ${message}`,
      })
    }
  }

  /**
   * Claims the first pending event of up to `limit` sessions, where it is due and no pass holds it, within
   * their merchants' room (see claimDue).
   */
  #claim(limit: number): Promise<{ taken: ClaimedRow[]; full: boolean; waiting: boolean }> {
    const token = randomUUID()
    return this.#db.transaction((tx) =>
      claimDue(tx, {
        token,
        now: this.#now,
        leaseMs: this.#leaseMs,
        limit,
        merchantConcurrency: this.#merchantConcurrency,
        endpointConcurrency: this.#endpointConcurrency,
      }),
    )
  }

  /** Tries one claimed event once and records the outcome; `next`: the session's following event, claimed. */
  async #deliverOne(event: ClaimedRow): Promise<{ status: Settled; next: ClaimedRow | undefined }> {
    // Read at each try, not when the event was written: a corrected URL takes effect from the very next try,
    // so fixing a wrong URL and asking for a redelivery is enough.
    const destination = event.destination ?? (await readDestination(this.#db, event.checkout_session_id))
    // The session's own notification_url wins over the merchant's.
    const ownUrl = destination?.document.merchant.notification_url
    const url = ownUrl ?? destination?.merchant_notification_url
    // A session an integration check made for itself: the check sends its notifications, signed its own ways
    // (forged, stale, twice…), and the handler under test must see nothing else about it.
    const heldByCheck = destination?.integration_check_id ? HELD_BY_INTEGRATION_CHECK : undefined
    if (!destination || !url || heldByCheck) {
      // Nothing to try: waiting would keep every event of merchants without webhooks pending for ever. The
      // event stays in the log, and a redelivery after setting a URL sends it. The try the claim started is
      // taken back: nothing was sent.
      return this.#db.transaction(async (tx) => {
        // Settling an event decides whether the session's next one is due: under the session's lock.
        await lockSessions(tx, [event.checkout_session_id])
        const given = await eventRepository.giveUpUntried(
          tx,
          { eventId: event.event_id, attemptId: event.attempt_id, claimedBy: event.claimed_by },
          heldByCheck ?? NO_NOTIFICATION_URL,
        )
        const next = given ? await this.#claimNext(tx, event) : undefined
        return { status: 'failed' as const, next }
      })
    }
    const started = this.#now()
    const startedAt = performance.now()
    const outcome = await this.#sender.send(event.event_id, event.body, {
      url,
      // The session's notification_auth when it gave one. Else, towards the merchant's URL, the merchant's: the
      // account's credentials go with the account's URL, and never to a URL a session names.
      auth: destination.notification_auth ?? (ownUrl ? null : destination.merchant_notification_auth),
      secrets: this.#secrets(destination),
    })
    const durationMs = Math.round(performance.now() - startedAt)
    return this.#record({ ...event, endpoint: url }, started, durationMs, outcome)
  }

  /**
   * The secrets that sign a try: the current one, and the one a rotation replaced while its overlap lasts on
   * the merchant's sandbox clock (see WebhookService.rotateSecret).
   */
  #secrets(destination: DestinationRow): string[] {
    const sandboxNow = new Date(this.#now().getTime() + (destination.offset_minutes ?? 0) * 60_000)
    const previous = destination.previous_webhook_secret
    const overlap = overlapEnd(destination.previous_webhook_secret_expires_at, sandboxNow)
    return previous && overlap ? [destination.webhook_secret, previous] : [destination.webhook_secret]
  }

  async #record(
    event: ClaimedRow,
    attemptedAt: Date,
    durationMs: number,
    outcome: Outcome,
  ): Promise<{ status: Settled; next: ClaimedRow | undefined }> {
    const now = this.#now()
    const failedAttempts = outcome.ok ? event.failed_attempts : event.failed_attempts + 1
    const delay =
      outcome.ok || outcome.gone ? undefined : nextTryDelayMs(failedAttempts, outcome, this.#random)
    const status = outcome.ok ? 'delivered' : delay === undefined ? 'failed' : 'pending'
    const next = await this.#db.transaction(async (tx) => {
      // Settling an event decides whether the session's next one is due, as enqueueEvents and redelivery do
      // for the events they write: all under the session's lock, so none misses what another just committed.
      await lockSessions(tx, [event.checkout_session_id])
      // The try's row, written when it was claimed (and counted in `attempts` then), gets its answer; even
      // when another pass took the event over meanwhile, since this try did happen.
      await eventRepository.recordAttempt(tx, event.attempt_id, {
        attemptedAt,
        statusCode: outcome.statusCode,
        durationMs,
        error: outcome.error,
        responseExcerpt: outcome.responseExcerpt ?? null,
      })
      // Only while this pass still holds the event: a redelivery asked for meanwhile keeps its new schedule.
      // delivered_at is the first acknowledgement: a redelivery that then fails does not undo it.
      const recorded = await eventRepository.settle(tx, {
        eventId: event.event_id,
        claimedBy: event.claimed_by,
        status,
        failedAttempts,
        nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay),
        deliveredAt: outcome.ok ? now : null,
        lastError: outcome.error,
        // The URL this try used: read at each try, so a corrected URL moves the event to its new endpoint.
        endpoint: event.endpoint,
      })
      // Delivered or given up: the session's next event may go, and this run takes it in the same transaction,
      // so no other pass can see the session free in between. A retry keeps the later events waiting.
      return recorded && status !== 'pending' ? this.#claimNext(tx, event) : undefined
    })
    return { status: status === 'pending' ? 'retrying' : status, next }
  }

  /**
   * Claims the session's next event for the run that just settled `previous`. Not once the worker stops: the
   * event is only made due, for another pass.
   */
  #claimNext(tx: Transaction, previous: ClaimedRow): Promise<ClaimedRow | undefined> {
    return claimNext(tx, previous, this.#now(), this.#leaseMs, !this.#stopped)
  }
}
