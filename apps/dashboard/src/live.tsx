// The dashboard's live updates: one EventSource per signed-in page on the API's dashboard stream (the session
// cookie goes with it, same origin; docs/adr/0016), shared by every list that wants to know what changed. The
// stream says which event of the merchant was written or sent again, and which session was created; the lists
// then read what changed through the API. While it is down, the lists poll instead (hooks.ts).
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { api, type DashboardNewSessionMessage, type DashboardStreamMessage, STREAM_URL } from './api.ts'

export type LiveMessage =
  | ({ kind: 'event' } & DashboardStreamMessage)
  | ({ kind: 'session' } & DashboardNewSessionMessage)
  /** The stream opened again: what happened while it was down was not heard. */
  | { kind: 'reconnected' }

export interface Live {
  /** Whether the stream is open now. */
  connected: boolean
  /** Calls `listener` with each message until the answer is called. */
  subscribe(listener: (message: LiveMessage) => void): () => void
}

// Outside a provider (or in a browser without EventSource) nothing is live: the lists poll.
const LiveContext = createContext<Live>({ connected: false, subscribe: () => () => {} })

export function useLiveStream(): Live {
  return useContext(LiveContext)
}

/** The longest wait before opening the stream again after it failed. */
const MAX_RETRY_MS = 30_000

function parse<T>(data: string): T | undefined {
  try {
    return JSON.parse(data) as T
  } catch {
    return undefined
  }
}

/** Opens the stream for the signed-in pages under it, and keeps it open until they unmount (sign-out). */
export function LiveProvider({ children }: { children: ReactNode }) {
  const listeners = useRef(new Set<(message: LiveMessage) => void>())
  const [connected, setConnected] = useState(false)

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let unmounted = false
    let openedBefore = false
    let failures = 0
    const emit = (message: LiveMessage) => {
      for (const listener of listeners.current) listener(message)
    }
    const later = (ms: number) => {
      clearTimeout(retry)
      retry = setTimeout(() => {
        if (!unmounted) open()
      }, ms)
    }
    const open = () => {
      source?.close()
      const current = new EventSource(STREAM_URL)
      source = current
      current.addEventListener('ready', () => {
        failures = 0
        setConnected(true)
        if (openedBefore) emit({ kind: 'reconnected' })
        openedBefore = true
      })
      current.addEventListener('message', (event) => {
        const data = parse<DashboardStreamMessage>(event.data)
        if (data) emit({ kind: 'event', ...data })
      })
      current.addEventListener('session', (event) => {
        const data = parse<DashboardNewSessionMessage>((event as MessageEvent<string>).data)
        if (data) emit({ kind: 'session', ...data })
      })
      // The login ended (signed out in another tab, the password changed, the account deleted): the API says
      // where the page stands. Its 401 takes the app to the sign-in page; a new cookie (a password changed in
      // this tab) opens the stream again.
      current.addEventListener('signed-out', () => {
        current.close()
        setConnected(false)
        api.account().then(
          () => later(0),
          () => {},
        )
      })
      current.addEventListener('error', () => {
        setConnected(false)
        // A cut stream is retried by the browser itself (the API asks for 2 s); an answer that is not a stream
        // (401, the sandbox down) closes it for good: open it again later, waiting longer each time.
        if (current.readyState === EventSource.CLOSED) {
          failures++
          later(Math.min(MAX_RETRY_MS, 1000 * 2 ** failures))
        }
      })
    }
    open()
    return () => {
      unmounted = true
      clearTimeout(retry)
      source?.close()
    }
  }, [])

  const value = useMemo<Live>(
    () => ({
      connected,
      subscribe(listener) {
        listeners.current.add(listener)
        return () => {
          listeners.current.delete(listener)
        }
      },
    }),
    [connected],
  )
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>
}
