import { createParser } from 'eventsource-parser'
import { PlazoConnectionError } from './errors.ts'
import type { EventStreamMessage } from './types.ts'

/** Options of `webhooks.streamEvents`. */
export interface StreamEventsOptions {
  /**
   * Go on after this message: the `id` of the last item you handled, sent as the `Last-Event-ID` header. The
   * events written since then come first, so a disconnection loses none. Without it, the stream starts now.
   */
  lastEventId?: string | undefined
  /** Seconds after which the API closes the stream and the iteration ends (1 to 3600). Default: never. */
  timeout?: number | undefined
  /** Closes the stream at once; the iteration then throws the abort reason. */
  signal?: AbortSignal | undefined
}

/**
 * What the event stream yields, in order: `ready` once it is open (its `id` is where it starts), then one
 * `message` per event of your sessions. Each `id` is a cursor to resume from (`lastEventId`).
 */
export type EventStreamItem =
  | { event: 'ready'; id: string }
  | { event: 'message'; id: string; data: EventStreamMessage }

/** Opens the stream from a cursor: resolves with the body of a 2xx answer, or throws its PlazoError. */
export type OpenEventStream = (lastEventId: string | undefined) => Promise<ReadableStream<Uint8Array>>

/**
 * The sandbox's stream of your events (`webhooks.streamEvents`): an async iterable that opens the connection when
 * iterated and closes it when the loop ends (`break`, a thrown error, `signal`). Server-sent events are parsed by
 * eventsource-parser. `lastEventId` follows the items handed out, so after a disconnection
 * `webhooks.streamEvents({ lastEventId: stream.lastEventId })` goes on where this one stopped; iterating the same
 * object again does the same.
 */
export class EventStream implements AsyncIterable<EventStreamItem> {
  readonly #open: OpenEventStream
  readonly #signal: AbortSignal | undefined
  #lastEventId: string | undefined
  #retry: number | undefined

  constructor(open: OpenEventStream, options: StreamEventsOptions = {}) {
    this.#open = open
    this.#signal = options.signal
    this.#lastEventId = options.lastEventId || undefined
  }

  /** The `id` of the last item handed out (or the `lastEventId` given): where to resume from. */
  get lastEventId(): string | undefined {
    return this.#lastEventId
  }

  /** The reconnection delay the API asks for (the stream's `retry:` field), in milliseconds, once it sent one. */
  get retry(): number | undefined {
    return this.#retry
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<EventStreamItem, void, undefined> {
    const body = await this.#open(this.#lastEventId)
    const parsed: EventStreamItem[] = []
    const parser = createParser({
      onRetry: (ms) => {
        this.#retry = ms
      },
      onEvent: ({ event, id, data }) => {
        // Other event names are for newer clients; comments (the keep-alive lines) never reach here.
        if (event === 'ready') parsed.push({ event, id: id ?? '' })
        else if (event === undefined || event === 'message')
          parsed.push({ event: 'message', id: id ?? '', data: JSON.parse(data) as EventStreamMessage })
      },
    })
    const decoder = new TextDecoder()
    for await (const chunk of read(body, this.#signal)) {
      parser.feed(decoder.decode(chunk, { stream: true }))
      for (let item = parsed.shift(); item !== undefined; item = parsed.shift()) {
        if (item.id !== '') this.#lastEventId = item.id
        yield item
      }
    }
  }
}

/**
 * The chunks of the body; a connection lost while reading is a PlazoConnectionError, an abort its own reason. The
 * signal cancels the reader itself: a read pending when the caller aborts ends at once, whether or not fetch's
 * own abort reaches the body (on Node 20 it sometimes did not, and the loop waited for the next server write).
 */
async function* read(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = body.getReader()
  const cancel = () => {
    reader.cancel(signal?.reason).catch(() => undefined)
  }
  signal?.addEventListener('abort', cancel, { once: true })
  let finished = false
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason
      const { done, value } = await reader.read()
      if (signal?.aborted) throw signal.reason
      if (done) {
        finished = true
        return
      }
      yield value
    }
  } catch (cause) {
    finished = true
    if (signal?.aborted) throw signal.reason ?? cause
    throw new PlazoConnectionError({
      message: `The Plazo event stream was cut: ${cause instanceof Error ? cause.message : String(cause)}`,
      cause,
    })
  } finally {
    signal?.removeEventListener('abort', cancel)
    // The loop ended early (`break`): close the connection rather than leave it open.
    if (!finished) await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}
