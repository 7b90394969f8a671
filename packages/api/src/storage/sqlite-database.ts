import { AsyncMutex } from './async-mutex.ts'
import { asError, warnOfBackgroundError } from './errors.ts'
import { oneWriteAtMost } from './single-write.ts'
import type { CheckpointResult } from './sqlite-checkpointer.ts'
import { SqliteConnection, type SyncFile } from './sqlite-connection.ts'
import { openWriterGate, type WriterGate } from './sqlite-writer-gate.ts'
import { TransactionScope, TransactionState } from './transaction-scope.ts'
import type { Database, LockOptions, Queryable, Row, RunResult, SqlParam, Transaction } from './types.ts'

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
 * costs on SQLite. Connections of one process to one file also take a WriterGate before the write lock, so
 * that one never waits synchronously for another's COMMIT, which needs the thread it would block.
 */
export class SqliteDatabase implements Database {
  readonly engine = 'sqlite'
  readonly description: string
  readonly #connection: SqliteConnection
  readonly #mutex = new AsyncMutex()
  readonly #gate: WriterGate
  readonly #closeGate: () => void
  readonly #scope: TransactionScope
  #batch: Batch | undefined
  #closed = false
  readonly #walRestartFrames: number
  #restartingWal = false
  #walPauses = 0
  /** No new pause for a WAL restart before this (performance.now()), see #onCheckpoint. */
  #nextWalRestart = 0
  readonly #onBackgroundError: (error: Error) => void
  /** Set when the WAL could not be made durable: from then on every call fails (see #sync). */
  #durabilityLost: Error | undefined

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
   * @param options.syncFile how commits are made durable (default fdatasync of the WAL on the thread pool;
   *   tests slow it down or make it fail)
   */
  constructor(
    filename: string,
    options: {
      checkTransactionScope?: boolean
      walRestartFrames?: number
      checkpointEveryMs?: { idle: number; busy: number }
      onBackgroundError?: (error: Error) => void
      syncFile?: SyncFile
    } = {},
  ) {
    this.#onBackgroundError = options.onBackgroundError ?? warnOfBackgroundError
    this.#scope = new TransactionScope(options.checkTransactionScope ?? true)
    this.description = filename === ':memory:' ? 'sqlite::memory:' : `sqlite:${filename}`
    this.#walRestartFrames = options.walRestartFrames ?? WAL_RESTART_FRAMES
    const gate = openWriterGate(filename)
    this.#gate = gate.gate
    this.#closeGate = gate.close
    this.#connection = new SqliteConnection(filename, {
      walSizeLimit: this.#walRestartFrames * WAL_FRAME_BYTES,
      checkpointEveryMs: options.checkpointEveryMs ?? { idle: CHECKPOINT_IDLE_MS, busy: CHECKPOINT_BUSY_MS },
      onCheckpoint: (result) => this.#onCheckpoint(result),
      onError: (error) => this.#onBackgroundError(error),
      ...(options.syncFile ? { syncFile: options.syncFile } : {}),
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
      let batch = this.#batch
      if (!batch) {
        const gate = this.#gate.acquire()
        if (gate) await gate
        batch = this.#openBatch()
      }
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
        if (this.#batch === batch && batch.members >= MAX_BATCH) await this.#commitBatch()
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
   * nothing (ROLLBACK TO its savepoint when it throws), and it resolves only once the COMMIT has succeeded
   * and is on disk; the batch commits at the end of the turn, before any statement outside a transaction
   * runs, or after MAX_BATCH members, so nobody ever reads rows that are not committed. The mutex stays held
   * while the WAL is synced (#sync): the transactions of the requests that arrive meanwhile queue, and share
   * the next batch and its single fsync.
   */
  #openBatch(): Batch {
    // The caller holds the gate; the batch gives it back when it commits or is rolled back.
    try {
      this.#connection.control('BEGIN IMMEDIATE')
    } catch (error) {
      this.#gate.release()
      throw error
    }
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
        if (this.#batch === batch) await this.#commitBatch()
      })
    })
    return batch
  }

  /** Commits the open batch and makes it durable; the caller holds the mutex. */
  async #commitBatch(): Promise<void> {
    const batch = this.#batch
    if (!batch) return
    this.#batch = undefined
    try {
      this.#connection.control('COMMIT')
    } catch (error) {
      try {
        if (this.#connection.inTransaction) this.#connection.control('ROLLBACK')
      } finally {
        this.#gate.release()
        // Whatever the ROLLBACK does, the batch's members learn that their changes are not committed.
        batch.settle(error)
      }
      return
    }
    this.#gate.release()
    try {
      await this.#sync()
    } catch (error) {
      batch.settle(error)
      return
    }
    batch.settle()
  }

  /**
   * Makes what was committed durable (SqliteConnection#sync); the caller holds the mutex, so nothing reads it
   * before. A failed fsync may have dropped written pages from the page cache (PostgreSQL's "fsyncgate"): what
   * is visible can no longer be trusted to be on disk, so from then on every call fails, and the process must
   * restart, which recovers from what the WAL really holds.
   */
  async #sync(): Promise<void> {
    try {
      await this.#connection.sync()
    } catch (error) {
      this.#durabilityLost ??= new Error(
        `The database ${this.description} could not make its writes durable (${asError(error).message}); restart the process`,
      )
      throw this.#durabilityLost
    }
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
        await this.#commitBatch()
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
    if (this.#batch === batch) {
      this.#batch = undefined
      this.#gate.release()
    }
    batch.settle(error)
  }

  close(): Promise<void> {
    return this.#mutex.run(async () => {
      if (this.#closed) return
      await this.#commitBatch().catch(() => undefined)
      this.#closed = true
      this.#connection.close()
      this.#closeGate()
    })
  }

  /**
   * A statement outside any transaction. When nobody holds or waits for the mutex or the gate and no batch is
   * open it runs at once (the statement is synchronous, so nothing can slip in), without the mutex's promises;
   * otherwise it queues. A write (autocommit) resolves once it is durable, like a transaction.
   */
  #outside<T>(fn: () => T): Promise<T> {
    this.#scope.assertOutside()
    if (this.#mutex.idle && this.#batch === undefined && this.#gate.free) {
      try {
        this.#assertOpen()
        const result = fn()
        if (!this.#connection.unsynced) return Promise.resolve(result)
        return this.#mutex.run(() => this.#sync()).then(() => result)
      } catch (error) {
        return Promise.reject(error)
      }
    }
    return this.#mutex.run(async () => {
      this.#assertOpen()
      await this.#commitBatch()
      this.#assertOpen() // the batch's sync may just have failed
      const gate = this.#gate.acquire()
      if (gate) await gate
      let result: T
      try {
        result = fn()
      } finally {
        this.#gate.release()
      }
      await this.#sync()
      return result
    })
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error(`The database ${this.description} is closed`)
    if (this.#durabilityLost) throw this.#durabilityLost
  }
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

  async notify(): Promise<void> {
    this.#state.assertActive()
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
