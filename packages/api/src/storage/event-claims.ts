import {
  DESTINATION_COLUMNS,
  DESTINATION_JOINS,
  type DestinationRow,
  destinationOf,
} from './event-destinations.ts'
import type { Queryable, SqlParam, Transaction } from './types.ts'

// The delivery worker's claims on events (domain/webhooks/delivery-worker.ts): which events a pass takes, the
// leases that keep them, the `event_attempts` row each try starts with. Every statement is on `events` and
// `event_attempts`, plus the reads of a session's destination (event-destinations.ts).

/** `error` of a try in the delivery log while its answer has not come yet. */
export const TRY_IN_FLIGHT = 'no answer yet: the try is in progress'
/** `error` of a try whose sender stopped before recording the answer: the event is sent again. */
export const TRY_CUT_SHORT =
  'no answer recorded: the Plazo server sending it stopped; your endpoint may have received it'

export interface ClaimedRow {
  seq: number
  event_id: string
  merchant_id: string
  checkout_session_id: string
  /** The notification URL the event goes to, as last known (see claimDue); null when it has none. */
  endpoint: string | null
  /**
   * The webhook body as stored: the JSON text written with the event (bindValue's JSON.stringify), POSTed and
   * signed as it is rather than parsed and written out again at each try.
   */
  body: string
  failed_attempts: number
  /** The claim token of the run that holds the event. */
  claimed_by: string
  /** The `event_attempts` row of this try, written when it was claimed. */
  attempt_id: number
  /**
   * Where the try goes, read in the transaction that claimed the event when a run went on to its session's
   * next event (claimNext); otherwise read just before the try.
   */
  destination?: DestinationRow
}

/** A claimable row as read, with the token of its last claim when that one was never settled (it lapsed). */
export type Candidate = Omit<ClaimedRow, 'claimed_by' | 'attempt_id'> & { claimed_by: string | null }

// `payload AS body`: under a name that is not a JSON column (json-columns.ts), the text comes back unparsed.
export const CANDIDATE_COLUMNS =
  'seq, event_id, merchant_id, checkout_session_id, endpoint, payload AS body, failed_attempts, claimed_by'
/** CANDIDATE_COLUMNS of `events e`, for a query that joins other tables. */
const CANDIDATE_COLUMNS_OF_E = CANDIDATE_COLUMNS.split(', ')
  .map((column) => `e.${column}`)
  .join(', ')

const list = (count: number, from: number) =>
  Array.from({ length: count }, (_, index) => `$${index + from}`).join(', ')

/**
 * Marks `rows` claimed by `token` until `until`, and starts their tries: each gets its `event_attempts` row now
 * (shown as in progress) and counts in `attempts`, so a try cut short by a crash stays in the delivery log. The
 * unfinished try of a lapsed claim, whose node died, is marked cut short first.
 */
export async function startTries(
  tx: Transaction,
  rows: readonly Candidate[],
  token: string,
  now: Date,
  until: Date,
): Promise<ClaimedRow[]> {
  if (rows.length === 0) return []
  const seqs = rows.map((row) => row.seq)
  await tx.run(
    `UPDATE events SET locked_until = $1, claimed_by = $2, attempts = attempts + 1 WHERE seq IN (${list(seqs.length, 3)})`,
    [until, token, ...seqs],
  )
  return recordStarts(tx, rows, token, now)
}

/** The `event_attempts` rows of tries just claimed (the claim is already written). */
export async function recordStarts(
  tx: Transaction,
  rows: readonly Candidate[],
  token: string,
  now: Date,
): Promise<ClaimedRow[]> {
  const lapsed = rows.filter((row) => row.claimed_by !== null).map((row) => row.event_id)
  if (lapsed.length > 0) {
    await tx.run(
      `UPDATE event_attempts SET error = $1
       WHERE event_id IN (${list(lapsed.length, 3)}) AND error = $2 AND status_code IS NULL`,
      [TRY_CUT_SHORT, TRY_IN_FLIGHT, ...lapsed],
    )
  }
  const inserted = await tx.query<{ id: number; event_id: string }>(
    `INSERT INTO event_attempts (event_id, attempted_at, status_code, duration_ms, error)
     VALUES ${rows.map((_, index) => `($${index + 3}, $1, NULL, 0, $2)`).join(', ')}
     RETURNING id, event_id`,
    [now, TRY_IN_FLIGHT, ...rows.map((row) => row.event_id)],
  )
  const ids = new Map(inserted.map((row) => [row.event_id, row.id]))
  return rows.map((row) => ({ ...row, claimed_by: token, attempt_id: ids.get(row.event_id) ?? 0 }))
}

/** Extends the claims of the runs `tokens` still hold (a run's settled or released events are not touched). */
export async function renewClaims(db: Queryable, tokens: readonly string[], until: Date): Promise<void> {
  if (tokens.length === 0) return
  // `locked_until IS NOT NULL` reads through the small index of claimed events (events_claimed_idx).
  await db.run(
    `UPDATE events SET locked_until = $1 WHERE locked_until IS NOT NULL AND claimed_by IN (${list(tokens.length, 2)})`,
    [until, ...tokens],
  )
}

/**
 * Lets go of the events of `tokens` at once (a stopping node): free for any pass, and out of their merchants'
 * count. The token stays, so the pass that takes one records the unfinished try as cut short, unless this node
 * records its answer first.
 */
export async function releaseClaims(db: Queryable, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return
  await db.run(
    `UPDATE events SET locked_until = NULL WHERE locked_until IS NOT NULL AND claimed_by IN (${list(tokens.length, 1)})`,
    tokens,
  )
}

export interface ClaimRequest {
  token: string
  /** Read once the claim lock is held. */
  now: () => Date
  leaseMs: number
  /** Sessions claimed at most. */
  limit: number
  merchantConcurrency: number
  endpointConcurrency: number
}

export interface Claim {
  taken: ClaimedRow[]
  /** The claim found `limit` sessions. */
  full: boolean
  /** Due sessions may be left, because of the limit or of merchants without room. */
  waiting: boolean
}

/**
 * Claims the first pending event of up to `limit` sessions, where it is due and no pass holds it; never beyond
 * `endpointConcurrency` events in flight to one endpoint (a merchant's notification URL), nor
 * `merchantConcurrency` to one merchant, counted on every node. So a merchant's hanging endpoint holds only its
 * own room, and the merchant's other endpoints go on; the merchant's total keeps other merchants their share.
 */
export async function claimDue(tx: Transaction, request: ClaimRequest): Promise<Claim> {
  // Claims run one at a time across nodes (SQLite transactions already do), so each counts the events that
  // every other claim took: two nodes claiming at once cannot both fill a room. Claims are short; recording a
  // try does not take this lock.
  if (tx.engine === 'postgres') {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('plazo_webhook_claims:' || current_schema()))")
  }
  // The time is read once the lock is held: a claim that waited for it must not count as expired the leases
  // that others took meanwhile.
  const now = request.now()
  // Claimed events whose lease runs, on every node, through the small index of claimed events
  // (events_claimed_idx): a claim is cleared when its try is recorded, and lapses when its node stops renewing
  // it. Counted here rather than with GROUP BY, which SQLite would answer by scanning every event.
  const inFlight = await tx.query<{ merchant_id: string; endpoint: string | null }>(
    `SELECT merchant_id, endpoint FROM events WHERE locked_until > $1 AND status = 'pending'`,
    [now],
  )
  const rooms = new Rooms(request.merchantConcurrency, request.endpointConcurrency)
  for (const event of inFlight) rooms.count(event)
  const fullMerchants = rooms.fullMerchants()
  const fullEndpoints = rooms.fullEndpoints()
  const params: SqlParam[] = [now, request.limit]
  const placeholder = (value: SqlParam) => `$${params.push(value)}`
  // A session's first pending event only: a later one waits until the earlier ones are delivered or given
  // up. On PostgreSQL the row lock of that first event is what keeps two passes off one session: a pass
  // that finds it locked (or claimed) skips the session, since its later events are not first. Events of full
  // merchants and endpoints are left out here, so that they cannot fill the batch while others wait behind.
  const withoutFullMerchants =
    fullMerchants.length > 0 ? `AND merchant_id NOT IN (${fullMerchants.map(placeholder).join(', ')})` : ''
  const withoutFullEndpoints =
    fullEndpoints.length > 0
      ? `AND (endpoint IS NULL OR NOT (${fullEndpoints
          .map(
            (full) =>
              `(merchant_id = ${placeholder(full.merchantId)} AND endpoint = ${placeholder(full.endpoint)})`,
          )
          .join(' OR ')}))`
      : ''
  const rows = await tx.queryForUpdate<Candidate>(
    `SELECT ${CANDIDATE_COLUMNS} FROM events e
     WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
       AND NOT EXISTS (
         SELECT 1 FROM events earlier
         WHERE earlier.checkout_session_id = e.checkout_session_id AND earlier.status = 'pending'
           AND earlier.seq < e.seq
       )
       ${withoutFullMerchants}
       ${withoutFullEndpoints}
     ORDER BY next_attempt_at, seq
     LIMIT $2`,
    params,
    { skipLocked: true },
  )
  await resolveEndpoints(tx, rows)
  // One claim can find more sessions of a merchant or an endpoint than there is room for: the rest wait for a
  // later claim, which leaves them out in SQL now that their endpoint is known.
  const fits = rows.filter((row) => rooms.take(row))
  return {
    taken: await startTries(tx, fits, request.token, now, new Date(now.getTime() + request.leaseMs)),
    full: rows.length === request.limit,
    waiting:
      rows.length === request.limit ||
      fits.length < rows.length ||
      fullMerchants.length > 0 ||
      fullEndpoints.length > 0,
  }
}

/** Room left per merchant and per endpoint of a merchant, as claims take it. */
class Rooms {
  readonly #merchants = new Map<string, number>()
  readonly #endpoints = new Map<string, { merchantId: string; endpoint: string; left: number }>()
  readonly #merchantConcurrency: number
  readonly #endpointConcurrency: number

  constructor(merchantConcurrency: number, endpointConcurrency: number) {
    this.#merchantConcurrency = merchantConcurrency
    this.#endpointConcurrency = endpointConcurrency
  }

  /** Counts an event already in flight. */
  count(event: { merchant_id: string; endpoint: string | null }): void {
    this.#merchants.set(event.merchant_id, this.#merchantLeft(event.merchant_id) - 1)
    if (event.endpoint === null) return
    const key = `${event.merchant_id} ${event.endpoint}`
    const left = this.#endpoints.get(key)?.left ?? this.#endpointConcurrency
    this.#endpoints.set(key, { merchantId: event.merchant_id, endpoint: event.endpoint, left: left - 1 })
  }

  /** Counts one more event in flight when its merchant and its endpoint have room; false otherwise. */
  take(event: { merchant_id: string; endpoint: string | null }): boolean {
    if (this.#merchantLeft(event.merchant_id) <= 0) return false
    const key = `${event.merchant_id} ${event.endpoint}`
    if (event.endpoint !== null && (this.#endpoints.get(key)?.left ?? this.#endpointConcurrency) <= 0)
      return false
    this.count(event)
    return true
  }

  fullMerchants(): string[] {
    return [...this.#merchants].filter(([, left]) => left <= 0).map(([merchantId]) => merchantId)
  }

  fullEndpoints(): Array<{ merchantId: string; endpoint: string }> {
    return [...this.#endpoints.values()].filter(({ left }) => left <= 0)
  }

  #merchantLeft(merchantId: string): number {
    return this.#merchants.get(merchantId) ?? this.#merchantConcurrency
  }
}

/**
 * Fills in the endpoint of candidates that have none yet (events never tried): the session's own
 * notification_url, else its merchant's, written on the event so that later claims can leave it out while its
 * endpoint is full. Later tries keep it current (the worker writes the URL each try used).
 */
async function resolveEndpoints(tx: Transaction, rows: Candidate[]): Promise<void> {
  const unknown = rows.filter((row) => row.endpoint === null)
  if (unknown.length === 0) return
  const sessionIds = [...new Set(unknown.map((row) => row.checkout_session_id))]
  const destinations = await tx.query<{
    id: string
    document: { merchant: { notification_url?: string | null } }
    merchant_notification_url: string | null
  }>(
    `SELECT s.id, s.document, m.notification_url AS merchant_notification_url
     FROM checkout_sessions s JOIN merchants m ON m.id = s.merchant_id
     WHERE s.id IN (${list(sessionIds.length, 1)})`,
    sessionIds,
  )
  const urls = new Map(
    destinations.map((row) => [
      row.id,
      row.document.merchant.notification_url ?? row.merchant_notification_url,
    ]),
  )
  const byUrl = new Map<string, number[]>()
  for (const row of unknown) {
    const url = urls.get(row.checkout_session_id) ?? null
    if (url === null) continue
    row.endpoint = url
    byUrl.set(url, [...(byUrl.get(url) ?? []), row.seq])
  }
  for (const [url, seqs] of byUrl) {
    await tx.run(`UPDATE events SET endpoint = $1 WHERE seq IN (${list(seqs.length, 2)})`, [url, ...seqs])
  }
}

/**
 * Claims the session's first pending event for the run that just settled `previous` (in the transaction that
 * settled it, under the session's lock), when it is due and free. An event waiting behind the one just settled
 * (see enqueueEvents) becomes due from `now` whatever happens: with `take` false (the worker stops) it is only
 * made due, for another pass.
 */
export async function claimNext(
  tx: Transaction,
  previous: ClaimedRow,
  now: Date,
  leaseMs: number,
  take: boolean,
): Promise<ClaimedRow | undefined> {
  // With the destination of its try, read here rather than by a statement of its own before the try.
  const first = await tx.one<Candidate & DestinationRow & { next_attempt_at: string | null }>(
    `SELECT ${CANDIDATE_COLUMNS_OF_E}, e.next_attempt_at, ${DESTINATION_COLUMNS}
     FROM events e JOIN checkout_sessions s ON s.id = e.checkout_session_id ${DESTINATION_JOINS}
     WHERE e.checkout_session_id = $1 AND e.status = 'pending'
     ORDER BY e.seq
     LIMIT 1`,
    [previous.checkout_session_id],
  )
  if (!first) return undefined
  if (take) {
    // Made due and claimed in one statement (an event waiting behind the one just settled has no
    // next_attempt_at yet). Conditional, so a pass that claimed it meanwhile (PostgreSQL) keeps it: the row's
    // newest version decides.
    const claimed = await tx.run(
      `UPDATE events SET next_attempt_at = COALESCE(next_attempt_at, $4), locked_until = $2, claimed_by = $3,
         attempts = attempts + 1, endpoint = COALESCE(endpoint, $5)
       WHERE seq = $1 AND status = 'pending' AND COALESCE(next_attempt_at, $4) <= $4
         AND (locked_until IS NULL OR locked_until <= $4)`,
      [first.seq, new Date(now.getTime() + leaseMs), previous.claimed_by, now, previous.endpoint],
    )
    if (claimed.changes === 1) {
      // The run goes on to the same session, so to the endpoint the previous event just used (if not known
      // yet): the event counts there while in flight.
      const candidate: Candidate = {
        seq: first.seq,
        event_id: first.event_id,
        merchant_id: first.merchant_id,
        checkout_session_id: first.checkout_session_id,
        endpoint: first.endpoint ?? previous.endpoint,
        body: first.body,
        failed_attempts: first.failed_attempts,
        claimed_by: first.claimed_by,
      }
      const [next] = await recordStarts(tx, [candidate], previous.claimed_by, now)
      return next && { ...next, destination: destinationOf(first) }
    }
  }
  // Not taken (the worker stops, or another pass holds it): a waiting event is still made due, for another pass.
  if (first.next_attempt_at === null) {
    await tx.run('UPDATE events SET next_attempt_at = $2 WHERE seq = $1 AND next_attempt_at IS NULL', [
      first.seq,
      now,
    ])
  }
  return undefined
}
