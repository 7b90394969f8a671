import type { Queryable, Transaction } from './types.ts'

// A sandbox account as a whole: a merchant with its user, agents and everything they made. What the dashboard
// shows of it, and its removal, which is the one statement family that writes to every merchant-owned table.
// Each table is still written only here or by its own repository (packages/api/README.md).

/** A merchant and its user, as the dashboard shows them. */
export interface AccountRow {
  merchant_id: string
  business_name: string
  default_country: 'ESP' | 'FRA'
  user_id: string
  username: string
}

export const accountRepository = {
  /** The account a user signs in to; undefined for an unknown user. */
  async findByUser(db: Queryable, userId: string): Promise<AccountRow | undefined> {
    return db.one<AccountRow>(
      `SELECT m.id AS merchant_id, m.name AS business_name, m.default_country, u.id AS user_id, u.username
         FROM users u JOIN merchants m ON m.id = u.merchant_id
        WHERE u.id = $1`,
      [userId],
    )
  },

  /** The usernames of the merchant's users. */
  async usernames(db: Queryable, merchantId: string): Promise<string[]> {
    const rows = await db.query<{ username: string }>('SELECT username FROM users WHERE merchant_id = $1', [
      merchantId,
    ])
    return rows.map((row) => row.username)
  },

  /**
   * Removes the merchant and every row that belongs to it, children before parents (the foreign keys hold at
   * each statement): delivery tries, redeliveries, events, timers, sent links, idempotency keys, request log and its bodies,
   * clock, sessions (a down payment's child session first, by cutting the link), tokens, users, agents.
   * Answers whether the merchant existed.
   */
  async remove(tx: Transaction, merchantId: string): Promise<boolean> {
    const byMerchant = [
      'DELETE FROM event_attempts WHERE event_id IN (SELECT event_id FROM events WHERE merchant_id = $1)',
      'DELETE FROM event_redeliveries WHERE merchant_id = $1',
      'DELETE FROM events WHERE merchant_id = $1',
      'DELETE FROM jobs WHERE merchant_id = $1',
      'DELETE FROM outbox_messages WHERE merchant_id = $1',
      'DELETE FROM idempotency_keys WHERE merchant_id = $1',
      'DELETE FROM request_log_batches WHERE merchant_id = $1',
      'DELETE FROM request_log_bodies WHERE merchant_id = $1',
      'DELETE FROM sandbox_clocks WHERE merchant_id = $1',
      'DELETE FROM integration_checks WHERE merchant_id = $1',
      'UPDATE checkout_sessions SET parent_session_id = NULL WHERE merchant_id = $1 AND parent_session_id IS NOT NULL',
      'DELETE FROM checkout_sessions WHERE merchant_id = $1',
      'DELETE FROM login_attempts WHERE username IN (SELECT username FROM users WHERE merchant_id = $1)',
      'DELETE FROM access_tokens WHERE user_id IN (SELECT id FROM users WHERE merchant_id = $1)',
      'DELETE FROM users WHERE merchant_id = $1',
      'DELETE FROM agents WHERE merchant_id = $1',
    ]
    for (const sql of byMerchant) await tx.run(sql, [merchantId])
    const removed = await tx.run('DELETE FROM merchants WHERE id = $1', [merchantId])
    return removed.changes > 0
  },
}
