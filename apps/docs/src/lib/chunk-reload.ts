/**
 * Recovery from route chunks that fail to load (usually a deployment replaced the hashed files the open
 * page refers to). The page reloads once; a second failure for the same path shows the error and a Retry
 * button instead, so a chunk that stays missing can never put the browser into a reload loop.
 */

const STORAGE_KEY = 'plazo:chunk-reload-attempted'

function storage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    // Storage can be disabled; then a failure shows the fallback at once rather than risk a loop.
    return undefined
  }
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [^ ]+ failed/i.test(error.message)
}

/** Records that the page at `pathname` is being (re)loaded after a chunk failure or may be by the router. */
export function markReloadAttempt(pathname: string): void {
  storage()?.setItem(STORAGE_KEY, pathname)
}

export function hasReloadAttempt(pathname: string): boolean {
  const store = storage()
  return store === undefined || store.getItem(STORAGE_KEY) === pathname
}

/** Called once a route rendered: the next failure may reload again. */
export function clearReloadAttempt(): void {
  storage()?.removeItem(STORAGE_KEY)
}

/**
 * Reloads the page if this path has not been reloaded for a chunk failure yet.
 * Returns false when the caller must show the fallback instead.
 */
export function reloadOnce(error: unknown, pathname: string = window.location.pathname): boolean {
  if (hasReloadAttempt(pathname)) return false
  markReloadAttempt(pathname)
  console.warn('A route chunk failed to load; reloading the page once.', error)
  window.location.reload()
  return true
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
