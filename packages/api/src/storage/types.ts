// The one query interface shared by both engines. SQL is written once, in the common subset of SQLite and
// PostgreSQL, with `$1, $2, …` placeholders (translated for SQLite). What callers can rely on:
//
// - Timestamps are TEXT holding ISO-8601 UTC with milliseconds (`2025-03-01T10:00:00.000Z`), on both engines,
//   so the API returns identical strings and `<`/`>` compare chronologically. Pass `Date` values: the layer
//   writes them in that exact form. Never use the database clock (`now()`, `CURRENT_TIMESTAMP`): the sandbox
//   clock is per merchant and lives in the application.
// - JSON columns are TEXT on both engines, so a stored document comes back with its keys in the order written
//   (jsonb would reorder them). Plain objects and arrays passed as parameters are serialised; columns listed in
//   `json-columns.ts` are parsed back to values on read.
// - Ids are TEXT holding lowercase UUIDs: an id that is not a UUID simply matches nothing on both engines,
//   where a PostgreSQL `uuid` column would raise an error that SQLite never raises.
// - Integers come back as numbers on both engines (PostgreSQL COUNT/BIGINT included).

export type Engine = 'sqlite' | 'postgres'

/** A value that can be bound to a placeholder. Objects and arrays are stored as JSON text. */
export type SqlParam = string | number | bigint | boolean | null | Date | Uint8Array | object

export type Row = Record<string, unknown>

export interface RunResult {
  /** Rows inserted, updated or deleted by the statement. */
  changes: number
}

export interface Queryable {
  readonly engine: Engine
  /** All rows of a statement (also for `INSERT … RETURNING`). */
  query<T extends object = Row>(sql: string, params?: readonly SqlParam[]): Promise<T[]>
  /** The first row, or undefined when there is none. */
  one<T extends object = Row>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined>
  /** Runs a statement and reports how many rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<RunResult>
}

export interface LockOptions {
  /** Skip rows another transaction holds (work queues): `FOR UPDATE SKIP LOCKED` on PostgreSQL. */
  skipLocked?: boolean
}

/**
 * The handle a transaction callback receives. Row locks: on PostgreSQL the `…ForUpdate` methods append
 * `FOR UPDATE` so a concurrent transaction waits for this one before it reads the row; on SQLite they are plain
 * reads, because every transaction there runs alone (see `SqliteDatabase`). Write the SELECT without a
 * trailing semicolon.
 */
export interface Transaction extends Queryable {
  queryForUpdate<T extends object = Row>(
    sql: string,
    params?: readonly SqlParam[],
    options?: LockOptions,
  ): Promise<T[]>
  oneForUpdate<T extends object = Row>(
    sql: string,
    params?: readonly SqlParam[],
    options?: LockOptions,
  ): Promise<T | undefined>
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** Calls `callback` once the transaction has committed (never when it rolls back). */
  afterCommit(callback: () => void): void
  /**
   * PostgreSQL: a NOTIFY on `channel`, delivered when the transaction commits (never when it rolls back) to every
   * node that listens on it in this database and schema, this one included (see Database.listen). SQLite serves
   * one node: nothing is sent.
   */
  notify(channel: string): Promise<void>
}

export interface Database extends Queryable {
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws (the error is
   * re-thrown). Use only the `tx` handle inside: calling the database itself from inside a transaction throws,
   * because on SQLite it would wait for the transaction that is waiting for it. Transactions do not nest.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>
  /**
   * Runs `fn`, which reads and then writes one statement at most (a create's lone INSERT), atomically and
   * durably: on SQLite as a transaction, so that concurrent ones share a commit; on PostgreSQL as plain
   * statements on the pool, without BEGIN and COMMIT, two of a create's four round trips. That is safe there
   * because one statement is atomic on its own, and under READ COMMITTED a read that takes no lock sees the
   * same inside a transaction as outside. A second write throws before it runs.
   */
  singleWrite<T>(fn: (db: Queryable) => Promise<T>): Promise<T>
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel` (Transaction.notify), sent by any node working
   * in the same database and schema (PostgreSQL, on a connection of its own, opened again when lost); a node in
   * another schema of the same database is not heard. SQLite serves one node, whose own signals need no database:
   * nothing is ever called there. Resolves with the call that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>
  /** Waits for running work, then releases the connection(s). */
  close(): Promise<void>
  /** Where the data lives, without credentials (for logs). */
  readonly description: string
}
