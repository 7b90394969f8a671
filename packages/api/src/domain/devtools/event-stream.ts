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

/**
 * The merchant's events as they are written, on every API node: each subscription polls the `events` table (by
 * `merchant_id, seq`) and the redeliveries, so an event written through any node that shares the database
 * reaches a listener on any other within `pollMs` of its commit. Every event is there, whether or not its
 * session has a notification URL (the outbox keeps those too, marked failed at once).
 */
export class EventStream {
  readonly #db: Database
  readonly #pollMs: number
  readonly #lookbackMs: number
  readonly #now: () => number

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
    let stopped = false
    let timer: NodeJS.Timeout | undefined
    const cursor = { ...from }
    // The floor each poll reads from, and the rows above it already sent (see lookbackMs).
    let floor = { ...from }
    const sentSeq = new Set<number>()
    const sentRedelivery = new Set<number>()
    const marks: Array<{ at: number; cursor: StreamCursor }> = []

    const emit = (row: StreamedEventRow, redelivery: boolean): void => {
      if (redelivery) {
        cursor.redelivery = Math.max(cursor.redelivery, row.redelivery_id ?? 0)
      } else cursor.seq = Math.max(cursor.seq, row.seq)
      send({
        cursor: formatCursor(cursor),
        event_id: row.event_id,
        type: row.type,
        checkout_session_id: row.checkout_session_id,
        redelivery,
        created_at: row.created_at,
        payload: row.payload,
      })
    }

    const poll = async (): Promise<boolean> => {
      const [events, redeliveries] = await Promise.all([
        eventStreamRepository.eventsAfter(this.#db, merchantId, floor.seq, BATCH),
        eventStreamRepository.redeliveriesAfter(this.#db, merchantId, floor.redelivery, BATCH),
      ])
      for (const row of events) {
        if (stopped) return false
        if (sentSeq.has(row.seq)) continue
        sentSeq.add(row.seq)
        emit(row, false)
      }
      for (const row of redeliveries) {
        const id = row.redelivery_id ?? 0
        if (stopped) return false
        if (sentRedelivery.has(id)) continue
        sentRedelivery.add(id)
        emit(row, true)
      }
      if (this.#lookbackMs === 0) {
        floor = { ...cursor }
        sentSeq.clear()
        sentRedelivery.clear()
      } else {
        const now = this.#now()
        marks.push({ at: now, cursor: { ...cursor } })
        while (marks.length > 0 && (marks[0]?.at ?? now) <= now - this.#lookbackMs) {
          const mark = marks.shift()
          if (mark) floor = mark.cursor
        }
        for (const seq of sentSeq) if (seq <= floor.seq) sentSeq.delete(seq)
        for (const id of sentRedelivery) if (id <= floor.redelivery) sentRedelivery.delete(id)
      }
      return events.length === BATCH || redeliveries.length === BATCH
    }

    const loop = (): void => {
      if (stopped) return
      poll().then(
        (more) => {
          if (!stopped) timer = setTimeout(loop, more ? 0 : this.#pollMs)
        },
        (error: unknown) => {
          onError(error)
          if (!stopped) timer = setTimeout(loop, this.#pollMs * 5)
        },
      )
    }
    loop()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }
}
