import type { Database, Queryable } from './types.ts'

// Dashboard sign-ups of the last hour (`signup_attempts`), counted per client address by the sign-up throttle
// (domain/sandbox/sign-up.ts).

export const signupAttemptRepository = {
  /** Records an attempt, committed at once, and answers its number (attempts are numbered as they come). */
  async insert(db: Database, address: string, at: Date): Promise<number> {
    const row = await db.transaction((tx) =>
      tx.one<{ id: number | string }>(
        'INSERT INTO signup_attempts (address, attempted_at) VALUES ($1, $2) RETURNING id',
        [address, at],
      ),
    )
    return Number(row?.id)
  },

  async remove(db: Queryable, id: number): Promise<void> {
    await db.run('DELETE FROM signup_attempts WHERE id = $1', [id])
  },

  /** Forgets the attempts made at or before `before`: they no longer count. */
  async prune(db: Queryable, before: Date): Promise<void> {
    await db.run('DELETE FROM signup_attempts WHERE attempted_at <= $1', [before])
  },

  /** The attempts from `address` since `since`, up to attempt `upTo` included, and when the oldest was made. */
  async countByAddress(
    db: Queryable,
    address: string,
    since: Date,
    upTo: number,
  ): Promise<{ count: number; oldest: string | null }> {
    const row = await db.one<{ n: number | string; oldest: string | null }>(
      `SELECT COUNT(*) AS n, MIN(attempted_at) AS oldest FROM signup_attempts
        WHERE address = $1 AND attempted_at > $2 AND id <= $3`,
      [address, since, upTo],
    )
    return { count: Number(row?.n ?? 0), oldest: row?.oldest ?? null }
  },
}
