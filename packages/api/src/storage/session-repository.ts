import type { CheckoutSession } from '@plazo/contract'
import type { Queryable, SqlParam, Transaction } from './types.ts'

/** A stored session: the read shape plus the columns queries filter on. */
export interface StoredSession {
  document: CheckoutSession
  version: number
  clientSecretHash: string | null
  /** The session this one collects a down payment for. */
  parentSessionId: string | null
}

interface SessionRow {
  document: CheckoutSession
  version: number
  client_secret_hash: string | null
  parent_session_id: string | null
}

const columns = 'document, version, client_secret_hash, parent_session_id'

/** What a new session stores besides its document. */
export interface NewSessionExtra {
  clientSecretHash: string | null
  parentSessionId?: string | null
  notificationAuth?: unknown
  notificationAdditionalPayload?: unknown
  /** When the session's expiry timer is due (see jobRepository); none by default. */
  expireAt?: Date | null
}

/** What a create read of its merchant, as sessionRepository.insertIfMerchantIs checks it. */
export interface MerchantCheck {
  default_country: string
  offset_minutes: number
  agent_id: string | null
  /** Whether the request named the agent (else it is the merchant's default one). */
  agentRequested: boolean
}

/**
 * The agent of a session, as an expression over `merchants m`: the requested one (the placeholder given) when it
 * is one of the merchant's agents, else null; or, with no placeholder, the merchant's default agent, else its
 * oldest. The default is found through agents_one_default_per_merchant_idx; the oldest, which needs a sort,
 * only when a merchant has no default.
 */
export function agentOf(requested: string | null): string {
  return requested === null
    ? `COALESCE(
         (SELECT a.id FROM agents a WHERE a.merchant_id = m.id AND a.is_default = 1),
         (SELECT a.id FROM agents a WHERE a.merchant_id = m.id ORDER BY a.created_at, a.id LIMIT 1)
       )`
    : `(SELECT a.id FROM agents a WHERE a.merchant_id = m.id AND a.id = ${requested})`
}

const INSERT_COLUMNS = `id, merchant_id, agent_id, user_id, parent_session_id, status, mode, client_secret_hash, hpp_id,
   document, version, created_at, updated_at, expires_at, notification_auth, notification_additional_payload,
   expire_at`

function insertParams(session: CheckoutSession, extra: NewSessionExtra): SqlParam[] {
  return [
    session.id,
    session.merchant_id,
    session.agent_id,
    session.user_id,
    extra.parentSessionId ?? null,
    session.status,
    session.mode,
    extra.clientSecretHash,
    session.hpp?.id ?? null,
    session,
    session.created_at,
    session.updated_at,
    session.options.expires_at,
    (extra.notificationAuth ?? null) as object | null,
    (extra.notificationAdditionalPayload ?? null) as object | null,
    extra.expireAt ?? null,
  ]
}

/** A create checked against what it read of its merchant (sessionRepository.insertIfMerchantIs). */
export interface CheckedInsert {
  session: CheckoutSession
  extra: NewSessionExtra
  merchant: MerchantCheck
}

// The values of the checked INSERT, typed: PostgreSQL cannot infer a placeholder's type in VALUES of a WITH.
const CHECKED_VALUE_COLUMNS = `id, merchant_id, agent_id, user_id, parent_session_id, status, mode, client_secret_hash,
   hpp_id, document, created_at, updated_at, expires_at, notification_auth, notification_additional_payload,
   expire_at, default_country, offset_minutes, agent_requested`
const CHECKED_VALUE_TYPES = [...Array.from({ length: 17 }, () => 'TEXT'), 'INTEGER', 'INTEGER']

const fromRow = (row: SessionRow): StoredSession => ({
  document: row.document,
  version: row.version,
  clientSecretHash: row.client_secret_hash,
  parentSessionId: row.parent_session_id,
})

/**
 * Checkout sessions. Every read is scoped by merchant: another merchant's id finds nothing, exactly like an
 * unknown id, so one merchant can never learn that another's session exists.
 */
export const sessionRepository = {
  async insert(db: Queryable, session: CheckoutSession, extra: NewSessionExtra): Promise<void> {
    await db.run(
      `INSERT INTO checkout_sessions (${INSERT_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $12, $13, $14, $15, $16)`,
      insertParams(session, extra),
    )
  },

  /**
   * Inserts each session only if its merchant still reads as its `merchant` check (its country, sandbox clock
   * and the agent the same read would find), all in one statement: the creates of a node that kept what it last
   * read of the merchant (one statement for several creates, see batched). Says, in order, which were written;
   * one whose merchant has changed since is not.
   */
  async insertIfMerchantIs(db: Queryable, creates: readonly CheckedInsert[]): Promise<boolean[]> {
    const params: SqlParam[] = []
    const rows = creates.map(({ session, extra, merchant }) => {
      const first = params.length
      params.push(...insertParams(session, extra), merchant.default_country, merchant.offset_minutes)
      params.push(merchant.agentRequested ? 1 : 0)
      return `(${CHECKED_VALUE_TYPES.map((type, i) => `CAST($${first + i + 1} AS ${type})`).join(', ')})`
    })
    const written = await db.query<{ id: string }>(
      `WITH v (${CHECKED_VALUE_COLUMNS}) AS (VALUES ${rows.join(', ')})
       INSERT INTO checkout_sessions (${INSERT_COLUMNS})
       SELECT v.id, v.merchant_id, v.agent_id, v.user_id, v.parent_session_id, v.status, v.mode,
              v.client_secret_hash, v.hpp_id, v.document, 1, v.created_at, v.updated_at, v.expires_at,
              v.notification_auth, v.notification_additional_payload, v.expire_at
         FROM v JOIN merchants m ON m.id = v.merchant_id
        WHERE m.default_country = v.default_country
          AND COALESCE((SELECT c.offset_minutes FROM sandbox_clocks c WHERE c.merchant_id = m.id), 0) = v.offset_minutes
          AND v.agent_id = CASE WHEN v.agent_requested = 1 THEN ${agentOf('v.agent_id')} ELSE ${agentOf(null)} END
       RETURNING id`,
      params,
    )
    const ids = new Set(written.map((row) => row.id))
    return creates.map(({ session }) => ids.has(session.id))
  },

  /** Replaces where notifications of the session go and what they echo (update of the session). */
  async updateNotificationSettings(
    tx: Transaction,
    id: string,
    settings: { notificationAuth?: unknown; notificationAdditionalPayload?: unknown },
  ): Promise<void> {
    await tx.run(
      'UPDATE checkout_sessions SET notification_auth = $2, notification_additional_payload = $3 WHERE id = $1',
      [
        id,
        (settings.notificationAuth ?? null) as object | null,
        (settings.notificationAdditionalPayload ?? null) as object | null,
      ],
    )
  },

  /** The private notification settings of a session (never part of the read shape). */
  async notificationSettings(
    db: Queryable,
    id: string,
  ): Promise<
    { notificationAuth: unknown; notificationAdditionalPayload: Record<string, unknown> | null } | undefined
  > {
    const row = await db.one<{
      notification_auth: unknown
      notification_additional_payload: Record<string, unknown> | null
    }>('SELECT notification_auth, notification_additional_payload FROM checkout_sessions WHERE id = $1', [id])
    return (
      row && {
        notificationAuth: row.notification_auth,
        notificationAdditionalPayload: row.notification_additional_payload,
      }
    )
  },

  async find(db: Queryable, merchantId: string, id: string): Promise<StoredSession | undefined> {
    const row = await db.one<SessionRow>(
      `SELECT ${columns} FROM checkout_sessions WHERE id = $1 AND merchant_id = $2`,
      [id, merchantId],
    )
    return row && fromRow(row)
  },

  /** Marks a session as made by an integration check run (the outbox leaves its events to the run). */
  async markIntegrationCheck(db: Queryable, id: string, integrationCheckId: string): Promise<void> {
    await db.run('UPDATE checkout_sessions SET integration_check_id = $2 WHERE id = $1', [
      id,
      integrationCheckId,
    ])
  },

  /**
   * The merchant's sessions among `ids` (others' and unknown ids are left out), with the integration check run
   * that made each, if one did.
   */
  async findManyWithCheck(
    db: Queryable,
    merchantId: string,
    ids: readonly string[],
  ): Promise<Array<{ document: CheckoutSession; integration_check_id: string | null }>> {
    if (ids.length === 0) return []
    return db.query<{ document: CheckoutSession; integration_check_id: string | null }>(
      `SELECT document, integration_check_id FROM checkout_sessions
        WHERE merchant_id = $1 AND id IN (${ids.map((_, i) => `$${i + 2}`).join(', ')})`,
      [merchantId, ...ids],
    )
  },

  /** Whether the merchant has this session. */
  async exists(db: Queryable, merchantId: string, id: string): Promise<boolean> {
    const row = await db.one('SELECT id FROM checkout_sessions WHERE id = $1 AND merchant_id = $2', [
      id,
      merchantId,
    ])
    return row !== undefined
  },

  /**
   * The stored documents of sessions as JSON text, not parsed, in the order asked (undefined for an unknown
   * session or another merchant's): the get-session route sends one as it is, which saves a parse and a
   * serialisation on the most frequent call, and concurrent gets share the statement (see batched).
   */
  /**
   * A page of the merchant's sessions, newest first (`created_at`, then `id`, both descending, so the order is
   * total and a cursor never skips or repeats one): `limit` rows as their document text. `after` is the session
   * the page starts after; one of another merchant finds nothing, like an unknown id.
   */
  async listPage(
    db: Queryable,
    merchantId: string,
    filter: { status?: string; mode?: string; createdFrom?: string; createdTo?: string },
    after: { created_at: string; id: string } | undefined,
    limit: number,
  ): Promise<Array<{ id: string; document_text: string }>> {
    const params: unknown[] = [merchantId]
    const where = ['merchant_id = $1']
    const add = (sql: (n: number) => string, ...values: unknown[]) => {
      where.push(sql(params.length + 1))
      params.push(...values)
    }
    if (filter.status !== undefined) add((n) => `status = $${n}`, filter.status)
    if (filter.mode !== undefined) add((n) => `mode = $${n}`, filter.mode)
    if (filter.createdFrom !== undefined) add((n) => `created_at >= $${n}`, filter.createdFrom)
    if (filter.createdTo !== undefined) add((n) => `created_at <= $${n}`, filter.createdTo)
    if (after)
      add(
        (n) => `(created_at < $${n} OR (created_at = $${n} AND id < $${n + 1}))`,
        after.created_at,
        after.id,
      )
    params.push(limit)
    return db.query<{ id: string; document_text: string }>(
      `SELECT id, document AS document_text FROM checkout_sessions WHERE ${where.join(' AND ')}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params as never,
    )
  },

  /**
   * The merchant's newest sessions whose stored document contains `text` (compared in lower case), as document
   * text: a coarse first pass for the dashboard's search, which then looks at the field it searches. `text` is
   * matched literally (LIKE's `%`, `_` and the backslash are escaped).
   */
  async findDocumentsContaining(
    db: Queryable,
    merchantId: string,
    text: string,
    limit: number,
  ): Promise<string[]> {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const rows = await db.query<{ document_text: string }>(
      `SELECT document AS document_text FROM checkout_sessions
        WHERE merchant_id = $1 AND LOWER(document) LIKE $2 ESCAPE '\\'
        ORDER BY created_at DESC, id DESC LIMIT $3`,
      [merchantId, pattern, limit],
    )
    return rows.map((row) => row.document_text)
  },

  /** Where a session of the merchant sits in the list (its creation time and id), or undefined. */
  async listPosition(
    db: Queryable,
    merchantId: string,
    id: string,
  ): Promise<{ created_at: string; id: string } | undefined> {
    return db.one<{ created_at: string; id: string }>(
      'SELECT created_at, id FROM checkout_sessions WHERE merchant_id = $1 AND id = $2',
      [merchantId, id],
    )
  },

  async findDocumentTexts(
    db: Queryable,
    keys: readonly { merchantId: string; id: string }[],
  ): Promise<Array<string | undefined>> {
    const ids = [...new Set(keys.map((key) => key.id))]
    const rows = await db.query<{ id: string; merchant_id: string; document_text: string }>(
      `SELECT id, merchant_id, document AS document_text FROM checkout_sessions
        WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`,
      ids,
    )
    const byId = new Map(rows.map((row) => [row.id, row]))
    return keys.map((key) => {
      const row = byId.get(key.id)
      return row?.merchant_id === key.merchantId ? row.document_text : undefined
    })
  },

  /** The session, locked until the transaction ends (PostgreSQL); SQLite transactions run one at a time. */
  async findForUpdate(tx: Transaction, merchantId: string, id: string): Promise<StoredSession | undefined> {
    const row = await tx.oneForUpdate<SessionRow>(
      `SELECT ${columns} FROM checkout_sessions WHERE id = $1 AND merchant_id = $2`,
      [id, merchantId],
    )
    return row && fromRow(row)
  },

  /**
   * The session locked, as findForUpdate, after its order when it is a down-payment session. Every transaction
   * that touches both takes the order first, so one that goes from an order to its down payment (a cancel
   * refunding it) and one that goes the other way (the down payment's timer telling its order) cannot deadlock.
   * Only PostgreSQL locks rows; SQLite transactions run one at a time.
   */
  async lockFamily(tx: Transaction, merchantId: string, id: string): Promise<StoredSession | undefined> {
    if (tx.engine === 'postgres') {
      const link = await tx.one<{ parent_session_id: string | null }>(
        'SELECT parent_session_id FROM checkout_sessions WHERE id = $1 AND merchant_id = $2',
        [id, merchantId],
      )
      if (link?.parent_session_id) {
        await tx.oneForUpdate('SELECT id FROM checkout_sessions WHERE id = $1 AND merchant_id = $2', [
          link.parent_session_id,
          merchantId,
        ])
      }
    }
    return this.findForUpdate(tx, merchantId, id)
  },

  /**
   * Locks the sessions' rows until `tx` ends (PostgreSQL; SQLite transactions run one at a time), sorted so
   * that two transactions locking several sessions cannot deadlock (see domain/webhooks/outbox.ts lockSessions).
   */
  async lockAll(tx: Transaction, ids: readonly string[]): Promise<void> {
    if (tx.engine !== 'postgres' || ids.length === 0) return
    const sorted = [...ids].sort()
    await tx.queryForUpdate(
      `SELECT id FROM checkout_sessions WHERE id IN (${sorted.map((_, index) => `$${index + 1}`).join(', ')}) ORDER BY id`,
      sorted,
    )
  },

  async findByHppId(db: Queryable, hppId: string): Promise<StoredSession | undefined> {
    const row = await db.one<SessionRow>(`SELECT ${columns} FROM checkout_sessions WHERE hpp_id = $1`, [
      hppId,
    ])
    return row && fromRow(row)
  },

  /** Whether a session has this hosted page (the id as stored: lower case). */
  async hppExists(db: Queryable, hppId: string): Promise<boolean> {
    return (await db.one('SELECT id FROM checkout_sessions WHERE hpp_id = $1', [hppId])) !== undefined
  },

  /** The merchant of a hosted page's session. */
  async merchantOfHpp(db: Queryable, hppId: string): Promise<string | undefined> {
    const row = await db.one<{ merchant_id: string }>(
      'SELECT merchant_id FROM checkout_sessions WHERE hpp_id = $1',
      [hppId],
    )
    return row?.merchant_id
  },

  /** The session of a hosted page, locked until the transaction ends (PostgreSQL). */
  async lockByHppId(
    tx: Transaction,
    hppId: string,
  ): Promise<{ id: string; merchant_id: string } | undefined> {
    return tx.oneForUpdate<{ id: string; merchant_id: string }>(
      'SELECT id, merchant_id FROM checkout_sessions WHERE hpp_id = $1',
      [hppId],
    )
  },

  /** The session a client secret opens (the secret is stored hashed: a lookup by its hash is the comparison). */
  async findIdByClientSecretHash(
    db: Queryable,
    hash: string,
  ): Promise<{ id: string; merchant_id: string } | undefined> {
    return db.one<{ id: string; merchant_id: string }>(
      'SELECT id, merchant_id FROM checkout_sessions WHERE client_secret_hash = $1',
      [hash],
    )
  },

  /** Writes a new version of the document; the caller holds the row (findForUpdate). */
  async update(tx: Transaction, session: CheckoutSession, version: number): Promise<void> {
    const result = await tx.run(
      `UPDATE checkout_sessions
         SET status = $3, document = $4, version = version + 1, updated_at = $5, expires_at = $6
       WHERE id = $1 AND version = $2`,
      [session.id, version, session.status, session, session.updated_at, session.options.expires_at],
    )
    if (result.changes !== 1) throw new Error(`session ${session.id} changed concurrently`)
  },
}
