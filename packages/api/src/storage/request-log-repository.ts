import { createHash } from 'node:crypto'
import type { Queryable, SqlParam } from './types.ts'

/** One API call of a merchant, as the sandbox request log keeps it. */
export interface RequestLogRow {
  id: number
  merchant_id: string
  request_id: string
  method: string
  path: string
  status: number
  duration_ms: number
  idempotency_key: string | null
  /** The login (token family) the call was made with; null for rows written before it was kept. */
  login_id: string | null
  request_text: string | null
  response_text: string | null
  created_at: string
}

export type NewRequestLogRow = Omit<RequestLogRow, 'id' | 'created_at'> & { created_at: Date }

export interface RequestLogFilter {
  /** Calls at or after this time only (the 24-hour bound). */
  since: Date
  /** Status range, inclusive (e.g. 400–499 for `4xx`). */
  statusFrom: number
  statusTo: number
  /** Paths that start with this (after `/api/v2`); '' for every path. */
  pathPrefix: string
  limit: number
}

const COLUMNS =
  'merchant_id, request_id, method, path, status, duration_ms, idempotency_key, login_id, request_hash, response_hash, created_at'
const PARAMS_PER_ROW = 11
/** Rows per INSERT statement: one statement per row cost more than the writing itself. */
export const INSERT_ROWS_PER_STATEMENT = 100

const valuesLists = new Map<string, string>()

/** `($1, …, $n), …` for `rows` rows of `columns` parameters each; built once per shape. */
function valuesList(rows: number, columns: number): string {
  const key = `${rows}x${columns}`
  let list = valuesLists.get(key)
  if (list === undefined) {
    list = Array.from(
      { length: rows },
      (_, row) =>
        `(${Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`).join(', ')})`,
    ).join(', ')
    valuesLists.set(key, list)
  }
  return list
}

/** A body's name in `request_log_bodies`. */
export function bodyHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}

export const requestLogRepository = {
  /**
   * Writes `rows` in as few statements as it can: each distinct body once (a body already kept for its merchant
   * is left as it is), then the calls, naming their bodies by hash.
   */
  async insertMany(db: Queryable, rows: readonly NewRequestLogRow[]): Promise<void> {
    const bodies = new Map<string, { merchantId: string; hash: string; body: string }>()
    const hashOf = (merchantId: string, text: string | null): string | null => {
      if (text === null) return null
      const hash = bodyHash(text)
      bodies.set(`${merchantId} ${hash}`, { merchantId, hash, body: text })
      return hash
    }
    const calls = rows.map((row) => [
      row.merchant_id,
      row.request_id,
      row.method,
      row.path,
      row.status,
      row.duration_ms,
      row.idempotency_key,
      row.login_id,
      hashOf(row.merchant_id, row.request_text),
      hashOf(row.merchant_id, row.response_text),
      row.created_at,
    ])
    const distinct = [...bodies.values()]
    for (let start = 0; start < distinct.length; start += INSERT_ROWS_PER_STATEMENT) {
      const chunk = distinct.slice(start, start + INSERT_ROWS_PER_STATEMENT)
      await db.run(
        `INSERT INTO request_log_bodies (merchant_id, hash, body) VALUES ${valuesList(chunk.length, 3)}
         ON CONFLICT (merchant_id, hash) DO NOTHING`,
        chunk.flatMap((body) => [body.merchantId, body.hash, body.body]),
      )
    }
    for (let start = 0; start < calls.length; start += INSERT_ROWS_PER_STATEMENT) {
      const chunk = calls.slice(start, start + INSERT_ROWS_PER_STATEMENT)
      await db.run(
        `INSERT INTO request_log (${COLUMNS}) VALUES ${valuesList(chunk.length, PARAMS_PER_ROW)}`,
        chunk.flat() as SqlParam[],
      )
    }
  },

  /** The merchant's calls, newest first. `pathPrefix` is matched with a range, never LIKE (no escaping). */
  async list(db: Queryable, merchantId: string, filter: RequestLogFilter): Promise<RequestLogRow[]> {
    return db.query<RequestLogRow>(
      `SELECT l.id, l.merchant_id, l.request_id, l.method, l.path, l.status, l.duration_ms, l.idempotency_key,
         l.login_id, COALESCE(rq.body, l.request_text) AS request_text, COALESCE(rs.body, l.response_text) AS response_text,
         l.created_at
       FROM request_log l
       LEFT JOIN request_log_bodies rq ON rq.merchant_id = l.merchant_id AND rq.hash = l.request_hash
       LEFT JOIN request_log_bodies rs ON rs.merchant_id = l.merchant_id AND rs.hash = l.response_hash
       WHERE l.merchant_id = $1 AND l.created_at >= $2 AND l.status >= $3 AND l.status <= $4
         AND l.path >= $5 AND l.path < $6
       ORDER BY l.id DESC LIMIT $7`,
      [
        merchantId,
        filter.since,
        filter.statusFrom,
        filter.statusTo,
        filter.pathPrefix,
        `${filter.pathPrefix}\u{10ffff}`,
        filter.limit,
      ],
    )
  },

  /** Drops the merchant's calls older than `before` and all but its newest `keep`. */
  async prune(db: Queryable, merchantId: string, before: Date, keep: number): Promise<void> {
    await db.run('DELETE FROM request_log WHERE merchant_id = $1 AND created_at < $2', [merchantId, before])
    const edge = await db.one<{ id: number }>(
      'SELECT id FROM request_log WHERE merchant_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2',
      [merchantId, keep],
    )
    if (edge)
      await db.run('DELETE FROM request_log WHERE merchant_id = $1 AND id <= $2', [merchantId, edge.id])
    // The bodies no call names any more.
    await db.run(
      `DELETE FROM request_log_bodies WHERE merchant_id = $1
         AND NOT EXISTS (SELECT 1 FROM request_log l WHERE l.merchant_id = $1 AND l.request_hash = request_log_bodies.hash)
         AND NOT EXISTS (SELECT 1 FROM request_log l WHERE l.merchant_id = $1 AND l.response_hash = request_log_bodies.hash)`,
      [merchantId],
    )
  },
}
