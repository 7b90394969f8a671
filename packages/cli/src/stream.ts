import { createParser } from 'eventsource-parser'
import type { Session } from './client.ts'

/** One message of `GET /webhooks/events/stream` (EventStreamMessage of the contract). */
export interface StreamMessage {
  event_id: string
  type: string
  checkout_session_id: string
  redelivery: boolean
  created_at: string
  payload: unknown
}

export interface StreamHandlers {
  onReady: () => void
  onEvent: (message: StreamMessage) => void
  /** The stream was lost; it is opened again after `retryMs` from the last id received. */
  onDisconnect: (reason: string) => void
}

/**
 * Follows the merchant's event stream until `signal` aborts: SSE parsed with eventsource-parser over fetch (an
 * EventSource cannot send the bearer header), opened again after a loss with `Last-Event-ID`, so no event is
 * missed. A 401 renews the token once through the SDK.
 */
export async function followStream(
  session: Session,
  signal: AbortSignal,
  handlers: StreamHandlers,
): Promise<void> {
  let lastId: string | undefined
  let retryMs = 1000
  let renew = false
  while (!signal.aborted) {
    try {
      const token = await session.token(renew)
      renew = false
      const response = await fetch(`${session.apiUrl}/webhooks/events/stream`, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          ...(lastId ? { 'last-event-id': lastId } : {}),
        },
        signal,
      })
      if (response.status === 401) {
        renew = true
        throw new Error('HTTP 401')
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`)
      const parser = createParser({
        onRetry: (ms) => {
          retryMs = ms
        },
        onEvent: (event) => {
          if (event.id) lastId = event.id
          if (event.event === 'ready') handlers.onReady()
          else handlers.onEvent(JSON.parse(event.data) as StreamMessage)
        },
      })
      const decoder = new TextDecoder()
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }))
      if (!signal.aborted) handlers.onDisconnect('the API closed the stream')
    } catch (error) {
      if (signal.aborted) return
      const cause = (error as Error & { cause?: { code?: string } }).cause
      handlers.onDisconnect(cause?.code ?? (error as Error).message)
    }
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, retryMs)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve(undefined)
      })
    })
  }
}
