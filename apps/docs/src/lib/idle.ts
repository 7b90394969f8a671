/**
 * Runs `task` when the browser has a moment with nothing else to do, or after `timeout` ms at the latest, so
 * work that can wait (fixing up markup that is already on screen, prefetching links) stays out of the page's
 * first load. The task gets the idle period's deadline, to do as much as it leaves room for. Safari has no
 * requestIdleCallback; there a timer of `fallbackDelay` ms stands in, with no deadline. Returns a function
 * that cancels the task.
 */
export function whenIdle(
  task: (deadline?: IdleDeadline) => void,
  timeout = 2000,
  fallbackDelay = 1,
): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, fallbackDelay)
  return () => clearTimeout(handle)
}
