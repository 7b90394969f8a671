import { randomUUID } from 'node:crypto'
import type { Queryable } from './types.ts'

/** A timer of the state machines; `due_at` is in the merchant's sandbox time. */
export interface Job {
  id: string
  merchant_id: string
  checkout_session_id: string
  kind: string
  due_at: string
}

interface TimerSpec {
  merchantId: string
  sessionId: string
  kind: string
  dueAt: Date
}

/**
 * The expiry timer, which every new session has, is kept on the session row (checkout_sessions.expire_at,
 * migration 0005) rather than as a jobs row, so a create writes one row. Such a timer is known by the session
 * and its due time: its job id is this prefix and the session id.
 */
export const SESSION_EXPIRY = 'expire'
const SESSION_EXPIRY_ID = 'expire:'

const isSessionExpiry = (job: Pick<Job, 'id'>) => job.id.startsWith(SESSION_EXPIRY_ID)

/** How long a claimed timer is reserved for the pass that claimed it. */
const CLAIM_MS = 60_000

/**
 * Timers live in the database so they survive a restart and any API node can run them. A session has at most
 * one pending timer of a kind: scheduling again replaces it.
 */
export const jobRepository = {
  async schedule(tx: Queryable, job: TimerSpec, now: Date): Promise<void> {
    if (job.kind === SESSION_EXPIRY) {
      await tx.run('UPDATE checkout_sessions SET expire_at = $2, expire_locked_until = NULL WHERE id = $1', [
        job.sessionId,
        job.dueAt,
      ])
      return
    }
    await this.cancel(tx, job.sessionId, job.kind, now)
    await tx.run(
      `INSERT INTO jobs (id, merchant_id, checkout_session_id, kind, due_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), job.merchantId, job.sessionId, job.kind, job.dueAt, now],
    )
  },

  async cancel(tx: Queryable, sessionId: string, kind: string, now: Date): Promise<void> {
    if (kind === SESSION_EXPIRY) {
      await tx.run(
        'UPDATE checkout_sessions SET expire_at = NULL, expire_locked_until = NULL WHERE id = $1 AND expire_at IS NOT NULL',
        [sessionId],
      )
      return
    }
    await tx.run(
      'UPDATE jobs SET done_at = $3 WHERE checkout_session_id = $1 AND kind = $2 AND done_at IS NULL',
      [sessionId, kind, now],
    )
  },

  /** Kinds of the session's timers that have not run, in alphabetical order. */
  async pendingKinds(db: Queryable, sessionId: string): Promise<string[]> {
    const rows = await db.query<{ kind: string }>(
      `SELECT kind FROM jobs WHERE checkout_session_id = $1 AND done_at IS NULL
       UNION ALL
       SELECT '${SESSION_EXPIRY}' AS kind FROM checkout_sessions WHERE id = $1 AND expire_at IS NOT NULL`,
      [sessionId],
    )
    return rows.map((row) => row.kind).sort()
  },

  /**
   * Merchants that have pending timers. One index probe per merchant (there are few merchants and many
   * timers), rather than a pass over every pending timer.
   */
  async merchantsWithPendingJobs(db: Queryable): Promise<Array<{ merchant_id: string }>> {
    return db.query(
      `SELECT m.id AS merchant_id FROM merchants m
        WHERE EXISTS (SELECT 1 FROM jobs j WHERE j.merchant_id = m.id AND j.done_at IS NULL)
           OR EXISTS (SELECT 1 FROM checkout_sessions s WHERE s.merchant_id = m.id AND s.expire_at IS NOT NULL)
        ORDER BY m.id`,
    )
  },

  /**
   * Claims the merchant's due timers of both kinds, earliest first (one order across jobs rows and session
   * expiries: an expiry due before a lender decision runs before it). Each is reserved for a minute by a
   * conditional UPDATE of its own, outside any transaction: a node that loses the race to another sees no row
   * changed and skips the timer; a timer whose row a request holds at that moment is waited for, not skipped,
   * so the clock helper still runs everything that falls due. Each claimed timer then runs in its own
   * transaction.
   */
  async claimDue(
    db: Queryable,
    merchantId: string,
    merchantNow: Date,
    realNow: Date,
    limit = 100,
  ): Promise<Job[]> {
    const lockedUntil = new Date(realNow.getTime() + CLAIM_MS)
    const candidates = await db.query<Job>(
      `SELECT id, merchant_id, checkout_session_id, kind, due_at FROM jobs
        WHERE merchant_id = $1 AND done_at IS NULL AND due_at <= $2 AND (locked_until IS NULL OR locked_until < $3)
       UNION ALL
       SELECT '${SESSION_EXPIRY_ID}' || id AS id, merchant_id, id AS checkout_session_id, '${SESSION_EXPIRY}' AS kind,
              expire_at AS due_at
         FROM checkout_sessions
        WHERE merchant_id = $1 AND expire_at IS NOT NULL AND expire_at <= $2
          AND (expire_locked_until IS NULL OR expire_locked_until < $3)
       ORDER BY due_at, id LIMIT ${Math.trunc(limit)}`,
      [merchantId, merchantNow, realNow],
    )
    const claimed: Job[] = []
    for (const job of candidates) {
      const result = isSessionExpiry(job)
        ? await db.run(
            `UPDATE checkout_sessions SET expire_locked_until = $2
              WHERE id = $1 AND expire_at = $4 AND (expire_locked_until IS NULL OR expire_locked_until < $3)`,
            [job.checkout_session_id, lockedUntil, realNow, job.due_at],
          )
        : await db.run(
            `UPDATE jobs SET locked_until = $2
              WHERE id = $1 AND done_at IS NULL AND (locked_until IS NULL OR locked_until < $3)`,
            [job.id, lockedUntil, realNow],
          )
      if (result.changes === 1) claimed.push(job)
    }
    return claimed
  },

  /** Marks a claimed timer done, unless it was replaced or cancelled meanwhile. */
  async finish(tx: Queryable, job: Job, now: Date): Promise<void> {
    if (isSessionExpiry(job)) {
      await tx.run(
        'UPDATE checkout_sessions SET expire_at = NULL, expire_locked_until = NULL WHERE id = $1 AND expire_at = $2',
        [job.checkout_session_id, job.due_at],
      )
      return
    }
    await tx.run('UPDATE jobs SET done_at = $2 WHERE id = $1 AND done_at IS NULL', [job.id, now])
  },

  /** Whether a claimed timer is still the pending one (not replaced, cancelled or run by another pass). */
  async isPending(tx: Queryable, job: Job): Promise<boolean> {
    const row = isSessionExpiry(job)
      ? await tx.one('SELECT id FROM checkout_sessions WHERE id = $1 AND expire_at = $2', [
          job.checkout_session_id,
          job.due_at,
        ])
      : await tx.one('SELECT id FROM jobs WHERE id = $1 AND done_at IS NULL', [job.id])
    return row !== undefined
  },
}
