import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiProblem } from './api.ts'
import { type LiveMessage, useLiveStream } from './live.tsx'

export interface Polled<T> {
  data: T | undefined
  error: ApiProblem | undefined
  /** When the last answer arrived. */
  at: Date | undefined
  reload: () => Promise<void>
}

/**
 * Calls `load` now and whenever `key` changes, and again when `reload` is called. One call at a time: a reload
 * asked for while one runs is made once it ends, so a change that happened meanwhile is never missed. An error is
 * kept and shown until a later call succeeds.
 */
function useLoad<T>(load: () => Promise<T>, key: string): Polled<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiProblem; at?: Date; key?: string }>({})
  const loadRef = useRef(load)
  loadRef.current = load
  const keyRef = useRef(key)
  keyRef.current = key
  const running = useRef(false)
  const again = useRef(false)

  const reload = useCallback(async () => {
    if (running.current) {
      again.current = true
      return
    }
    running.current = true
    try {
      do {
        again.current = false
        // The answer belongs to the key it was asked for: one that changed meanwhile is read on the next turn.
        const asked = keyRef.current
        try {
          const data = await loadRef.current()
          setState({ data, at: new Date(), key: asked })
        } catch (error) {
          const problem = error instanceof ApiProblem ? error : new ApiProblem(0, 'error', String(error))
          setState((previous) => ({
            ...(previous.key === asked ? previous : {}),
            error: problem,
            key: asked,
          }))
        }
      } while (again.current)
    } finally {
      running.current = false
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is what makes it read again
  useEffect(() => {
    void reload()
  }, [key, reload])

  const current = state.key === key
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    at: current ? state.at : undefined,
    reload,
  }
}

/** Calls `reload` every `intervalMs` while the page is visible; never when it is undefined. */
function useInterval(reload: () => Promise<void>, intervalMs: number | undefined): void {
  useEffect(() => {
    if (intervalMs === undefined) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload()
    }, intervalMs)
    return () => clearInterval(timer)
  }, [reload, intervalMs])
}

/** Loads now, whenever `key` changes, and every `intervalMs` while the page is visible: for what no stream says. */
export function usePoll<T>(load: () => Promise<T>, key: string, intervalMs: number): Polled<T> {
  const polled = useLoad(load, key)
  useInterval(polled.reload, intervalMs)
  return polled
}

/** How often a live list is read while the stream is down (it reconnects meanwhile). */
export const FALLBACK_POLL_MS = 15_000
/**
 * How often delivery attempts are read: the stream carries events and redeliveries, not the attempts the
 * delivery worker makes (nor their retries, minutes apart), so a slow poll keeps them fresh.
 */
export const SLOW_POLL_MS = 10_000
/** When to read again after an event: the worker tries a new event at once, and answers come within a second. */
export const FOLLOW_UP_MS = 1_500

export interface LiveOptions {
  /** Which messages of the stream change what `load` reads (default: every one). */
  when?: (message: Exclude<LiveMessage, { kind: 'reconnected' }>) => boolean
  /**
   * Reads again this long after a matching event too: the stream says an event was written, not when the
   * delivery worker's try of it ends (it starts at once), so the try's answer is read a moment later.
   */
  followUpMs?: number
  /** Reads this often even while the stream is open: for what the stream does not carry (delivery attempts). */
  pollMs?: number
}

/**
 * Loads now, whenever `key` changes, and when the live stream says something changed (docs/adr/0016): what the
 * API creates appears without a reload and without reading every second. After the stream was down it reads
 * once more; while it is down, every FALLBACK_POLL_MS.
 */
export function useLive<T>(load: () => Promise<T>, key: string, options: LiveOptions = {}): Polled<T> {
  const polled = useLoad(load, key)
  const { reload } = polled
  const live = useLiveStream()
  const when = useRef(options.when)
  when.current = options.when
  const { followUpMs } = options

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>()
    const stop = live.subscribe((message) => {
      if (message.kind !== 'reconnected' && when.current && !when.current(message)) return
      void reload()
      if (followUpMs !== undefined && message.kind === 'event') {
        const timer = setTimeout(() => {
          timers.delete(timer)
          void reload()
        }, followUpMs)
        timers.add(timer)
      }
    })
    return () => {
      stop()
      for (const timer of timers) clearTimeout(timer)
    }
  }, [live, reload, followUpMs])

  const fallback = live.connected ? undefined : FALLBACK_POLL_MS
  const interval =
    options.pollMs === undefined ? fallback : Math.min(options.pollMs, fallback ?? Number.POSITIVE_INFINITY)
  useInterval(reload, interval)
  return polled
}

/** An action the tester starts with a button: busy while it runs, then its outcome, never swallowed. */
export function useAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiProblem | undefined>()
  const [done, setDone] = useState<string | undefined>()
  const run = useCallback(async (action: () => Promise<unknown>, success?: string) => {
    setBusy(true)
    setError(undefined)
    setDone(undefined)
    try {
      await action()
      setDone(success)
      return true
    } catch (caught) {
      setError(caught instanceof ApiProblem ? caught : new ApiProblem(0, 'error', String(caught)))
      return false
    } finally {
      setBusy(false)
    }
  }, [])
  return { busy, error, done, run, clear: () => setError(undefined) }
}
