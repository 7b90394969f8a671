import BetterSqlite3 from 'better-sqlite3'
import { checkPlaceholders } from './placeholders.ts'
import { Checkpointer, type CheckpointResult } from './sqlite-checkpointer.ts'
import type { Row, RunResult, SqlParam } from './types.ts'
import { type BoundValue, bindValue, decodeColumns, jsonColumnsOf } from './values.ts'

const STATEMENT_CACHE_LIMIT = 200

export type ControlStatement =
  | 'BEGIN IMMEDIATE'
  | 'COMMIT'
  | 'ROLLBACK'
  | 'SAVEPOINT plazo_transaction'
  | 'RELEASE plazo_transaction'
  | 'ROLLBACK TO plazo_transaction'

/** A statement prepared once per SQL text, with what binding and decoding it need. */
interface Plan {
  statement: BetterSqlite3.Statement
  /** For each `?`, the 0-based index of its parameter (a `$n` used twice binds twice). */
  order: number[]
  /** The JSON columns among the statement's result columns (none for a write). */
  jsonColumns: string[]
}

/** The better-sqlite3 handle with cached statements. Its callers decide when it may run. */
export class SqliteConnection {
  readonly #db: BetterSqlite3.Database
  readonly #plans = new Map<string, Plan>()
  readonly #control = new Map<ControlStatement, BetterSqlite3.Statement>()
  readonly #checkpointer: Checkpointer | undefined

  /**
   * @param wal.walSizeLimit bytes the WAL file is truncated to when it starts over larger
   * @param wal.checkpointEveryMs the background checkpointer's intervals (see SqliteDatabase)
   * @param wal.onCheckpoint told of each background checkpoint that found the WAL changed
   * @param wal.onError told when a background checkpoint fails (once until one succeeds) or the checkpointer
   * stops (all four for file databases only: an in-memory one has no WAL)
   */
  constructor(
    filename: string,
    wal: {
      walSizeLimit: number
      checkpointEveryMs: { idle: number; busy: number }
      onCheckpoint(result: CheckpointResult): void
      onError(error: Error): void
    },
  ) {
    this.#db = new BetterSqlite3(filename)
    if (filename !== ':memory:') {
      this.#db.pragma('journal_mode = WAL')
      // FULL: a write is on disk (the WAL fsynced) before its commit returns, so an answered write survives a
      // power loss too; NORMAL survives only a process crash. With the group commit one fsync serves a whole
      // batch: measured on the 2-core machine, creates ~20 % slower than with NORMAL (docs/adr/0007).
      this.#db.pragma('synchronous = FULL')
      // Checkpoints (copying the WAL back into the database, with fsyncs) would otherwise run inside a commit
      // on the request path every ~1000 pages; a worker thread runs them instead (better-sqlite3's advice).
      this.#db.pragma('wal_autocheckpoint = 0')
      this.#db.pragma(`journal_size_limit = ${wal.walSizeLimit}`)
      this.#checkpointer = new Checkpointer(filename, wal.checkpointEveryMs, wal)
    }
    this.#db.pragma('foreign_keys = ON')
    this.#db.pragma('busy_timeout = 5000')
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction
  }

  /** A checkpoint on the checkpointer's connection, now; undefined for an in-memory database. */
  checkpoint(): Promise<CheckpointResult> | undefined {
    return this.#checkpointer?.checkpoint()
  }

  all<T>(sql: string, params: readonly SqlParam[]): T[] {
    const plan = this.#plan(sql, params.length)
    const values = bind(plan, params)
    if (!plan.statement.reader) {
      plan.statement.run(...values)
      return []
    }
    const rows = plan.statement.all(...values) as Row[]
    if (plan.jsonColumns.length > 0) for (const row of rows) decodeColumns(row, plan.jsonColumns)
    return rows as T[]
  }

  /** The first row a statement returns (it stops there), or undefined. */
  first<T>(sql: string, params: readonly SqlParam[]): T | undefined {
    const plan = this.#plan(sql, params.length)
    const values = bind(plan, params)
    if (!plan.statement.reader) {
      plan.statement.run(...values)
      return undefined
    }
    const row = plan.statement.get(...values) as Row | undefined
    if (row && plan.jsonColumns.length > 0) decodeColumns(row, plan.jsonColumns)
    return row as T | undefined
  }

  run(sql: string, params: readonly SqlParam[]): RunResult {
    const plan = this.#plan(sql, params.length)
    return { changes: plan.statement.run(...bind(plan, params)).changes }
  }

  exec(sql: string): void {
    this.#db.exec(sql)
  }

  /**
   * One of the transaction-control statements the database runs for every transaction (BEGIN, SAVEPOINT,
   * RELEASE, COMMIT…), prepared once: `exec` would compile it again on every call.
   */
  control(sql: ControlStatement): void {
    let statement = this.#control.get(sql)
    if (!statement) {
      statement = this.#db.prepare(sql)
      this.#control.set(sql, statement)
    }
    statement.run()
  }

  close(): void {
    this.#plans.clear()
    this.#control.clear()
    this.#checkpointer?.stop()
    this.#db.close()
  }

  /** The statement's plan, made on first use (placeholders checked and rewritten, statement prepared). */
  #plan(sql: string, paramCount: number): Plan {
    const cached = this.#plans.get(sql)
    if (cached) {
      // The SQL was checked when planned; only the number of values can differ from one call to the next.
      checkPlaceholders(sql, paramCount)
      return cached
    }
    const { anonymous, order } = checkPlaceholders(sql, paramCount)
    const statement = this.#db.prepare(anonymous)
    const jsonColumns = statement.reader
      ? jsonColumnsOf(statement.columns().map((column) => column.name))
      : []
    const plan = { statement, order: order.map((n) => n - 1), jsonColumns }
    if (this.#plans.size >= STATEMENT_CACHE_LIMIT) this.#plans.clear()
    this.#plans.set(sql, plan)
    return plan
  }
}

/** The values of a statement's `?`s, in order, in the form SQLite binds. */
function bind(plan: Plan, params: readonly SqlParam[]): unknown[] {
  const values = new Array<unknown>(plan.order.length)
  for (let i = 0; i < plan.order.length; i++) {
    values[i] = toSqliteValue(bindValue(params[plan.order[i] as number]))
  }
  return values
}

function toSqliteValue(value: BoundValue): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value
}
