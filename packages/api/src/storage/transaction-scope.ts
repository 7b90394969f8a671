import { AsyncLocalStorage } from 'node:async_hooks'

export class TransactionMisuseError extends Error {
  override readonly name = 'TransactionMisuseError'
}

/** The life of one transaction, shared by its handle. */
export class TransactionState {
  active = true
  /** Told once the transaction has committed (Transaction.afterCommit). */
  readonly committed: Array<() => void> = []

  /** Runs the afterCommit callbacks; one that throws does not keep the others from running. */
  runCommitted(): void {
    for (const callback of this.committed.splice(0)) {
      try {
        callback()
      } catch (error) {
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  assertActive(): void {
    if (!this.active) {
      throw new TransactionMisuseError('This transaction has already ended: a query outlived its callback.')
    }
  }
}

/**
 * Remembers, across awaits, which transaction the running code belongs to. Calling the database (instead of
 * the `tx` handle) from inside a transaction is refused: on SQLite that call would wait for the very
 * transaction that is waiting for it, and on PostgreSQL it would run outside the transaction, unseen by it
 * and blocked by its row locks.
 *
 * The check is for tests and development. It needs an AsyncLocalStorage, and on Node 20 any use of one turns
 * on promise hooks for the whole process, a cost every request then pays; a server whose code the tests have
 * exercised turns it off (`checkTransactionScope: false` in openDatabase).
 */
export class TransactionScope {
  readonly #storage: AsyncLocalStorage<TransactionState> | undefined

  constructor(enabled = true) {
    this.#storage = enabled ? new AsyncLocalStorage<TransactionState>() : undefined
  }

  run<T>(state: TransactionState, fn: () => Promise<T>): Promise<T> {
    return this.#storage ? this.#storage.run(state, fn) : fn()
  }

  assertOutside(): void {
    if (this.#storage?.getStore()?.active) {
      throw new TransactionMisuseError(
        'The database was called from inside a transaction: use the transaction handle (tx) instead.',
      )
    }
  }
}
