import { apiReferences } from '../../api-references.ts'
import { whenIdle } from '../lib/idle.ts'

/**
 * Docusaurus prefetches the chunks of every internal link that scrolls into view, as soon as it does. Two
 * changes to that, both measured with `npm run bench:docs`:
 * - The navbar links to the four API references on every page: a first visit to any guide downloaded all four
 *   OpenAPI documents (about 100 KiB brotli, 1 MiB of JSON with their code samples in 8 languages), whether or
 *   not the visitor ever opened a reference. Those four routes are no longer prefetched when seen; they are
 *   still preloaded as soon as the pointer or a finger reaches their link (Docusaurus's own preload), so
 *   opening one stays quick.
 * - A guide shows 130 to 220 links (content, footer, menus): their prefetches ran right after hydration, in
 *   the same long tasks, and added as many <link rel=prefetch> elements at once. They now wait for idle time
 *   and go a few at a time, while the main thread has nothing else to do. Nothing is prefetched less.
 */

type Docusaurus = { prefetch(path: string): unknown; preload(path: string): unknown }

const referenceRoutes = new Set(apiReferences.map((reference) => reference.route))

/** Whether a path (with or without the /es prefix and a trailing slash) is one of the API references. */
export function isReferencePath(path: string): boolean {
  const route = path
    .replace(/^\/es(?=\/)/, '')
    .replace(/[?#].*$/, '')
    .replace(/(.)\/$/, '$1')
  return referenceRoutes.has(route)
}

let patched = false

/** Runs after each route render, the first included: by then clientEntry has set window.docusaurus. */
export function onRouteDidUpdate(): void {
  const host = window as unknown as { docusaurus?: Docusaurus }
  const docusaurus = host.docusaurus
  if (patched || !docusaurus) return
  patched = true
  // Docusaurus's object is frozen: window.docusaurus gets a copy (Link looks it up on every call).
  const later = idleQueue((path: string) => docusaurus.prefetch(path))
  host.docusaurus = {
    ...docusaurus,
    prefetch: (path) => (isReferencePath(path) ? false : later(path)),
  }
}

/**
 * How long one idle callback may go on prefetching. An idle period may last 50 ms, but a callback that long
 * is a long task on a phone four times slower than the machine the period was granted on (Lighthouse's
 * mobile profile counts it so): a few milliseconds at a time, many times, instead.
 */
const BATCH_MS = 4

/** Runs `task` on each path given, in idle time, a few milliseconds' worth per idle period. */
export function idleQueue(task: (path: string) => unknown): (path: string) => true {
  const waiting: string[] = []
  let scheduled = false
  const schedule = () => whenIdle(drain, 5000, 200)
  const drain = (deadline?: IdleDeadline) => {
    scheduled = false
    const started = performance.now()
    do {
      const path = waiting.shift()
      if (path === undefined) return
      task(path)
    } while (
      deadline !== undefined &&
      !deadline.didTimeout &&
      deadline.timeRemaining() > 8 &&
      performance.now() - started < BATCH_MS
    )
    if (waiting.length === 0) return
    scheduled = true
    schedule()
  }
  return (path) => {
    waiting.push(path)
    if (!scheduled) {
      scheduled = true
      schedule()
    }
    return true
  }
}
