import type { Queryable } from './types.ts'

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

const INSERT = `INSERT INTO request_log (merchant_id, request_id, method, path, status, duration_ms, idempotency_key,
  request_text, response_text, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

export const requestLogRepository = {
  async insert(db: Queryable, row: NewRequestLogRow): Promise<void> {
    await db.run(INSERT, [
      row.merchant_id,
      row.request_id,
      row.method,
      row.path,
      row.status,
      row.duration_ms,
      row.idempotency_key,
      row.request_text,
      row.response_text,
      row.created_at,
    ])
  },

  /** The merchant's calls, newest first. `pathPrefix` is matched with a range, never LIKE (no escaping). */
  async list(db: Queryable, merchantId: string, filter: RequestLogFilter): Promise<RequestLogRow[]> {
    return db.query<RequestLogRow>(
      `SELECT * FROM request_log
       WHERE merchant_id = $1 AND created_at >= $2 AND status >= $3 AND status <= $4
         AND path >= $5 AND path < $6
       ORDER BY id DESC LIMIT $7`,
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
  },
}
