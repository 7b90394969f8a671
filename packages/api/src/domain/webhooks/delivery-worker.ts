import { randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import tls from 'node:tls'
import type { CheckoutSession, NotificationAuthSchema, Static, WebhookEvent } from '@plazo/contract'
import { CONSTANTS } from '@plazo/contract'
import type { Database, Transaction } from '../../storage/index.ts'
import { retryDelayMs } from './backoff.ts'
import type { CertificateStore } from './certificates.ts'
import { DeliveryError, type PostRequest, type PostResponse, post } from './http-post.ts'
import { type OAuth2Credentials, OAuth2TokenCache, snippet } from './oauth2-tokens.ts'
import { signatureHeaders } from './signature.ts'

type NotificationAuth = Static<typeof NotificationAuthSchema>

export const USER_AGENT = 'Plazo-Webhooks/1.0'
export const DEFAULT_TIMEOUT_MS = CONSTANTS.WEBHOOK_TIMEOUT_SECONDS.value * 1000
export const DEFAULT_INTERVAL_MS = 500
export const DEFAULT_BATCH_SIZE = 32
export const DEFAULT_CONCURRENCY = 64
export const DEFAULT_MERCHANT_CONCURRENCY = CONSTANTS.WEBHOOK_MERCHANT_CONCURRENCY.value
/**
 * How long stop() waits for tries in flight before it lets go of their events (server.ts exits by force after
 * 10 s; one try may take the whole timeout, 15 s by default).
 */
export const STOP_WAIT_MS = 5_000
/** `last_error` of an event that has nowhere to go. */
export const NO_NOTIFICATION_URL = 'no notification_url'

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

interface ClaimedRow {
  event_id: string
  checkout_session_id: string
  payload: WebhookEvent
  failed_attempts: number
  /** The claim token of the run that holds the event. */
  claimed_by: string
}

interface DestinationRow {
  document: CheckoutSession
  notification_auth: NotificationAuth | null
  merchant_notification_url: string | null
  webhook_secret: string
}

interface Outcome {
  ok: boolean
  statusCode: number | null
  error: string | null
}

type Settled = 'delivered' | 'retrying' | 'failed'

const CLAIMED_COLUMNS = 'seq, event_id, merchant_id, checkout_session_id, payload, failed_attempts'

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
 * time) that mark events with a claim token and `locked_until`; POSTs happen outside any transaction. If a
 * process dies mid-delivery, the claim expires and another node sends the event again (at least once;
 * `event_id` lets merchants drop the duplicate). A state change whose transaction committed is never lost: its
 * event stays pending.
 */
export class DeliveryWorker {
  readonly #db: Database
  readonly #certificates: CertificateStore
  readonly #now: () => Date
  readonly #intervalMs: number | false
  readonly #timeoutMs: number
  readonly #batchSize: number
  readonly #concurrency: number
  readonly #merchantConcurrency: number
  readonly #random: () => number
  readonly #log: DeliveryWorkerOptions['log']
  readonly #post: (request: PostRequest) => Promise<PostResponse>
  readonly #tokens: OAuth2TokenCache
  readonly #ca: string[] | undefined
  readonly #httpAgent: http.Agent
  readonly #httpsAgent: https.Agent
  #clientCertAgent: Promise<https.Agent> | undefined
  #timer: NodeJS.Timeout | undefined
  /** Sessions being delivered on this node. */
  readonly #runs = new Set<Promise<void>>()
  /** The timer's claiming loop, while it runs. */
  #filling: Promise<void> | undefined
  /** The last claim left due sessions waiting (full batch, merchants without room): claim when a run ends. */
  #backlog = false
  #stopped = false
  /** Claim tokens of the runs in progress on this node, with how many runs share each (see stop). */
  readonly #claims = new Map<string, number>()
  readonly #stopWaitMs: number

  constructor(options: DeliveryWorkerOptions) {
    this.#db = options.db
    this.#certificates = options.certificates
    this.#now = options.now ?? (() => new Date())
    this.#intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
    this.#concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
    this.#merchantConcurrency = options.merchantConcurrency ?? DEFAULT_MERCHANT_CONCURRENCY
    this.#stopWaitMs = options.stopWaitMs ?? STOP_WAIT_MS
    this.#random = options.random ?? Math.random
    this.#log = options.log
    this.#post = options.post ?? post
    this.#ca = options.trustedCertificates?.length
      ? [...tls.rootCertificates, ...options.trustedCertificates]
      : undefined
    // Idle sockets are closed before the usual 5 s keep-alive of servers, so a reused socket is rarely one
    // the receiver is closing at that moment.
    const agentOptions = { keepAlive: true, timeout: 4_000, maxSockets: 64 }
    this.#httpAgent = new http.Agent(agentOptions)
    this.#httpsAgent = new https.Agent({ ...agentOptions, ...(this.#ca ? { ca: this.#ca } : {}) })
    this.#tokens = new OAuth2TokenCache({
      post: (request) => this.#post({ ...request, agent: this.#agentFor(request.url) }),
      timeoutMs: () => this.#timeoutMs,
      now: this.#now,
      userAgent: USER_AGENT,
    })
  }

  /** Claims now, then every `intervalMs` (unref'd: it never keeps the process alive). No-op when off. */
  start(): void {
    if (this.#intervalMs === false || this.#timer || this.#stopped) return
    this.#timer = setInterval(() => void this.#fill(), this.#intervalMs)
    this.#timer.unref()
    // A node that starts after an outage begins on the backlog at once rather than one interval later.
    void this.#fill()
  }

  /**
   * Stops claiming and waits for the sessions being delivered, at most STOP_WAIT_MS: the events of tries still
   * in flight then are let go (their claims cleared), so another node, or this one when it starts again, sends
   * them at once instead of after their lease. A receiver that answered meanwhile may get one again (at least
   * once; `event_id` tells).
   */
  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
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
      const tokens = [...this.#claims.keys()]
      await this.#db
        .run(
          `UPDATE events SET locked_until = NULL, claimed_by = NULL
           WHERE claimed_by IN (${tokens.map((_, index) => `$${index + 1}`).join(', ')})`,
          tokens,
        )
        .catch((error: unknown) => this.#log?.error({ err: error }, 'webhook claims not released at stop'))
    }
    this.#httpAgent.destroy()
    this.#httpsAgent.destroy()
    if (this.#clientCertAgent) (await this.#clientCertAgent.catch(() => undefined))?.destroy()
  }

  /**
   * One pass: claims the due sessions there is room for (up to a batch) and waits until each has sent what it
   * can. Safe to call concurrently, and beside the timer.
   */
  async deliverDue(): Promise<PassResult> {
    const result: PassResult = { claimed: 0, delivered: 0, retrying: 0, failed: 0 }
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
      }
    })()
    return this.#filling
  }

  /**
   * Delivers a claimed session's events one after another (see `#run`), tracked until it ends. Resolves with
   * the run, rejecting when it failed; a run started by the timer has its failure logged instead.
   */
  #start(first: ClaimedRow, result: PassResult | undefined, logErrors: boolean): Promise<void> {
    const run = this.#run(first, result ?? { claimed: 0, delivered: 0, retrying: 0, failed: 0 })
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
    }
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

  /** How long a claim lasts: long enough for a token request, a delivery, and both again after a 401. */
  #leaseMs(): number {
    return 4 * this.#timeoutMs + 30_000
  }

  /**
   * Claims the first pending event of up to `limit` sessions, where it is due and no pass holds it; never for a
   * merchant that already has `merchantConcurrency` events in flight. `full`: the claim found `limit` sessions;
   * `waiting`: due sessions may be left, because of the limit or of merchants without room.
   */
  async #claim(limit: number): Promise<{ taken: ClaimedRow[]; full: boolean; waiting: boolean }> {
    const token = randomUUID()
    return this.#db.transaction(async (tx) => {
      // Claims run one at a time across nodes (SQLite transactions already do), so each counts the events that
      // every other claim took: two nodes claiming at once cannot both fill a merchant's room. Claims are short;
      // recording a try does not take this lock.
      if (tx.engine === 'postgres') {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('plazo_webhook_claims:' || current_schema()))")
      }
      // The time is read once the lock is held: a claim that waited for it must not count as expired the leases
      // that others took meanwhile.
      const now = this.#now()
      // Claimed events whose lease runs, on every node, through the small index of claimed events
      // (events_claimed_idx): a claim is cleared when its try is recorded. Counted here rather than with GROUP
      // BY, which SQLite would answer by scanning every event.
      const inFlight = await tx.query<{ merchant_id: string }>(
        `SELECT merchant_id FROM events WHERE locked_until > $1 AND status = 'pending'`,
        [now],
      )
      const room = new Map<string, number>()
      for (const { merchant_id: merchantId } of inFlight) {
        room.set(merchantId, (room.get(merchantId) ?? this.#merchantConcurrency) - 1)
      }
      const withoutRoom = [...room].filter(([, left]) => left <= 0).map(([merchantId]) => merchantId)
      // A session's first pending event only: a later one waits until the earlier ones are delivered or given
      // up. On PostgreSQL the row lock of that first event is what keeps two passes off one session: a pass
      // that finds it locked (or claimed) skips the session, since its later events are not first.
      const rows = await tx.queryForUpdate<ClaimedRow & { seq: number; merchant_id: string }>(
        `SELECT ${CLAIMED_COLUMNS} FROM events e
         WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
           AND NOT EXISTS (
             SELECT 1 FROM events earlier
             WHERE earlier.checkout_session_id = e.checkout_session_id AND earlier.status = 'pending'
               AND earlier.seq < e.seq
           )
           ${withoutRoom.length > 0 ? `AND merchant_id NOT IN (${withoutRoom.map((_, index) => `$${index + 3}`).join(', ')})` : ''}
         ORDER BY next_attempt_at, seq
         LIMIT $2`,
        [now, limit, ...withoutRoom],
        { skipLocked: true },
      )
      // One claim can find more sessions of a merchant than it has room for: the rest wait for a later claim.
      const taken = rows.filter((row) => {
        const left = room.get(row.merchant_id) ?? this.#merchantConcurrency
        room.set(row.merchant_id, left - 1)
        return left > 0
      })
      if (taken.length > 0) {
        const seqs = taken.map((row) => row.seq)
        await tx.run(
          `UPDATE events SET locked_until = $1, claimed_by = $2
           WHERE seq IN (${seqs.map((_, index) => `$${index + 3}`).join(', ')})`,
          [new Date(now.getTime() + this.#leaseMs()), token, ...seqs],
        )
      }
      return {
        taken: taken.map((row) => ({ ...row, claimed_by: token })),
        full: rows.length === limit,
        waiting: rows.length === limit || taken.length < rows.length || withoutRoom.length > 0,
      }
    })
  }

  #destination(checkoutSessionId: string): Promise<DestinationRow | undefined> {
    return this.#db.one<DestinationRow>(
      `SELECT s.document, s.notification_auth, m.notification_url AS merchant_notification_url, m.webhook_secret
       FROM checkout_sessions s JOIN merchants m ON m.id = s.merchant_id
       WHERE s.id = $1`,
      [checkoutSessionId],
    )
  }

  /** Tries one claimed event once and records the outcome; `next`: the session's following event, claimed. */
  async #deliverOne(event: ClaimedRow): Promise<{ status: Settled; next: ClaimedRow | undefined }> {
    // Read at each try, not when the event was written: a corrected URL takes effect from the very next try,
    // so fixing a wrong URL and asking for a redelivery is enough.
    const destination = await this.#destination(event.checkout_session_id)
    // The session's own notification_url wins over the merchant's.
    const url = destination?.document.merchant.notification_url ?? destination?.merchant_notification_url
    if (!destination || !url) {
      // Nothing to try: waiting would keep every event of merchants without webhooks pending for ever. The
      // event stays in the log, and a redelivery after setting a URL sends it.
      return this.#db.transaction(async (tx) => {
        const given = await tx.run(
          `UPDATE events SET status = 'failed', next_attempt_at = NULL, last_error = $3, locked_until = NULL,
             claimed_by = NULL
           WHERE event_id = $1 AND claimed_by = $2`,
          [event.event_id, event.claimed_by, NO_NOTIFICATION_URL],
        )
        return { status: 'failed', next: given.changes === 1 ? await this.#claimNext(tx, event) : undefined }
      })
    }
    const started = this.#now()
    const startedAt = performance.now()
    const outcome = await this.#attempt(event, url, destination)
    const durationMs = Math.round(performance.now() - startedAt)
    return this.#record(event, started, durationMs, outcome)
  }

  async #attempt(event: ClaimedRow, rawUrl: string, destination: DestinationRow): Promise<Outcome> {
    try {
      let url: URL
      try {
        url = new URL(rawUrl)
      } catch {
        throw new DeliveryError(`notification_url ${rawUrl} is not a valid URL`)
      }
      const body = JSON.stringify(event.payload)
      const auth = destination.notification_auth
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT }
      let agent: http.Agent = this.#agentFor(url)
      let oauth: OAuth2Credentials | undefined
      if (auth && 'authorization_header' in auth) {
        headers.authorization = auth.authorization_header
        if (auth.content_type) headers['content-type'] = auth.content_type
      } else if (auth && 'url' in auth) {
        oauth = auth
      } else if (auth && 'authorization_cert' in auth && auth.authorization_cert) {
        if (url.protocol !== 'https:') {
          throw new DeliveryError('authorization_cert needs an https notification_url')
        }
        agent = await this.#clientCertificateAgent()
      }
      const send = async (accessToken?: string): Promise<PostResponse> => {
        const signed = signatureHeaders(destination.webhook_secret, event.event_id, body, this.#now())
        return this.#post({
          url,
          body,
          agent,
          timeoutMs: this.#timeoutMs,
          // A 2XX status line is the acknowledgement: a slow or broken body after it must not turn a delivery
          // into a failure that sends the notification again.
          statusDecides: true,
          headers: {
            ...headers,
            ...signed,
            ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
          },
        })
      }
      let response: PostResponse
      if (oauth) {
        const token = await this.#tokens.token(oauth)
        response = await send(token)
        if (response.statusCode === 401) {
          // The receiver no longer accepts the cached token (revoked, or expired early): one fresh token, once.
          this.#tokens.invalidate(oauth, token)
          response = await send(await this.#tokens.token(oauth))
        }
      } else {
        response = await send()
      }
      if (response.statusCode >= 200 && response.statusCode <= 299) {
        return { ok: true, statusCode: response.statusCode, error: null }
      }
      return {
        ok: false,
        statusCode: response.statusCode,
        error: `HTTP ${response.statusCode}${snippet(response.body)}`,
      }
    } catch (error) {
      if (error instanceof DeliveryError) return { ok: false, statusCode: null, error: error.message }
      throw error
    }
  }

  async #record(
    event: ClaimedRow,
    attemptedAt: Date,
    durationMs: number,
    outcome: Outcome,
  ): Promise<{ status: Settled; next: ClaimedRow | undefined }> {
    const now = this.#now()
    const failedAttempts = outcome.ok ? event.failed_attempts : event.failed_attempts + 1
    const delay = outcome.ok ? undefined : retryDelayMs(failedAttempts, this.#random)
    const status = outcome.ok ? 'delivered' : delay === undefined ? 'failed' : 'pending'
    const next = await this.#db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO event_attempts (event_id, attempted_at, status_code, duration_ms, error)
         VALUES ($1, $2, $3, $4, $5)`,
        [event.event_id, attemptedAt, outcome.statusCode, durationMs, outcome.error],
      )
      await tx.run('UPDATE events SET attempts = attempts + 1 WHERE event_id = $1', [event.event_id])
      // Only while this pass still holds the event: a redelivery asked for meanwhile keeps its new schedule.
      // delivered_at is the first acknowledgement: a redelivery that then fails does not undo it.
      const recorded = await tx.run(
        `UPDATE events SET status = $3, failed_attempts = $4, next_attempt_at = $5,
           delivered_at = COALESCE(delivered_at, $6),
           last_error = $7, locked_until = NULL, claimed_by = NULL
         WHERE event_id = $1 AND claimed_by = $2`,
        [
          event.event_id,
          event.claimed_by,
          status,
          failedAttempts,
          delay === undefined ? null : new Date(now.getTime() + delay),
          outcome.ok ? now : null,
          outcome.error,
        ],
      )
      // Delivered or given up: the session's next event may go, and this run takes it in the same transaction,
      // so no other pass can see the session free in between. A retry keeps the later events waiting.
      return recorded.changes === 1 && status !== 'pending' ? this.#claimNext(tx, event) : undefined
    })
    return { status: status === 'pending' ? 'retrying' : status, next }
  }

  /**
   * Claims the session's first pending event for the run that just settled `previous`, when it is due and free.
   * Not once the worker stops: the event is left for another pass.
   */
  async #claimNext(tx: Transaction, previous: ClaimedRow): Promise<ClaimedRow | undefined> {
    const now = this.#now()
    const first = await tx.one<ClaimedRow & { seq: number; next_attempt_at: string | null }>(
      `SELECT ${CLAIMED_COLUMNS}, next_attempt_at FROM events
       WHERE checkout_session_id = $1 AND status = 'pending'
       ORDER BY seq
       LIMIT 1`,
      [previous.checkout_session_id],
    )
    if (!first) return undefined
    // An event waiting behind the one just settled (see enqueueEvents) is due from now on, even when this
    // worker stops: another pass then finds it.
    if (first.next_attempt_at === null) {
      await tx.run('UPDATE events SET next_attempt_at = $2 WHERE seq = $1 AND next_attempt_at IS NULL', [
        first.seq,
        now,
      ])
    }
    if (this.#stopped) return undefined
    // Conditional, so a pass that claimed it meanwhile (PostgreSQL) keeps it: the row's newest version decides.
    const claimed = await tx.run(
      `UPDATE events SET locked_until = $2, claimed_by = $3
       WHERE seq = $1 AND status = 'pending' AND next_attempt_at <= $4
         AND (locked_until IS NULL OR locked_until <= $4)`,
      [first.seq, new Date(now.getTime() + this.#leaseMs()), previous.claimed_by, now],
    )
    return claimed.changes === 1 ? { ...first, claimed_by: previous.claimed_by } : undefined
  }

  #agentFor(url: URL): http.Agent {
    return url.protocol === 'https:' ? this.#httpsAgent : this.#httpAgent
  }

  #clientCertificateAgent(): Promise<https.Agent> {
    this.#clientCertAgent ??= this.#certificates.get().then(
      ({ client }) =>
        new https.Agent({
          keepAlive: true,
          timeout: 4_000,
          maxSockets: 64,
          ...(this.#ca ? { ca: this.#ca } : {}),
          // The chain up to (not including) the root the receiver trusts: here just the client certificate.
          cert: client.certificate,
          key: client.privateKey,
        }),
    )
    this.#clientCertAgent.catch(() => {
      this.#clientCertAgent = undefined
    })
    return this.#clientCertAgent
  }
}
