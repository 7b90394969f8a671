/** A first-come, first-served lock for async code in one process. */
export class AsyncMutex {
  #tail: Promise<void> = Promise.resolve()

  /** Runs `fn` once every earlier holder has finished, whether it resolved or threw. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.#tail
    let release!: () => void
    this.#tail = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    try {
      return await fn()
    } finally {
      release()
    }
  }
}
