import type { Queryable } from './types.ts'

// The messages the sandbox "sends" when a hosted page is distributed (`outbox_messages`): nothing leaves the
// sandbox, they are kept here and read with the outbox test helper (domain/client/distribution-service.ts).

export interface OutboxMessageRow {
  id: string
  hpp_id: string
  recipient: string
  channel: 'email' | 'sms'
  body: string
  created_at: string
}

export interface NewOutboxMessage {
  id: string
  merchantId: string
  hppId: string
  recipient: string
  channel: 'email' | 'sms'
  body: string
  createdAt: Date
  /** Sent from the public distribution page (counted towards its hourly limit), not by the merchant's server. */
  fromPage: boolean
}

export const outboxMessageRepository = {
  async insert(db: Queryable, message: NewOutboxMessage): Promise<void> {
    await db.run(
      `INSERT INTO outbox_messages (id, merchant_id, hpp_id, recipient, channel, body, created_at, from_page)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        message.id,
        message.merchantId,
        message.hppId,
        message.recipient,
        message.channel,
        message.body,
        message.createdAt,
        message.fromPage ? 1 : 0,
      ],
    )
  },

  /** When the sends from the page's public distribution page after `since` were made, oldest first. */
  async sentFromPageSince(db: Queryable, hppId: string, since: Date): Promise<string[]> {
    const rows = await db.query<{ created_at: string }>(
      'SELECT created_at FROM outbox_messages WHERE hpp_id = $1 AND from_page = 1 AND created_at > $2 ORDER BY created_at',
      [hppId, since],
    )
    return rows.map((row) => row.created_at)
  },

  /** The messages of one of the merchant's hosted pages, oldest first. */
  async listForPage(db: Queryable, merchantId: string, hppId: string): Promise<OutboxMessageRow[]> {
    return db.query<OutboxMessageRow>(
      `SELECT id, hpp_id, recipient, channel, body, created_at FROM outbox_messages
       WHERE merchant_id = $1 AND hpp_id = $2 ORDER BY created_at, id`,
      [merchantId, hppId],
    )
  },
}
