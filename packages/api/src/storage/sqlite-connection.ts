import { closeSync, fdatasync, fsyncSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { checkPlaceholders } from './placeholders.ts'
import { Checkpointer, type CheckpointResult } from './sqlite-checkpointer.ts'
import { keepAlive } from './sqlite-keep-alive.ts'
import type { Row, RunResult, SqlParam } from './types.ts'
import { type BoundValue, bindValue, decodeColumns, jsonColumnsOf } from './values.ts'

/** Statements a connection keeps prepared; past it, the cache starts over (the dropped ones go to keepAlive). */
const STATEMENT_CACHE_LIMIT = 1000

/** Makes what is written to an open file durable; settles once it is on disk. */
export type SyncFile = (fd: number) => Promise<void>

/** fdatasync on libuv's thread pool: the event loop goes on while the disk works. */
export const fdatasyncFile: SyncFile = (fd) =>
  new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())))

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
  /** Whether the statement may write (read once: asking better-sqlite3 is a call into SQLite). */
  writes: boolean
}

/** The better-sqlite3 handle with cached statements. Its callers decide when it may run. */
export class SqliteConnection {
  readonly #db: BetterSqlite3.Database
  readonly #plans = new Map<string, Plan>()
  readonly #control = new Map<ControlStatement, BetterSqlite3.Statement>()
  readonly #checkpointer: Checkpointer | undefined
  /** The WAL file, whose fdatasync makes commits durable; none for an in-memory database. */
  readonly #walPath: string | undefined
  #walFd: number | undefined
  readonly #syncFile: SyncFile
  /** A commit, or a write outside a transaction, since the last sync: it may not be on disk yet. */
  #unsynced = false

  /**
   * @param wal.walSizeLimit bytes the WAL file is truncated to when it starts over larger
   * @param wal.checkpointEveryMs the background checkpointer's intervals (see SqliteDatabase)
   * @param wal.onCheckpoint told of each background checkpoint that found the WAL changed
   * @param wal.onError told when a background checkpoint fails (once until one succeeds) or the checkpointer
   * stops (all four for file databases only: an in-memory one has no WAL)
   * @param wal.syncFile how sync() makes the WAL durable (default fdatasyncFile; tests slow it down)
   */
  constructor(
    filename: string,
    wal: {
      walSizeLimit: number
      checkpointEveryMs: { idle: number; busy: number }
      onCheckpoint(result: CheckpointResult): void
      onError(error: Error): void
      syncFile?: SyncFile
    },
  ) {
    this.#db = new BetterSqlite3(filename)
    this.#syncFile = wal.syncFile ?? fdatasyncFile
    // Settings go through exec, which creates no Statement object (see sqlite-keep-alive.ts).
    if (filename !== ':memory:') {
      this.#db.exec('PRAGMA journal_mode = WAL')
      // A commit must be on disk before it is answered, so that it survives a power loss too (docs/adr/0007).
      // SQLite's FULL fsyncs the WAL inside COMMIT, on the event loop, where nothing else runs meanwhile. So
      // SQLite runs NORMAL (consistent after a crash; checkpoints still fsync), and the caller makes the WAL
      // durable with sync() on the thread pool before answering, while other requests are parsed and
      // validated (docs/adr/0008).
      this.#db.exec('PRAGMA synchronous = NORMAL')
      this.#walPath = `${filename}-wal`
      // Checkpoints (copying the WAL back into the database, with fsyncs) would otherwise run inside a commit
      // on the request path every ~1000 pages; a worker thread runs them instead (better-sqlite3's advice).
      this.#db.exec('PRAGMA wal_autocheckpoint = 0')
      this.#db.exec(`PRAGMA journal_size_limit = ${Math.trunc(wal.walSizeLimit)}`)
      this.#checkpointer = new Checkpointer(filename, wal.checkpointEveryMs, wal)
    }
    this.#db.exec('PRAGMA foreign_keys = ON')
    this.#db.exec('PRAGMA busy_timeout = 5000')
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction
  }

  /** Whether something was committed since the last sync() (and may be lost with the power). */
  get unsynced(): boolean {
    return this.#unsynced
  }

  /**
   * Makes every commit so far durable: one fdatasync of the WAL, whatever the number of commits. The caller
   * must keep every other statement waiting until it settles, so that nothing reads a row that could still be
   * lost. The WAL file is opened once, and its directory entry made durable then.
   */
  async sync(): Promise<void> {
    if (!this.#unsynced) return
    this.#unsynced = false
    if (this.#walPath === undefined) return
    if (this.#walFd === undefined) {
      this.#walFd = openSync(this.#walPath, 'r')
      const directory = openSync(dirname(this.#walPath), 'r')
      try {
        fsyncSync(directory)
      } finally {
        closeSync(directory)
      }
    }
    await this.#syncFile(this.#walFd)
  }

  /** Notes a statement that may have written outside a transaction (autocommit): it needs a sync. */
  #wrote(plan: Plan): void {
    if (plan.writes && !this.#db.inTransaction) this.#unsynced = true
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
      this.#wrote(plan)
      return []
    }
    const rows = plan.statement.all(...values) as Row[]
    this.#wrote(plan)
    if (plan.jsonColumns.length > 0) for (const row of rows) decodeColumns(row, plan.jsonColumns)
    return rows as T[]
  }

  /** The first row a statement returns (it stops there), or undefined. */
  first<T>(sql: string, params: readonly SqlParam[]): T | undefined {
    const plan = this.#plan(sql, params.length)
    const values = bind(plan, params)
    if (!plan.statement.reader) {
      plan.statement.run(...values)
      this.#wrote(plan)
      return undefined
    }
    const row = plan.statement.get(...values) as Row | undefined
    this.#wrote(plan)
    if (row && plan.jsonColumns.length > 0) decodeColumns(row, plan.jsonColumns)
    return row as T | undefined
  }

  run(sql: string, params: readonly SqlParam[]): RunResult {
    const plan = this.#plan(sql, params.length)
    const { changes } = plan.statement.run(...bind(plan, params))
    this.#wrote(plan)
    return { changes }
  }

  exec(sql: string): void {
    this.#db.exec(sql)
    if (!this.#db.inTransaction) this.#unsynced = true
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
    if (sql === 'COMMIT') this.#unsynced = true
  }

  close(): void {
    keepAlive(this.#db, ...[...this.#plans.values()].map((plan) => plan.statement), ...this.#control.values())
    this.#plans.clear()
    this.#control.clear()
    this.#checkpointer?.stop()
    this.#db.close()
    if (this.#walFd !== undefined) closeSync(this.#walFd)
    this.#walFd = undefined
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
    const plan = { statement, order: order.map((n) => n - 1), jsonColumns, writes: !statement.readonly }
    if (this.#plans.size >= STATEMENT_CACHE_LIMIT) {
      keepAlive(...[...this.#plans.values()].map((cached) => cached.statement))
      this.#plans.clear()
    }
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
