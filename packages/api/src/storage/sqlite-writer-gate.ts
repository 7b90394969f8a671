import { resolve } from 'node:path'

/**
 * SQLite's write lock as the connections of one process see it. A connection that finds the file locked
 * waits for it synchronously (busy_timeout), blocking the thread: when the lock is held by another connection
 * of the same process, whose COMMIT needs that thread (a group commit runs on setImmediate), the wait can only
 * end in "database is locked". Two API nodes are two processes and never meet this; tests that run two nodes
 * in one process on one file do. So the connections of a process to one file take this gate, asynchronously,
 * before they take the write lock (BEGIN IMMEDIATE, or a statement outside a transaction), and give it back
 * when they release it (COMMIT, ROLLBACK). A gate nobody else holds is taken at once, without a promise.
 */
export class WriterGate {
  #held = false
  readonly #waiting: Array<() => void> = []

  /** Whether nobody holds the gate: a synchronous step may then take the write lock without taking it. */
  get free(): boolean {
    return !this.#held
  }

  /** Takes the gate: at once (undefined) when it is free, otherwise a promise that resolves when it is ours. */
  acquire(): Promise<void> | undefined {
    if (!this.#held) {
      this.#held = true
      return undefined
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  /** Gives the gate to the next waiter, first come first served, or frees it. */
  release(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#held = false
  }
}

const shared = new Map<string, { gate: WriterGate; users: number }>()

/**
 * The gate of `filename` for one connection, shared with the process's other connections to the same file;
 * `close` when the connection closes. An in-memory database is its connection's alone.
 */
export function openWriterGate(filename: string): { gate: WriterGate; close(): void } {
  if (filename === ':memory:' || filename === '') return { gate: new WriterGate(), close: () => undefined }
  const key = resolve(filename)
  let entry = shared.get(key)
  if (!entry) {
    entry = { gate: new WriterGate(), users: 0 }
    shared.set(key, entry)
  }
  entry.users++
  const opened = entry
  let closed = false
  return {
    gate: opened.gate,
    close() {
      if (closed) return
      closed = true
      if (--opened.users === 0 && shared.get(key) === opened) shared.delete(key)
    },
  }
}
