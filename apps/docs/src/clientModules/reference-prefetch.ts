import { apiReferences } from '../../api-references.ts'

/**
 * Docusaurus prefetches the chunks of every internal link that scrolls into view, and the navbar links to
 * the four API references on every page: a first visit to any guide downloaded all four OpenAPI documents
 * (about 100 KiB brotli, 1 MiB of JSON with their code samples in 8 languages), whether or not the visitor
 * ever opened a reference. Those four routes are no longer prefetched when seen; they are still preloaded
 * as soon as the pointer or a finger reaches their link (Docusaurus's own preload), so opening one stays
 * quick. Every other route keeps Docusaurus's prefetch.
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
  host.docusaurus = {
    ...docusaurus,
    prefetch: (path) => (isReferencePath(path) ? false : docusaurus.prefetch(path)),
  }
}
