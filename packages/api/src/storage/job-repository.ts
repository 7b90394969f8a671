import { randomUUID } from 'node:crypto'
import type { Queryable, Transaction } from './types.ts'

/** A timer of the state machines; `due_at` is in the merchant's sandbox time. */
export interface Job {
  id: string
  merchant_id: string
  checkout_session_id: string
  kind: string
  due_at: string
}

/**
 * Timers live in the database so they survive a restart and any API node can run them. A session has at most
 * one pending timer of a kind: scheduling again replaces it.
 */
export const jobRepository = {
  async schedule(
    tx: Queryable,
    job: { merchantId: string; sessionId: string; kind: string; dueAt: Date },
    now: Date,
  ): Promise<void> {
    await this.cancel(tx, job.sessionId, job.kind, now)
    await this.insert(tx, job, now)
  },

  /** A first timer of its kind for the session (nothing to replace). */
  async insert(
    tx: Queryable,
    job: { merchantId: string; sessionId: string; kind: string; dueAt: Date },
    now: Date,
  ): Promise<void> {
    await tx.run(
      `INSERT INTO jobs (id, merchant_id, checkout_session_id, kind, due_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), job.merchantId, job.sessionId, job.kind, job.dueAt, now],
    )
  },

  async cancel(tx: Queryable, sessionId: string, kind: string, now: Date): Promise<void> {
    await tx.run(
      'UPDATE jobs SET done_at = $3 WHERE checkout_session_id = $1 AND kind = $2 AND done_at IS NULL',
      [sessionId, kind, now],
    )
  },

  /** Merchants that have pending timers, with their sandbox clock offset. */
  async merchantsWithPendingJobs(
    db: Queryable,
  ): Promise<Array<{ merchant_id: string; offset_minutes: number }>> {
    return db.query(
      `SELECT j.merchant_id AS merchant_id, COALESCE(MAX(c.offset_minutes), 0) AS offset_minutes
         FROM jobs j LEFT JOIN sandbox_clocks c ON c.merchant_id = j.merchant_id
        WHERE j.done_at IS NULL
        GROUP BY j.merchant_id`,
    )
  },

  /**
   * Claims the merchant's due timers: they are locked for a minute so another node skips them (SKIP LOCKED on
   * PostgreSQL; SQLite transactions run one at a time), then each is run in its own transaction.
   */
  async claimDue(
    tx: Transaction,
    merchantId: string,
    merchantNow: Date,
    realNow: Date,
    limit = 100,
  ): Promise<Job[]> {
    const jobs = await tx.queryForUpdate<Job>(
      `SELECT id, merchant_id, checkout_session_id, kind, due_at FROM jobs
        WHERE merchant_id = $1 AND done_at IS NULL AND due_at <= $2 AND (locked_until IS NULL OR locked_until < $3)
        ORDER BY due_at, id LIMIT ${Math.trunc(limit)}`,
      [merchantId, merchantNow, realNow],
      { skipLocked: true },
    )
    for (const job of jobs) {
      await tx.run('UPDATE jobs SET locked_until = $2 WHERE id = $1', [
        job.id,
        new Date(realNow.getTime() + 60_000),
      ])
    }
    return jobs
  },

  /** Marks a claimed timer done, unless it was replaced meanwhile. */
  async finish(tx: Queryable, id: string, now: Date): Promise<void> {
    await tx.run('UPDATE jobs SET done_at = $2 WHERE id = $1 AND done_at IS NULL', [id, now])
  },

  async isPending(tx: Queryable, id: string): Promise<boolean> {
    return (await tx.one('SELECT id FROM jobs WHERE id = $1 AND done_at IS NULL', [id])) !== undefined
  },
}
