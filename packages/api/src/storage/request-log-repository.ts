import { createHash } from 'node:crypto'
import { decodeCalls, encodeCalls, keepNewest, type NewCall, type StoredCall } from './request-log-batch.ts'
import type { Queryable } from './types.ts'

export type { NewCall, StoredCall } from './request-log-batch.ts'

/** The calls of one merchant that one flush writes, oldest first, and the bodies they name. */
export interface NewBatch {
  merchantId: string
  calls: NewCall[]
  /** Each body the calls name, by hash. */
  bodies: ReadonlyMap<string, string>
}

/** A batch as read back: its calls, oldest first. */
export interface StoredBatch {
  id: number
  calls: StoredCall[]
}

/** Batches read per query while looking for the newest calls that match (most reads stop at the first page). */
const BATCHES_PER_PAGE = 20
/** Bodies or batches named per statement. */
const PER_STATEMENT = 100

/** A body's name in `request_log_bodies`. */
export function bodyHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}

const placeholders = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ')

export const requestLogRepository = {
  /** Writes each batch as one row, after the bodies it names (a body already kept for its merchant stays). */
  async insertBatches(db: Queryable, batches: readonly NewBatch[]): Promise<void> {
    for (const batch of batches) {
      const bodies = [...batch.bodies]
      for (let start = 0; start < bodies.length; start += PER_STATEMENT) {
        const chunk = bodies.slice(start, start + PER_STATEMENT)
        const values = chunk.map((_, i) => `($1, $${2 * i + 2}, $${2 * i + 3})`).join(', ')
        await db.run(
          `INSERT INTO request_log_bodies (merchant_id, hash, body) VALUES ${values}
           ON CONFLICT (merchant_id, hash) DO NOTHING`,
          [batch.merchantId, ...chunk.flat()],
        )
      }
      const first = batch.calls[0]
      const last = batch.calls.at(-1)
      if (!first || !last) continue
      await db.run(
        `INSERT INTO request_log_batches (merchant_id, created_at, oldest_at, calls, body_hashes, entries)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          batch.merchantId,
          new Date(last.at),
          new Date(first.at),
          batch.calls.length,
          [...batch.bodies.keys()].join(' '),
          encodeCalls(batch.calls),
        ],
      )
    }
  },

  /**
   * The merchant's batches holding calls at or after `since`, newest first, a page at a time: the caller stops
   * reading once it has the calls it wants.
   */
  async *newestBatches(db: Queryable, merchantId: string, since: Date): AsyncGenerator<StoredBatch> {
    let before = Number.MAX_SAFE_INTEGER
    for (;;) {
      const rows = await db.query<{ id: number | string; entries: string }>(
        `SELECT id, entries FROM request_log_batches
         WHERE merchant_id = $1 AND created_at >= $2 AND id < $3 ORDER BY id DESC LIMIT $4`,
        [merchantId, since, before, BATCHES_PER_PAGE],
      )
      for (const row of rows) yield { id: Number(row.id), calls: decodeCalls(row.entries) }
      if (rows.length < BATCHES_PER_PAGE) return
      before = Number(rows.at(-1)?.id)
    }
  },

  /** The bodies named `hashes`, by hash. */
  async bodies(db: Queryable, merchantId: string, hashes: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>()
    for (let start = 0; start < hashes.length; start += PER_STATEMENT) {
      const chunk = hashes.slice(start, start + PER_STATEMENT)
      const rows = await db.query<{ hash: string; body: string }>(
        `SELECT hash, body FROM request_log_bodies WHERE merchant_id = $1 AND hash IN (${placeholders(2, chunk.length)})`,
        [merchantId, ...chunk],
      )
      for (const row of rows) found.set(row.hash, row.body)
    }
    return found
  },

  /**
   * Drops the merchant's calls older than `before` and all but its newest `keep` (the batch that holds the
   * edge keeps only its newest calls), then the bodies no batch names any more.
   */
  async prune(db: Queryable, merchantId: string, before: Date, keep: number): Promise<void> {
    await db.run('DELETE FROM request_log_batches WHERE merchant_id = $1 AND created_at < $2', [
      merchantId,
      before,
    ])
    const batches = await db.query<{ id: number | string; calls: number | string }>(
      'SELECT id, calls FROM request_log_batches WHERE merchant_id = $1 ORDER BY id DESC',
      [merchantId],
    )
    let kept = 0
    let edge: { id: number; keep: number } | undefined
    for (const batch of batches) {
      const calls = Number(batch.calls)
      if (kept + calls > keep) {
        edge = { id: Number(batch.id), keep: keep - kept }
        break
      }
      kept += calls
    }
    if (edge) {
      await db.run('DELETE FROM request_log_batches WHERE merchant_id = $1 AND id < $2', [
        merchantId,
        edge.id,
      ])
      await trimBatch(db, edge.id, edge.keep)
    }
    // A batch whose newest call is recent may hold older calls: reads filter each call by its time.
    const named = new Set<string>()
    for (const row of await db.query<{ body_hashes: string }>(
      'SELECT body_hashes FROM request_log_batches WHERE merchant_id = $1',
      [merchantId],
    )) {
      for (const hash of row.body_hashes.split(' ')) if (hash !== '') named.add(hash)
    }
    const stored = await db.query<{ hash: string }>(
      'SELECT hash FROM request_log_bodies WHERE merchant_id = $1',
      [merchantId],
    )
    const unnamed = stored.map((row) => row.hash).filter((hash) => !named.has(hash))
    for (let start = 0; start < unnamed.length; start += PER_STATEMENT) {
      const chunk = unnamed.slice(start, start + PER_STATEMENT)
      await db.run(
        `DELETE FROM request_log_bodies WHERE merchant_id = $1 AND hash IN (${placeholders(2, chunk.length)})`,
        [merchantId, ...chunk],
      )
    }
  },
}

/** Keeps the newest `keep` calls of batch `id` (none: the batch goes), and names only their bodies. */
async function trimBatch(db: Queryable, id: number, keep: number): Promise<void> {
  const row = await db.one<{ entries: string }>('SELECT entries FROM request_log_batches WHERE id = $1', [id])
  if (!row || keep <= 0) {
    await db.run('DELETE FROM request_log_batches WHERE id = $1', [id])
    return
  }
  const kept = keepNewest(row.entries, keep)
  await db.run(
    `UPDATE request_log_batches SET oldest_at = $2, calls = $3, body_hashes = $4, entries = $5 WHERE id = $1`,
    [id, kept.oldestAt, keep, kept.hashes.join(' '), kept.entries],
  )
}
