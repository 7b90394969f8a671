import type { Database, Queryable } from './types.ts'

// Login attempts of the last minutes (`login_attempts`), counted per username and per client address by the
// login throttle (domain/auth/login-throttle.ts).

export interface AttemptCount {
  count: number
  /** When the oldest counted attempt was made (ISO time), or null when none is counted. */
  oldest: string | null
}

export const loginAttemptRepository = {
  /** Records an attempt, committed at once, and answers its number (attempts are numbered as they come). */
  async insert(db: Database, username: string, address: string, at: Date): Promise<number> {
    const row = await db.transaction((tx) =>
      tx.one<{ id: number | string }>(
        'INSERT INTO login_attempts (username, address, attempted_at) VALUES ($1, $2, $3) RETURNING id',
        [username, address, at],
      ),
    )
    return Number(row?.id)
  },

  async remove(db: Queryable, id: number): Promise<void> {
    await db.run('DELETE FROM login_attempts WHERE id = $1', [id])
  },

  /** Forgets the username's attempts (a success). */
  async clearUsername(db: Queryable, username: string): Promise<void> {
    await db.run('DELETE FROM login_attempts WHERE username = $1', [username])
  },

  /** Forgets the attempts made at or before `before`: they no longer count. */
  async prune(db: Queryable, before: Date): Promise<void> {
    await db.run('DELETE FROM login_attempts WHERE attempted_at <= $1', [before])
  },

  /** The attempts of `username` since `since`, up to attempt `upTo` included (those that came before it). */
  async countByUsername(db: Queryable, username: string, since: Date, upTo: number): Promise<AttemptCount> {
    return count(db, 'username', username, since, upTo)
  },

  async countByAddress(db: Queryable, address: string, since: Date, upTo: number): Promise<AttemptCount> {
    return count(db, 'address', address, since, upTo)
  },
}

async function count(
  db: Queryable,
  column: 'username' | 'address',
  value: string,
  since: Date,
  upTo: number,
): Promise<AttemptCount> {
  const row = await db.one<{ n: number | string; oldest: string | null }>(
    `SELECT COUNT(*) AS n, MIN(attempted_at) AS oldest FROM login_attempts
      WHERE ${column} = $1 AND attempted_at > $2 AND id <= $3`,
    [value, since, upTo],
  )
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ?? null }
}
