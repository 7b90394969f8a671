import type { Queryable, Transaction } from './types.ts'

// Users (who logs in, for which merchant) and their bearer tokens (`access_tokens`, stored as hashes only).
// How passwords are hashed and tokens made and checked is decided in domain/auth.

/** A stored token, as verification reads it. */
export interface TokenRow {
  kind: 'access' | 'refresh'
  user_id: string
  merchant_id: string
  family_id: string
  expires_at: string
  revoked_at: string | null
}

export interface NewToken {
  tokenHash: string
  userId: string
  kind: 'access' | 'refresh'
  familyId: string
  expiresAt: Date
  createdAt: Date
}

const INSERT_TOKEN = `INSERT INTO access_tokens (token_hash, user_id, kind, family_id, expires_at, revoked_at, created_at)
      VALUES ($1, $2, $3, $4, $5, NULL, $6)`

export const userRepository = {
  /** The user of a (normalised) username, with its password hash. */
  async findByUsername(
    db: Queryable,
    username: string,
  ): Promise<{ id: string; password_hash: string } | undefined> {
    return db.one<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE username = $1',
      [username],
    )
  },

  /** A user by id, with its username and password hash. */
  async findById(
    db: Queryable,
    id: string,
  ): Promise<{ id: string; username: string; password_hash: string } | undefined> {
    return db.one<{ id: string; username: string; password_hash: string }>(
      'SELECT id, username, password_hash FROM users WHERE id = $1',
      [id],
    )
  },

  async exists(db: Queryable, id: string): Promise<boolean> {
    return (await db.one('SELECT id FROM users WHERE id = $1', [id])) !== undefined
  },

  /** The password hash of a user, by id. */
  async passwordHash(db: Queryable, id: string): Promise<string | undefined> {
    return (await db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))
      ?.password_hash
  },

  async setPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
    await db.run('UPDATE users SET password_hash = $1 WHERE id = $2', [passwordHash, id])
  },

  /** A taken username is a unique violation. */
  async insert(
    db: Queryable,
    user: { id: string; merchantId: string; username: string; passwordHash: string; createdAt: Date },
  ): Promise<void> {
    await db.run(
      'INSERT INTO users (id, merchant_id, username, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
      [user.id, user.merchantId, user.username, user.passwordHash, user.createdAt],
    )
  },
}

export const tokenRepository = {
  async insert(tx: Queryable, token: NewToken): Promise<void> {
    await tx.run(INSERT_TOKEN, [
      token.tokenHash,
      token.userId,
      token.kind,
      token.familyId,
      token.expiresAt,
      token.createdAt,
    ])
  },

  /** A token with its user's merchant; undefined for an unknown hash. */
  async findWithMerchant(db: Queryable, tokenHash: string): Promise<TokenRow | undefined> {
    return db.one<TokenRow>(
      `SELECT t.kind, t.user_id, u.merchant_id, t.family_id, t.expires_at, t.revoked_at
       FROM access_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1`,
      [tokenHash],
    )
  },

  /** A token, locked until the transaction ends, so that two refreshes with it take turns. */
  async lock(tx: Transaction, tokenHash: string): Promise<Omit<TokenRow, 'merchant_id'> | undefined> {
    return tx.oneForUpdate<Omit<TokenRow, 'merchant_id'>>(
      'SELECT kind, user_id, family_id, expires_at, revoked_at FROM access_tokens WHERE token_hash = $1',
      [tokenHash],
    )
  },

  async revoke(tx: Queryable, tokenHash: string, at: Date): Promise<void> {
    await tx.run('UPDATE access_tokens SET revoked_at = $1 WHERE token_hash = $2', [at, tokenHash])
  },

  /** Revokes every live token of a user (all its logins). */
  async revokeUser(tx: Queryable, userId: string, at: Date): Promise<void> {
    await tx.run('UPDATE access_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL', [
      at,
      userId,
    ])
  },

  /** Revokes every live token of a family (all issued since one login). */
  async revokeFamily(tx: Queryable, familyId: string, at: Date): Promise<void> {
    await tx.run('UPDATE access_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL', [
      at,
      familyId,
    ])
  },
}
