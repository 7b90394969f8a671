import type { Queryable, Transaction } from './types.ts'

// Idempotency keys (`idempotency_keys`): the first request with a key claims it, its answer is stored for
// replays. What a key means (same request, expiry, abandonment) is decided in plugins/idempotency.ts, the
// cross-cutting plugin that uses this repository directly.

export interface IdempotencyKeyRow {
  method: string
  path: string
  request_hash: string
  status: 'running' | 'done'
  response_status: number | null
  response_body: unknown
  created_at: string
  expires_at: string
}

export interface NewIdempotencyKey {
  merchantId: string
  key: string
  method: string
  path: string
  requestHash: string
  createdAt: Date
  expiresAt: Date
}

export const idempotencyRepository = {
  /** The merchant's key, locked until the transaction ends (PostgreSQL). */
  async lock(tx: Transaction, merchantId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    return tx.oneForUpdate<IdempotencyKeyRow>(
      'SELECT method, path, request_hash, status, response_status, response_body, created_at, expires_at FROM idempotency_keys WHERE merchant_id = $1 AND key = $2',
      [merchantId, key],
    )
  },

  /** The request hash of the key's holder (another request that claimed it first). */
  async requestHash(db: Queryable, merchantId: string, key: string): Promise<string | undefined> {
    const row = await db.one<Pick<IdempotencyKeyRow, 'request_hash'>>(
      'SELECT request_hash FROM idempotency_keys WHERE merchant_id = $1 AND key = $2',
      [merchantId, key],
    )
    return row?.request_hash
  },

  /** Claims the key as `running`; false when another request holds it already. */
  async claim(db: Queryable, claim: NewIdempotencyKey): Promise<boolean> {
    const claimed = await db.run(
      `INSERT INTO idempotency_keys (merchant_id, key, method, path, request_hash, status, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, 'running', $6, $7) ON CONFLICT DO NOTHING`,
      [
        claim.merchantId,
        claim.key,
        claim.method,
        claim.path,
        claim.requestHash,
        claim.createdAt,
        claim.expiresAt,
      ],
    )
    return claimed.changes > 0
  },

  async remove(db: Queryable, merchantId: string, key: string): Promise<void> {
    await db.run('DELETE FROM idempotency_keys WHERE merchant_id = $1 AND key = $2', [merchantId, key])
  },

  /** Stores the answer of the request that holds the key, for replays. */
  async complete(
    db: Queryable,
    merchantId: string,
    key: string,
    response: { status: number; body: string },
  ): Promise<void> {
    await db.run(
      `UPDATE idempotency_keys SET status = 'done', response_status = $3, response_body = $4
             WHERE merchant_id = $1 AND key = $2`,
      [merchantId, key, response.status, response.body],
    )
  },
}
