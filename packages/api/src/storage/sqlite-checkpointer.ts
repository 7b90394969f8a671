import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

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
      db.exec('PRAGMA busy_timeout = 1000')
      // One statement for the thread's life, none garbage-collected (see sqlite-keep-alive.ts); prepared at the
      // first checkpoint, so that a file that is not a database fails each checkpoint, not the thread's start.
      let passive
      const checkpoint = () => (passive ??= db.prepare('PRAGMA wal_checkpoint(PASSIVE)')).get()
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
        timer = setTimeout(tick, changed ? workerData.busyMs : workerData.idleMs)
      }
      let timer = setTimeout(tick, workerData.idleMs)
      parentPort.on('message', ({ id, stop }) => {
        if (stop) {
          // Nothing left to run: the thread ends on its own once this returns.
          clearTimeout(timer)
          db.close()
          parentPort.close()
          return
        }
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

  /**
   * Asks the thread to close its connection and end, between two checkpoints. Not Worker.terminate(): a thread
   * terminated while better-sqlite3 is throwing (a checkpoint failing, e.g. on a full disk) aborts the whole
   * process (`FATAL ERROR: v8::ToLocalChecked Empty MaybeLocal` in Database::ThrowSqliteError). Nothing it says
   * afterwards is reported; the thread is unref'd, so it never holds the process.
   */
  stop(): void {
    this.#worker.removeAllListeners()
    // A worker 'error' with no listener would be thrown in this thread.
    this.#worker.on('error', () => {})
    this.#worker.postMessage({ stop: true })
  }
}

function describeWorkerError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error)
  const { message, code } = error as { message?: unknown; code?: unknown }
  return [code, message].filter((part) => typeof part === 'string' && part !== '').join(': ') || String(error)
}
