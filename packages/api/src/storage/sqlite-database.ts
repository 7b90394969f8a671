import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import BetterSqlite3 from 'better-sqlite3'
import { AsyncMutex } from './async-mutex.ts'
import { asError, warnOfBackgroundError } from './errors.ts'
import { checkPlaceholders } from './placeholders.ts'
import { oneWriteAtMost } from './single-write.ts'
import { TransactionScope, TransactionState } from './transaction-scope.ts'
import type { Database, LockOptions, Queryable, Row, RunResult, SqlParam, Transaction } from './types.ts'
import { type BoundValue, bindValue, decodeColumns, jsonColumnsOf } from './values.ts'

const STATEMENT_CACHE_LIMIT = 200
/** At most this many transactions share one COMMIT (see SqliteDatabase#openBatch). */
const MAX_BATCH = 32

interface Batch {
  /** Transactions whose changes are in the batch (released savepoints). */
  members: number
  /** Settles when the batch has committed (or failed to). */
  committed: Promise<void>
  settle(error?: unknown): void
}

/**
 * SQLite through better-sqlite3: one synchronous connection per process. Transaction callbacks are async, so
 * without care two requests could interleave their statements inside one open transaction on that single
 * connection. Every transaction therefore holds an in-process mutex from `BEGIN IMMEDIATE` to `COMMIT`, and
 * every statement outside a transaction waits for the same mutex, so it never reads or writes inside someone
 * else's transaction. Transactions run strictly one after another; that is what makes a read-check-write in a
 * transaction safe without row locks. `BEGIN IMMEDIATE` takes the write lock at once, so another process on the
 * same file waits (busy_timeout) instead of failing at its first write. Transactions that follow each other
 * within one event-loop turn share a COMMIT (group commit, see #openBatch): the commit is most of what a write
 * costs on SQLite.
 */
export class SqliteDatabase implements Database {
  readonly engine = 'sqlite'
  readonly description: string
  readonly #connection: SqliteConnection
  readonly #mutex = new AsyncMutex()
  readonly #scope: TransactionScope
  #batch: Batch | undefined
  #closed = false
  readonly #walRestartFrames: number
  #restartingWal = false
  #walPauses = 0
  /** No new pause for a WAL restart before this (performance.now()), see #onCheckpoint. */
  #nextWalRestart = 0
  readonly #onBackgroundError: (error: Error) => void

  /**
   * @param filename a file path or `:memory:`
   * @param options.checkTransactionScope refuse database calls made inside a transaction (default true; see
   *   TransactionScope)
   * @param options.walRestartFrames how many frames the WAL may hold before writes pause for it to start over
   *   (default 16384, 64 MiB; see #onCheckpoint)
   * @param options.checkpointEveryMs how often the background checkpointer runs when it found nothing to copy
   *   (idle, default 1000) and when it did (busy, default 50)
   * @param options.onBackgroundError told when a background checkpoint fails or the checkpointer stops, for
   *   logging (the WAL grows until a checkpoint succeeds; requests go on); default: a process warning
   */
  constructor(
    filename: string,
    options: {
      checkTransactionScope?: boolean
      walRestartFrames?: number
      checkpointEveryMs?: { idle: number; busy: number }
      onBackgroundError?: (error: Error) => void
    } = {},
  ) {
    this.#onBackgroundError = options.onBackgroundError ?? warnOfBackgroundError
    this.#scope = new TransactionScope(options.checkTransactionScope ?? true)
    this.description = filename === ':memory:' ? 'sqlite::memory:' : `sqlite:${filename}`
    this.#walRestartFrames = options.walRestartFrames ?? WAL_RESTART_FRAMES
    this.#connection = new SqliteConnection(filename, {
      walSizeLimit: this.#walRestartFrames * WAL_FRAME_BYTES,
      checkpointEveryMs: options.checkpointEveryMs ?? { idle: CHECKPOINT_IDLE_MS, busy: CHECKPOINT_BUSY_MS },
      onCheckpoint: (result) => this.#onCheckpoint(result),
      onError: (error) => this.#onBackgroundError(error),
    })
  }

  /** How many times writes paused so that the WAL could start over (see #onCheckpoint): for tests and monitoring. */
  get walPauses(): number {
    return this.#walPauses
  }

  query<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    return this.#outside(() => this.#connection.all<T>(sql, params))
  }

  one<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T | undefined> {
    return this.#outside(() => this.#connection.first<T>(sql, params))
  }

  run(sql: string, params: readonly SqlParam[] = []): Promise<RunResult> {
    return this.#outside(() => this.#connection.run(sql, params))
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    this.#scope.assertOutside()
    const state = new TransactionState()
    const { result, batch } = await this.#mutex.run(async () => {
      this.#assertOpen()
      const batch = this.#batch ?? this.#openBatch()
      this.#connection.control('SAVEPOINT plazo_transaction')
      try {
        const result = await this.#scope.run(state, () => fn(new SqliteTransaction(this.#connection, state)))
        this.#connection.control('RELEASE plazo_transaction')
        batch.members++
        return { result, batch }
      } catch (error) {
        if (this.#connection.inTransaction) {
          this.#connection.control('ROLLBACK TO plazo_transaction')
          this.#connection.control('RELEASE plazo_transaction')
        } else {
          // SQLite rolled the whole transaction back (I/O error, disk full…): the batch's finished members
          // are lost with it and must not be reported as committed.
          this.#abandonBatch(batch, error)
        }
        throw error
      } finally {
        state.active = false
        if (this.#batch === batch && batch.members >= MAX_BATCH) this.#commitBatch()
      }
    })
    await batch.committed
    state.runCommitted()
    return result
  }

  singleWrite<T>(fn: (db: Queryable) => Promise<T>): Promise<T> {
    return this.transaction((tx) => fn(oneWriteAtMost(tx)))
  }

  async listen(): Promise<() => Promise<void>> {
    return async () => undefined
  }

  /**
   * Group commit: transactions that run back to back (one event-loop turn of concurrent requests) share one
   * SQLite transaction, each in its own savepoint, and one COMMIT. A member's changes are still all or
   * nothing (ROLLBACK TO its savepoint when it throws), and it resolves only once the COMMIT has succeeded;
   * the batch commits at the end of the turn, before any statement outside a transaction runs, or after
   * MAX_BATCH members, so nobody ever reads rows that are not committed.
   */
  #openBatch(): Batch {
    this.#connection.control('BEGIN IMMEDIATE')
    let settle!: (error?: unknown) => void
    const committed = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error))
    })
    // A batch without members (its only transaction threw) is settled too; nobody waits on it then.
    committed.catch(() => undefined)
    const batch: Batch = { members: 0, committed, settle }
    this.#batch = batch
    setImmediate(() => {
      void this.#mutex.run(async () => {
        if (this.#batch === batch) this.#commitBatch()
      })
    })
    return batch
  }

  /** Commits the open batch; the caller holds the mutex. */
  #commitBatch(): void {
    const batch = this.#batch
    if (!batch) return
    this.#batch = undefined
    try {
      this.#connection.control('COMMIT')
    } catch (error) {
      try {
        if (this.#connection.inTransaction) this.#connection.control('ROLLBACK')
      } finally {
        // Whatever the ROLLBACK does, the batch's members learn that their changes are not committed.
        batch.settle(error)
      }
      return
    }
    batch.settle()
  }

  /**
   * The WAL file only starts over when a write begins while every frame in it has been copied into the
   * database. Under a steady write load that moment never comes by itself: the background checkpointer copies
   * frames while new ones are appended, so the WAL grows without end (tens of MB a second), and every frame goes
   * to a new part of the file, which the file system must first allocate and zero. So once the WAL holds
   * `walRestartFrames` frames, writes pause while the checkpointer copies the last ones (the mutex is held:
   * transactions queue, the event loop goes on; ~20 ms here, mostly its two fsyncs), and the next write starts
   * the WAL over, on pages of the file that already exist. When that checkpoint cannot copy every frame
   * (another process reading an old snapshot) or fails, the next pause waits a second.
   */
  #onCheckpoint(result: CheckpointResult): void {
    // The checkpointer reports only a WAL that changed since its last look: once writes stop, so do pauses.
    // (A report of a WAL copied whole is no reason to skip one: under load, the batch being written when the
    // checkpoint finished has appended frames since, and it began too early to start the WAL over.)
    if (result.log < this.#walRestartFrames || this.#restartingWal || this.#closed) return
    if (performance.now() < this.#nextWalRestart) return
    this.#restartingWal = true
    let complete = false
    void this.#mutex
      .run(async () => {
        if (this.#closed) return
        this.#commitBatch()
        this.#walPauses++
        const done = await this.#connection.checkpoint()
        complete = done !== undefined && done.checkpointed === done.log
      })
      // A checkpoint that failed only means the WAL grows until the next try.
      .catch((error: unknown) => this.#onBackgroundError(asError(error)))
      .finally(() => {
        this.#restartingWal = false
        if (!complete) this.#nextWalRestart = performance.now() + WAL_RESTART_BACKOFF_MS
      })
  }

  #abandonBatch(batch: Batch, error: unknown): void {
    if (this.#batch === batch) this.#batch = undefined
    batch.settle(error)
  }

  close(): Promise<void> {
    return this.#mutex.run(async () => {
      if (this.#closed) return
      this.#commitBatch()
      this.#closed = true
      this.#connection.close()
    })
  }

  /**
   * A statement outside any transaction. When nobody holds or waits for the mutex it runs at once (the
   * statement is synchronous, so nothing can slip in), without the mutex's promises; otherwise it queues.
   */
  #outside<T>(fn: () => T): Promise<T> {
    this.#scope.assertOutside()
    if (this.#mutex.idle) {
      try {
        this.#assertOpen()
        this.#commitBatch()
        return Promise.resolve(fn())
      } catch (error) {
        return Promise.reject(error)
      }
    }
    return this.#mutex.run(async () => {
      this.#assertOpen()
      this.#commitBatch()
      return fn()
    })
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error(`The database ${this.description} is closed`)
  }
}

type ControlStatement =
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
class SqliteConnection {
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

class SqliteTransaction implements Transaction {
  readonly engine = 'sqlite'
  readonly #connection: SqliteConnection
  readonly #state: TransactionState

  constructor(connection: SqliteConnection, state: TransactionState) {
    this.#connection = connection
    this.#state = state
  }

  async query<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    this.#state.assertActive()
    return this.#connection.all<T>(sql, params)
  }

  async one<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T | undefined> {
    this.#state.assertActive()
    return this.#connection.first<T>(sql, params)
  }

  async run(sql: string, params: readonly SqlParam[] = []): Promise<RunResult> {
    this.#state.assertActive()
    return this.#connection.run(sql, params)
  }

  // The whole transaction already runs alone (see SqliteDatabase), so a row lock would add nothing.
  queryForUpdate<T extends object = Row>(
    sql: string,
    params: readonly SqlParam[] = [],
    _options?: LockOptions,
  ): Promise<T[]> {
    return this.query<T>(sql, params)
  }

  oneForUpdate<T extends object = Row>(
    sql: string,
    params: readonly SqlParam[] = [],
    _options?: LockOptions,
  ): Promise<T | undefined> {
    return this.one<T>(sql, params)
  }

  async exec(sql: string): Promise<void> {
    this.#state.assertActive()
    this.#connection.exec(sql)
  }

  afterCommit(callback: () => void): void {
    this.#state.assertActive()
    this.#state.committed.push(callback)
  }
}

/** How often the checkpointer looks at the WAL when the previous look found nothing to copy. */
const CHECKPOINT_IDLE_MS = 1000
/** …and when it did: under a steady write load it keeps close behind the writer. */
const CHECKPOINT_BUSY_MS = 50
/**
 * When the WAL holds this many frames (pages), writes pause once so that a checkpoint can copy all of them and
 * the next write starts the WAL file over (see SqliteDatabase#onCheckpoint). 16384 frames are 64 MiB.
 */
const WAL_RESTART_FRAMES = 16_384
/** A frame in the WAL file: its 24-byte header and a 4 KiB page. */
const WAL_FRAME_BYTES = 24 + 4096
/** After a pause for a WAL restart whose checkpoint did not copy every frame, the next one waits this long. */
const WAL_RESTART_BACKOFF_MS = 1000
/** A checkpoint the writer waits for that takes longer than this is given up (the writer resumes). */
const CHECKPOINT_WAIT_LIMIT_MS = 5000

/** What a checkpoint reports: frames in the WAL, and how many of them are copied into the database. */
export interface CheckpointResult {
  log: number
  checkpointed: number
}

type CheckpointerMessage =
  | ({ type: 'progress' } & CheckpointResult)
  | { type: 'failed'; error: string }
  | ({ type: 'checkpointed'; id: number } & CheckpointResult)
  | { type: 'checkpointed'; id: number; error: string }

/**
 * A worker thread with its own connection that checkpoints the WAL (PASSIVE: it never blocks readers or the
 * writer; a busy moment is simply retried on the next tick): by default every second when there is nothing to
 * copy, every 50 ms while there is. It reports each checkpoint that found the WAL changed, and each failure
 * (once, until a checkpoint succeeds again), and runs one at once when asked.
 * Written as plain CommonJS and loaded with `eval`, so it runs the same under tsx, vitest and node.
 */
export class Checkpointer {
  readonly #worker: Worker
  readonly #waiting = new Map<
    number,
    { resolve(result: CheckpointResult): void; reject(error: Error): void }
  >()
  #nextId = 1
  #failure: Error | undefined

  constructor(
    filename: string,
    everyMs: { idle: number; busy: number },
    report: { onCheckpoint(result: CheckpointResult): void; onError(error: Error): void },
  ) {
    const code = `
      const { workerData, parentPort } = require('node:worker_threads')
      const Database = require(workerData.driver)
      const db = new Database(workerData.filename, { fileMustExist: true })
      db.pragma('busy_timeout = 1000')
      const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0]
      let last = { log: 0, checkpointed: 0 }
      let lastError
      const tick = () => {
        // 'checkpointed' counts every frame of the WAL copied so far, not only by this call: the WAL changed
        // when either figure differs from the last look.
        let changed = false
        try {
          const { log, checkpointed } = checkpoint()
          changed = log !== last.log || checkpointed !== last.checkpointed
          last = { log, checkpointed }
          if (changed && log > 0) parentPort.postMessage({ type: 'progress', log, checkpointed })
          lastError = undefined
        } catch (error) {
          // The same failure every second (a full disk…) is reported once, until a checkpoint succeeds.
          if (String(error) !== lastError) parentPort.postMessage({ type: 'failed', error: String(error) })
          lastError = String(error)
        }
        setTimeout(tick, changed ? workerData.busyMs : workerData.idleMs)
      }
      setTimeout(tick, workerData.idleMs)
      parentPort.on('message', ({ id }) => {
        try {
          const { log, checkpointed } = checkpoint()
          parentPort.postMessage({ type: 'checkpointed', id, log, checkpointed })
        } catch (error) {
          parentPort.postMessage({ type: 'checkpointed', id, error: String(error) })
        }
      })
    `
    this.#worker = new Worker(code, {
      eval: true,
      workerData: {
        filename,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        idleMs: everyMs.idle,
        busyMs: everyMs.busy,
      },
    })
    this.#worker.unref()
    this.#worker.on('message', (message: CheckpointerMessage) => {
      if (message.type === 'progress') return report.onCheckpoint(message)
      if (message.type === 'failed')
        return report.onError(new Error(`WAL checkpoint failed: ${message.error}`))
      const waiting = this.#waiting.get(message.id)
      this.#waiting.delete(message.id)
      if ('error' in message) waiting?.reject(new Error(`WAL checkpoint failed: ${message.error}`))
      else waiting?.resolve(message)
    })
    // A checkpointer that died only means the WAL grows until the next start; never take the API down.
    const stopped = (error: Error) => {
      if (this.#failure) return // 'error' is followed by 'exit'
      this.#failure = error
      report.onError(error)
      for (const waiting of this.#waiting.values()) waiting.reject(error)
      this.#waiting.clear()
    }
    // An error thrown in the worker arrives as a structured clone: a SqliteError only keeps its `code`.
    this.#worker.on('error', (error: unknown) =>
      stopped(new Error(`the WAL checkpointer stopped: ${describeWorkerError(error)}`)),
    )
    this.#worker.on('exit', (code) => stopped(new Error(`the WAL checkpointer stopped (exit code ${code})`)))
  }

  /** A checkpoint now, on the worker's connection. */
  checkpoint(): Promise<CheckpointResult> {
    if (this.#failure) return Promise.reject(this.#failure)
    const id = this.#nextId++
    return new Promise<CheckpointResult>((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.#waiting.delete(id)
        reject(new Error(`no WAL checkpoint within ${CHECKPOINT_WAIT_LIMIT_MS} ms`))
      }, CHECKPOINT_WAIT_LIMIT_MS)
      // Not unref'd: while a checkpoint is awaited, writes wait for it, and a script with nothing else to do
      // must not exit under them (the worker itself is unref'd).
      const settled = (fn: () => void) => {
        clearTimeout(timeout)
        fn()
      }
      this.#waiting.set(id, {
        resolve: (result) => settled(() => resolve(result)),
        reject: (error) => settled(() => reject(error)),
      })
      this.#worker.postMessage({ id })
    })
  }

  stop(): void {
    this.#worker.removeAllListeners('exit')
    void this.#worker.terminate()
  }
}

function describeWorkerError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error)
  const { message, code } = error as { message?: unknown; code?: unknown }
  return [code, message].filter((part) => typeof part === 'string' && part !== '').join(': ') || String(error)
}
