import { setTimeout as sleep } from 'node:timers/promises'
import type { EventStreamMessage } from '@plazo/node'
import type { Session } from './client.ts'

export interface StreamHandlers {
  onReady: () => void
  onEvent: (message: EventStreamMessage) => void
  /** The stream was lost; it is opened again after `retryMs` from the last id received. */
  onDisconnect: (reason: string) => void
}

/** Why the stream was lost: the first error code on the cause chain (ECONNREFUSED…), else the message. */
function reasonOf(error: unknown): string {
  let cause: unknown = error
  for (let depth = 0; depth < 5 && cause instanceof Object; depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string') return code
    cause = (cause as { cause?: unknown }).cause
  }
  return error instanceof Error ? error.message : String(error)
}

/**
 * Follows the merchant's event stream until `signal` aborts, through the SDK's `webhooks.streamEvents` (bearer
 * token, renewed once on a 401): opened again after a loss from the last id received (`Last-Event-ID`), so no
 * event is missed, after the delay the API asks for (`retry:`, 1 s until it says).
 */
export async function followStream(
  session: Session,
  signal: AbortSignal,
  handlers: StreamHandlers,
): Promise<void> {
  let lastEventId: string | undefined
  let retryMs = 1000
  while (!signal.aborted) {
    const stream = session.plazo.webhooks.streamEvents({ lastEventId, signal })
    try {
      for await (const item of stream) {
        if (item.event === 'ready') handlers.onReady()
        else handlers.onEvent(item.data)
      }
      if (!signal.aborted) handlers.onDisconnect('the API closed the stream')
    } catch (error) {
      if (signal.aborted) return
      handlers.onDisconnect(reasonOf(error))
    }
    lastEventId = stream.lastEventId
    retryMs = stream.retry ?? retryMs
    await sleep(retryMs, undefined, { signal }).catch(() => undefined)
  }
}
