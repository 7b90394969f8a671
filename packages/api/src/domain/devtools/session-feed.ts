import { sessionFeedRepository } from '../../storage/session-feed-repository.ts'
import type { Database } from '../../storage/types.ts'

export interface SessionFeedOptions {
  db: Database
  /** How often the loop reads new sessions while someone listens (ms). */
  pollMs?: number
  /**
   * How far back each read goes (ms). An id is made before its INSERT commits, so a session can become visible
   * after a later one was read (another request, another node): reading the last moments again, skipping the
   * ids already handed out, still finds it.
   */
  lookbackMs?: number
  now?: () => number
}

const BATCH = 500
/** Ids from a node whose clock runs ahead are still found, within reason. */
const AHEAD_MS = 60_000

/** The smallest UUID string of any UUIDv7 made at `ms` or later. */
export function lowestIdAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`
}

/** The time a UUIDv7 was made at (its first 48 bits). */
function msOf(id: string): number {
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
}

/**
 * New sessions as they are created, on every API node: what the dashboards' live stream says besides events (a
 * create writes none). As the EventStream hub, one loop per node serves every listener: it reads the range of
 * session ids (UUIDv7, time-ordered) created since its last read, for every merchant at once, and hands each to
 * the node's listeners of that merchant, so the database sees one query per `pollMs` however many dashboards
 * are open, and none when none is. A session created through any node reaches a listener on any other.
 */
export class SessionFeed {
  readonly #db: Database
  readonly #pollMs: number
  readonly #lookbackMs: number
  readonly #now: () => number
  readonly #listeners = new Map<string, Set<(sessionId: string) => void>>()
  readonly #onErrors = new Set<(error: unknown) => void>()
  /** Ids handed out, kept while they are within the look-back window. */
  readonly #seen = new Set<string>()
  /** Sessions created before the loop started are not news. */
  #startedAt = 0
  #timer: NodeJS.Timeout | undefined
  #running = false

  constructor(options: SessionFeedOptions) {
    this.#db = options.db
    this.#pollMs = options.pollMs ?? 250
    this.#lookbackMs = options.lookbackMs ?? 2_000
    this.#now = options.now ?? Date.now
  }

  /** Calls `send` with the id of each session of the merchant created from now on, until the answer is called. */
  subscribe(
    merchantId: string,
    send: (sessionId: string) => void,
    onError: (error: unknown) => void,
  ): () => void {
    let group = this.#listeners.get(merchantId)
    if (!group) {
      group = new Set()
      this.#listeners.set(merchantId, group)
    }
    group.add(send)
    this.#onErrors.add(onError)
    this.#start()
    return () => {
      group.delete(send)
      if (group.size === 0) this.#listeners.delete(merchantId)
      this.#onErrors.delete(onError)
      if (this.#listeners.size === 0) this.#stop()
    }
  }

  #start(): void {
    if (this.#running) return
    this.#running = true
    this.#startedAt = this.#now()
    this.#seen.clear()
    this.#timer = setTimeout(() => this.#loop(), this.#pollMs)
  }

  #stop(): void {
    this.#running = false
    clearTimeout(this.#timer)
    this.#timer = undefined
  }

  #loop(): void {
    if (!this.#running) return
    this.#poll().then(
      () => {
        if (this.#running) this.#timer = setTimeout(() => this.#loop(), this.#pollMs)
      },
      (error: unknown) => {
        for (const onError of this.#onErrors) onError(error)
        if (this.#running) this.#timer = setTimeout(() => this.#loop(), this.#pollMs * 5)
      },
    )
  }

  async #poll(): Promise<void> {
    const now = this.#now()
    const from = Math.max(this.#startedAt, now - this.#lookbackMs)
    const before = lowestIdAt(now + AHEAD_MS)
    let after = lowestIdAt(from)
    for (;;) {
      const rows = await sessionFeedRepository.idsBetween(this.#db, after, before, BATCH)
      for (const row of rows) {
        if (this.#seen.has(row.id)) continue
        this.#seen.add(row.id)
        for (const send of this.#listeners.get(row.merchant_id) ?? []) send(row.id)
      }
      const last = rows.at(-1)
      if (rows.length < BATCH || !last) break
      after = last.id
    }
    for (const id of this.#seen) if (msOf(id) < from) this.#seen.delete(id)
  }
}
