/** A first-come, first-served lock for async code in one process. */
export class AsyncMutex {
  #tail: Promise<void> = Promise.resolve()
  #holders = 0

  /** Whether nobody holds or waits for the lock: a synchronous step may then run at once. */
  get idle(): boolean {
    return this.#holders === 0
  }

  /** Runs `fn` once every earlier holder has finished, whether it resolved or threw. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    this.#holders++
    const previous = this.#tail
    let release!: () => void
    this.#tail = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    try {
      return await fn()
    } finally {
      this.#holders--
      release()
    }
  }
}
