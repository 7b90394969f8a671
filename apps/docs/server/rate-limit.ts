/**
 * Login attempts per client in a sliding window. Without a limit the shared password could be guessed by
 * brute force; with 10 a minute a guess of even a short password takes months.
 */
export class SlidingWindowLimiter {
  readonly #attempts = new Map<string, number[]>()
  readonly #max: number
  readonly #windowMs: number
  readonly #now: () => number

  constructor(max: number, windowMs: number, now: () => number = Date.now) {
    this.#max = max
    this.#windowMs = windowMs
    this.#now = now
  }

  /** Records an attempt; returns 0 if it is allowed, otherwise the seconds until the next one is. */
  hit(client: string): number {
    const now = this.#now()
    const since = now - this.#windowMs
    const recent = (this.#attempts.get(client) ?? []).filter((time) => time > since)
    if (recent.length >= this.#max) {
      this.#attempts.set(client, recent)
      const oldest = recent[0] ?? now
      return Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000))
    }
    recent.push(now)
    this.#attempts.set(client, recent)
    if (this.#attempts.size > 10_000) this.#prune(since)
    return 0
  }

  #prune(since: number): void {
    for (const [client, times] of this.#attempts) {
      if (times.every((time) => time <= since)) this.#attempts.delete(client)
    }
  }
}
