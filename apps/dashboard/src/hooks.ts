import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiProblem } from './api.ts'

export interface Polled<T> {
  data: T | undefined
  error: ApiProblem | undefined
  /** When the last answer arrived. */
  at: Date | undefined
  reload: () => Promise<void>
}

/**
 * Calls `load` now, whenever `key` changes, and every `intervalMs` while the page is visible (so what the API
 * creates appears without a reload). An error is kept and shown until a later call succeeds.
 */
export function usePoll<T>(load: () => Promise<T>, key: string, intervalMs: number): Polled<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiProblem; at?: Date; key?: string }>({})
  const loadRef = useRef(load)
  loadRef.current = load
  const running = useRef(false)

  const reload = useCallback(async () => {
    if (running.current) return
    running.current = true
    try {
      const data = await loadRef.current()
      setState({ data, at: new Date(), key })
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : new ApiProblem(0, 'error', String(error))
      setState((previous) => ({ ...(previous.key === key ? previous : {}), error: problem, key }))
    } finally {
      running.current = false
    }
  }, [key])

  useEffect(() => {
    void reload()
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload()
    }, intervalMs)
    return () => clearInterval(timer)
  }, [reload, intervalMs])

  const current = state.key === key
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    at: current ? state.at : undefined,
    reload,
  }
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
