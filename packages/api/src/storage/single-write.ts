import type { Queryable, Row, RunResult, SqlParam } from './types.ts'

/**
 * `db` as Database.singleWrite hands it to its callback: reads pass through, and a second write throws before
 * it runs. On PostgreSQL the statements are not in a transaction, so two writes could commit one without the
 * other; the check makes that mistake fail on both engines, in the tests, instead of in a crash one day.
 */
export function oneWriteAtMost(db: Queryable): Queryable {
  let written = false
  return {
    engine: db.engine,
    query: <T extends object = Row>(sql: string, params?: readonly SqlParam[]) => db.query<T>(sql, params),
    one: <T extends object = Row>(sql: string, params?: readonly SqlParam[]) => db.one<T>(sql, params),
    run: (sql: string, params?: readonly SqlParam[]): Promise<RunResult> => {
      if (written) {
        return Promise.reject(
          new Error('singleWrite: a second write needs a transaction (Database.transaction)'),
        )
      }
      written = true
      return db.run(sql, params)
    },
  }
}
