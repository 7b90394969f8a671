import type { Queryable } from './types.ts'

/**
 * Sessions as they are created, across merchants, for the dashboards' live stream (domain/devtools/session-feed):
 * a range of the primary key, since session ids are UUIDv7 and sort by their creation time.
 */
export const sessionFeedRepository = {
  async idsBetween(db: Queryable, afterId: string, beforeId: string, limit: number) {
    return db.query<{ id: string; merchant_id: string }>(
      'SELECT id, merchant_id FROM checkout_sessions WHERE id > $1 AND id < $2 ORDER BY id LIMIT $3',
      [afterId, beforeId, limit],
    )
  },
}
