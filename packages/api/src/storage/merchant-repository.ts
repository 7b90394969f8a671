import { agentOf } from './session-repository.ts'
import type { Queryable, Transaction } from './types.ts'

// Merchants and their agents: what a create reads of its merchant, the names shown to customers, the webhook
// signing secret, and the rows the sandbox seed writes. Users and their tokens are in user-repository.ts.

/** What a create reads of its merchant: its default country, its sandbox clock and the session's agent. */
export interface MerchantSnapshot {
  default_country: 'ESP' | 'FRA'
  offset_minutes: number
  /** The agent the request names, when it is one of the merchant's, else its default one; null when none. */
  agent_id: string | null
}

/** The merchant's webhook signing secret, when it was made, and when the one it replaced stops signing. */
export interface WebhookSecretRow {
  webhook_secret: string
  created_at: string
  previous_webhook_secret_expires_at: string | null
}

/** How the merchant's notifications are signed and authenticated, as the integration check signs its own. */
export interface SigningRow {
  webhook_secret: string
  previous_webhook_secret: string | null
  previous_webhook_secret_expires_at: string | null
  notification_auth: unknown
  /** The merchant's sandbox clock: minutes ahead of real time. */
  offset_minutes: number | null
}

/** A merchant as the sandbox seed writes it. */
export interface NewMerchant {
  id: string
  name: string
  defaultCountry: string
  webhookSecret: string
  createdAt: Date
}

/**
 * The agent a session belongs to, as a column of a query over `merchants m`: the requested one when it is one of
 * the merchant's agents (else null), or the merchant's default agent, else its oldest. Ids are stored in lower
 * case. The default agent is found through agents_one_default_per_merchant_idx; the oldest, which needs a
 * sort, only when a merchant has no default.
 */
function agentColumn(requested: string | undefined): string {
  return `${agentOf(requested === undefined ? null : '$2')} AS agent_id`
}

function agentParams(merchantId: string, requested: string | undefined): string[] {
  return requested === undefined ? [merchantId] : [merchantId, requested.toLowerCase()]
}

export const merchantRepository = {
  /** The agent a session of the merchant belongs to (see agentColumn); null when there is none such. */
  async findAgent(db: Queryable, merchantId: string, requested: string | undefined): Promise<string | null> {
    const row = await db.one<{ agent_id: string | null }>(
      `SELECT ${agentColumn(requested)} FROM merchants m WHERE m.id = $1`,
      agentParams(merchantId, requested),
    )
    return row?.agent_id ?? null
  },

  /** What a create reads of its merchant, in one statement; undefined for an unknown merchant. */
  async snapshot(
    db: Queryable,
    merchantId: string,
    requestedAgent: string | undefined,
  ): Promise<MerchantSnapshot | undefined> {
    return db.one<MerchantSnapshot>(
      `SELECT m.default_country,
              COALESCE((SELECT c.offset_minutes FROM sandbox_clocks c WHERE c.merchant_id = m.id), 0) AS offset_minutes,
              ${agentColumn(requestedAgent)}
         FROM merchants m WHERE m.id = $1`,
      agentParams(merchantId, requestedAgent),
    )
  },

  async defaultCountry(
    db: Queryable,
    merchantId: string,
  ): Promise<MerchantSnapshot['default_country'] | undefined> {
    const row = await db.one<Pick<MerchantSnapshot, 'default_country'>>(
      'SELECT default_country FROM merchants WHERE id = $1',
      [merchantId],
    )
    return row?.default_country
  },

  /** The merchant's name, as customers see it. */
  async name(db: Queryable, merchantId: string): Promise<string | undefined> {
    const row = await db.one<{ name: string }>('SELECT name FROM merchants WHERE id = $1', [merchantId])
    return row?.name
  },

  /** The name of the merchant an agent belongs to; undefined for an unknown agent. */
  async nameByAgent(db: Queryable, agentId: string): Promise<string | undefined> {
    const row = await db.one<{ name: string }>(
      'SELECT m.name FROM agents a JOIN merchants m ON m.id = a.merchant_id WHERE a.id = $1',
      [agentId],
    )
    return row?.name
  },

  /** The merchant's secrets (the replaced one too), its `notification_auth` and its sandbox clock. */
  async signing(db: Queryable, merchantId: string): Promise<SigningRow | undefined> {
    return db.one<SigningRow>(
      `SELECT m.webhook_secret, m.previous_webhook_secret, m.previous_webhook_secret_expires_at,
         m.notification_auth, c.offset_minutes
       FROM merchants m LEFT JOIN sandbox_clocks c ON c.merchant_id = m.id WHERE m.id = $1`,
      [merchantId],
    )
  },

  async webhookSecret(db: Queryable, merchantId: string): Promise<WebhookSecretRow | undefined> {
    return db.one<WebhookSecretRow>(
      `SELECT webhook_secret, COALESCE(webhook_secret_created_at, created_at) AS created_at,
         previous_webhook_secret_expires_at
       FROM merchants WHERE id = $1`,
      [merchantId],
    )
  },

  /** The current webhook secret, locked until the transaction ends (PostgreSQL): a rotation replaces it. */
  async lockWebhookSecret(tx: Transaction, merchantId: string): Promise<string | undefined> {
    const row = await tx.oneForUpdate<{ webhook_secret: string }>(
      'SELECT webhook_secret FROM merchants WHERE id = $1',
      [merchantId],
    )
    return row?.webhook_secret
  },

  /** A new signing secret; `previous` keeps signing until `previousUntil` (both null: it stops at once). */
  async replaceWebhookSecret(
    tx: Queryable,
    merchantId: string,
    secret: { secret: string; createdAt: Date; previous: string | null; previousUntil: Date | null },
  ): Promise<void> {
    await tx.run(
      `UPDATE merchants SET webhook_secret = $2, webhook_secret_created_at = $3, previous_webhook_secret = $4,
           previous_webhook_secret_expires_at = $5
         WHERE id = $1`,
      [merchantId, secret.secret, secret.createdAt, secret.previous, secret.previousUntil],
    )
  },

  /** Writes the merchant unless its id exists (no notification URL, no auth); an existing one is left as it is. */
  async insertIfMissing(tx: Queryable, merchant: NewMerchant): Promise<void> {
    await tx.run(
      `INSERT INTO merchants (id, name, default_country, notification_url, notification_auth, webhook_secret, created_at)
     VALUES ($1, $2, $3, NULL, NULL, $4, $5)
     ON CONFLICT DO NOTHING`,
      [merchant.id, merchant.name, merchant.defaultCountry, merchant.webhookSecret, merchant.createdAt],
    )
  },

  /** Writes the agent unless its id exists. */
  async insertAgentIfMissing(
    tx: Queryable,
    agent: { id: string; merchantId: string; name: string; isDefault: boolean; createdAt: Date },
  ): Promise<void> {
    await tx.run(
      `INSERT INTO agents (id, merchant_id, name, is_default, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [agent.id, agent.merchantId, agent.name, agent.isDefault, agent.createdAt],
    )
  },
}
