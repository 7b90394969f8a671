/**
 * Runs `task` when the browser has a moment with nothing else to do, or after `timeout` ms at the latest, so
 * work that can wait (fixing up markup that is already on screen) stays out of the page's first load.
 * Safari has no requestIdleCallback; there a timer stands in. Returns a function that cancels the task.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(task, 1)
  return () => window.clearTimeout(handle)
}
