import type { WebhookEvent } from '@plazo/contract'
import { eventStreamRepository, type StreamedEventRow } from '../../storage/event-stream-repository.ts'
import type { Database } from '../../storage/index.ts'

/**
 * Where a stream is in a merchant's events: the last event `seq` and the last redelivery id it has passed.
 * Sent as the SSE `id` (`<seq>-<redelivery>`), so a client that reconnects with `Last-Event-ID` goes on from
 * there.
 */
export interface StreamCursor {
  seq: number
  redelivery: number
}

export const formatCursor = (cursor: StreamCursor): string => `${cursor.seq}-${cursor.redelivery}`

/** A `Last-Event-ID` the stream gave, or undefined for anything else (the stream then starts now). */
export function parseCursor(text: string | undefined): StreamCursor | undefined {
  const match = text === undefined ? null : /^(\d{1,15})-(\d{1,15})$/.exec(text.trim())
  if (!match) return undefined
  return { seq: Number(match[1]), redelivery: Number(match[2]) }
}

/** One event on the stream: written by a state change, or sent again (`redelivery: true`). */
export interface StreamedEvent {
  /** The cursor after this event (the SSE `id`). */
  cursor: string
  event_id: string
  type: string
  checkout_session_id: string
  redelivery: boolean
  created_at: string
  /** The notification body, exactly as it is POSTed to `notification_url`. */
  payload: WebhookEvent
}

export interface EventStreamOptions {
  db: Database
  /** How often a subscription reads new events (ms). */
  pollMs?: number
  /**
   * PostgreSQL numbers rows when they are inserted, not when they commit: a transaction that started first may
   * commit its event after a later one was read. Each poll reads again the rows of the last `lookbackMs`
   * (skipping those already sent), so such an event is still sent, out of order, rather than never.
   */
  lookbackMs?: number
  now?: () => number
}

const BATCH = 500

interface Subscription {
  merchantId: string
  /** Events at or before this were sent before the stream started (its `Last-Event-ID`, or now). */
  from: StreamCursor
  cursor: StreamCursor
  send: (event: StreamedEvent) => void
  /** Rows already sent, by seq and by redelivery id; pruned below the hub's re-read floor. */
  sentSeq: Set<number>
  sentRedelivery: Set<number>
  /** While it catches up on its own, the rows the hub read meanwhile wait here. */
  queued: Array<{ row: StreamedEventRow; redelivery: boolean }> | undefined
  stopped: boolean
}

/**
 * The merchants' events as they are written, on every API node. One loop per node (per EventStream) polls the
 * `events` table (by `seq`) and the redeliveries for every merchant at once, and hands each row to the node's
 * subscriptions of its merchant: the database sees the same queries whether one listener is connected or a
 * thousand (`npm run bench:stream`). A subscription that starts from an earlier cursor (`Last-Event-ID`) first
 * catches up with reads of its own merchant, then takes the loop's rows. An event written through any node that
 * shares the database reaches a listener on any other within `pollMs` of its commit. Every event is there,
 * whether or not its session has a notification URL (the outbox keeps those too, marked failed at once).
 */
export class EventStream {
  readonly #db: Database
  readonly #pollMs: number
  readonly #lookbackMs: number
  readonly #now: () => number
  readonly #subscriptions = new Map<string, Set<Subscription>>()
  readonly #onErrors = new Set<(error: unknown) => void>()
  /** Where the loop reads from, and the rows above it already handed out (see lookbackMs). */
  #floor: StreamCursor | undefined
  #head: StreamCursor = { seq: 0, redelivery: 0 }
  readonly #readSeq = new Set<number>()
  readonly #readRedelivery = new Set<number>()
  readonly #marks: Array<{ at: number; cursor: StreamCursor }> = []
  #timer: NodeJS.Timeout | undefined
  #running = false

  constructor(options: EventStreamOptions) {
    this.#db = options.db
    this.#pollMs = options.pollMs ?? 200
    this.#lookbackMs = options.db.engine === 'postgres' ? (options.lookbackMs ?? 3000) : 0
    this.#now = options.now ?? Date.now
  }

  /** The cursor of a stream that starts now: only events written from now on. */
  async cursorNow(merchantId: string): Promise<StreamCursor> {
    return eventStreamRepository.cursorNow(this.#db, merchantId)
  }

  /**
   * Sends the merchant's events after `from` to `send`, in order, until the returned function is called.
   * `onError` is told of a failed poll; polling goes on.
   */
  subscribe(
    merchantId: string,
    from: StreamCursor,
    send: (event: StreamedEvent) => void,
    onError: (error: unknown) => void,
  ): () => void {
    const subscription: Subscription = {
      merchantId,
      from: { ...from },
      cursor: { ...from },
      send,
      sentSeq: new Set(),
      sentRedelivery: new Set(),
      queued: [],
      stopped: false,
    }
    let group = this.#subscriptions.get(merchantId)
    if (!group) {
      group = new Set()
      this.#subscriptions.set(merchantId, group)
    }
    group.add(subscription)
    this.#onErrors.add(onError)
    this.#start()
    this.#catchUp(subscription).catch((error: unknown) => {
      onError(error)
      this.#flushQueue(subscription)
    })
    return () => {
      subscription.stopped = true
      group.delete(subscription)
      if (group.size === 0) this.#subscriptions.delete(merchantId)
      this.#onErrors.delete(onError)
      if (this.#subscriptions.size === 0) this.#stop()
    }
  }

  /** Reads the subscription's own merchant from its cursor until it has reached what the loop hands out. */
  async #catchUp(subscription: Subscription): Promise<void> {
    for (;;) {
      // Done once a read that began after the loop had its floor comes back short: everything above that floor
      // reaches the queue through the loop, everything up to it came through these reads.
      const loopReady = this.#floor !== undefined
      if (!loopReady) await new Promise((resolve) => setTimeout(resolve, 5))
      const floor = { ...subscription.cursor }
      const [events, redeliveries] = await Promise.all([
        eventStreamRepository.eventsAfter(this.#db, subscription.merchantId, floor.seq, BATCH),
        eventStreamRepository.redeliveriesAfter(this.#db, subscription.merchantId, floor.redelivery, BATCH),
      ])
      for (const row of events) this.#deliver(subscription, row, false)
      for (const row of redeliveries) this.#deliver(subscription, row, true)
      if (subscription.stopped) break
      if (loopReady && events.length < BATCH && redeliveries.length < BATCH) break
    }
    this.#flushQueue(subscription)
  }

  #flushQueue(subscription: Subscription): void {
    const queued = subscription.queued ?? []
    subscription.queued = undefined
    for (const { row, redelivery } of queued) this.#deliver(subscription, row, redelivery)
  }

  /** Sends a row once to a subscription, unless it is from before the subscription's start. */
  #deliver(subscription: Subscription, row: StreamedEventRow, redelivery: boolean): void {
    if (subscription.stopped) return
    if (redelivery) {
      const id = row.redelivery_id ?? 0
      if (id <= subscription.from.redelivery || subscription.sentRedelivery.has(id)) return
      subscription.sentRedelivery.add(id)
      subscription.cursor.redelivery = Math.max(subscription.cursor.redelivery, id)
    } else {
      if (row.seq <= subscription.from.seq || subscription.sentSeq.has(row.seq)) return
      subscription.sentSeq.add(row.seq)
      subscription.cursor.seq = Math.max(subscription.cursor.seq, row.seq)
    }
    // A session an integration check made: the run sends its events to the handler under test itself, and a
    // listener forwarding them too would have that handler act on them (docs/adr/0017).
    if (row.integration_check_id) return
    subscription.send({
      cursor: formatCursor(subscription.cursor),
      event_id: row.event_id,
      type: row.type,
      checkout_session_id: row.checkout_session_id,
      redelivery,
      created_at: row.created_at,
      payload: row.payload,
    })
  }

  /** Hands a row the loop read to the subscriptions of its merchant (queued for those still catching up). */
  #dispatch(row: StreamedEventRow & { merchant_id: string }, redelivery: boolean): void {
    for (const subscription of this.#subscriptions.get(row.merchant_id) ?? []) {
      if (subscription.queued) subscription.queued.push({ row, redelivery })
      else this.#deliver(subscription, row, redelivery)
    }
  }

  #start(): void {
    if (this.#running) return
    this.#running = true
    this.#floor = undefined
    this.#loop()
  }

  #stop(): void {
    this.#running = false
    clearTimeout(this.#timer)
    this.#timer = undefined
  }

  #loop(): void {
    if (!this.#running) return
    this.#poll().then(
      (more) => {
        if (this.#running) this.#timer = setTimeout(() => this.#loop(), more ? 0 : this.#pollMs)
      },
      (error: unknown) => {
        for (const onError of this.#onErrors) onError(error)
        if (this.#running) this.#timer = setTimeout(() => this.#loop(), this.#pollMs * 5)
      },
    )
  }

  /** One read of every merchant's new events and redeliveries; true when a batch was full (read again now). */
  async #poll(): Promise<boolean> {
    if (this.#floor === undefined) {
      // The loop hands out what is written from its start; subscriptions catch up on anything older themselves.
      this.#floor = await eventStreamRepository.cursorNowAll(this.#db)
      this.#head = { ...this.#floor }
    }
    const floor = this.#floor
    const [events, redeliveries] = await Promise.all([
      eventStreamRepository.eventsAfterAll(this.#db, floor.seq, BATCH),
      eventStreamRepository.redeliveriesAfterAll(this.#db, floor.redelivery, BATCH),
    ])
    for (const row of events) {
      if (this.#readSeq.has(row.seq)) continue
      this.#readSeq.add(row.seq)
      this.#head.seq = Math.max(this.#head.seq, row.seq)
      this.#dispatch(row, false)
    }
    for (const row of redeliveries) {
      const id = row.redelivery_id ?? 0
      if (this.#readRedelivery.has(id)) continue
      this.#readRedelivery.add(id)
      this.#head.redelivery = Math.max(this.#head.redelivery, id)
      this.#dispatch(row, true)
    }
    this.#advanceFloor()
    return events.length === BATCH || redeliveries.length === BATCH
  }

  /**
   * Moves the loop's floor up to what it has read (SQLite), or to what it had read `lookbackMs` ago (PostgreSQL,
   * whose late commits are then still read), and forgets the rows below it, in the loop and in every
   * subscription.
   */
  #advanceFloor(): void {
    if (this.#lookbackMs === 0) {
      this.#floor = { ...this.#head }
    } else {
      const now = this.#now()
      this.#marks.push({ at: now, cursor: { ...this.#head } })
      while (this.#marks.length > 0 && (this.#marks[0]?.at ?? now) <= now - this.#lookbackMs) {
        const mark = this.#marks.shift()
        if (mark) this.#floor = mark.cursor
      }
    }
    const floor = this.#floor as StreamCursor
    for (const seq of this.#readSeq) if (seq <= floor.seq) this.#readSeq.delete(seq)
    for (const id of this.#readRedelivery) if (id <= floor.redelivery) this.#readRedelivery.delete(id)
    for (const group of this.#subscriptions.values()) {
      for (const subscription of group) {
        if (subscription.queued) continue
        for (const seq of subscription.sentSeq) if (seq <= floor.seq) subscription.sentSeq.delete(seq)
        for (const id of subscription.sentRedelivery)
          if (id <= floor.redelivery) subscription.sentRedelivery.delete(id)
      }
    }
  }

  /** The merchant's latest events, newest first, with their delivery status (`plazo events list`). */
  async latest(merchantId: string, limit: number, order: 'newest' | 'failing_first' = 'newest') {
    const rows = await eventStreamRepository.latest(this.#db, merchantId, limit, order)
    return rows.map((row) => ({
      event_id: row.event_id,
      type: row.type,
      checkout_session_id: row.checkout_session_id,
      status: row.status,
      attempt_count: row.attempts,
      created_at: row.created_at,
    }))
  }
}
