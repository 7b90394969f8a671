import { whenIdle } from '../idle.ts'

/**
 * A prerendered reference is thousands of elements, and a phone spent most of a reference's first load
 * styling and laying out operations far below the first screen. So the build (scripts/reference-markup.ts)
 * leaves the reference's introduction and first operation as they are and marks what follows
 * `data-deferred`: the later tag headings, and each later operation's two panels (its description, and its
 * samples). custom.css does not display what is marked while scripts run (`@media (scripting: enabled)`), so
 * without JavaScript the whole reference shows at once. In the browser, revealDeferredSections shows the
 * marked parts again in order, one per idle moment: each costs a phone a short task instead of all of them
 * one long one. A #fragment that points into a part not shown yet shows everything up to it at once, and
 * scrolls there.
 * (`hidden="until-found"` would have kept find-in-page working meanwhile, but Chromium still styles and lays
 * out what it hides: measured, it saved nothing.) Redoc replaces the whole markup on the reader's first
 * interaction anyway (src/theme/Redoc).
 */

/** The reference's sections, in order: its introduction, each tag's heading and each operation. */
const SECTIONS = '.api-content > *'
const OPERATION = '[data-section-id*="/operation/"]'
const DEFERRED = 'data-deferred'

/** Build: marks the parts after the first operation deferred. Only DOM methods that domino has too. */
export function deferSections(root: Element): void {
  let operationSeen = false
  for (const section of Array.from(root.querySelectorAll(SECTIONS))) {
    if (!operationSeen) {
      operationSeen = section.matches(OPERATION)
      continue
    }
    // An operation is a section around one element holding its two panels.
    const panels = section.matches(OPERATION) ? Array.from(section.firstElementChild?.children ?? []) : []
    for (const part of panels.length > 0 ? panels : [section]) part.setAttribute(DEFERRED, '')
  }
}

function firstDeferred(root: Element): Element | null {
  return root.querySelector(`[${DEFERRED}]`)
}

/** Browser: shows the deferred parts again, as described above; returns a function that stops. */
export function revealDeferredSections(root: Element): () => void {
  if (!firstDeferred(root)) return () => {}
  let cancelIdle = () => {}
  let frame = 0
  const revealNext = () => {
    const part = firstDeferred(root)
    if (!part) return
    part.removeAttribute(DEFERRED)
    // The next part once this one has been rendered, in a later idle moment.
    frame = requestAnimationFrame(() => {
      cancelIdle = whenIdle(revealNext)
    })
  }
  const revealToHash = () => revealUpTo(root, location.hash)
  revealToHash()
  window.addEventListener('hashchange', revealToHash)
  cancelIdle = whenIdle(revealNext)
  return () => {
    cancelIdle()
    cancelAnimationFrame(frame)
    window.removeEventListener('hashchange', revealToHash)
  }
}

/** Shows every deferred part up to the element `hash` names, and scrolls to that element. */
function revealUpTo(root: Element, hash: string): void {
  if (hash.length < 2) return
  let id: string
  try {
    id = decodeURIComponent(hash.slice(1))
  } catch {
    return
  }
  const target = document.getElementById(id)
  if (!target || !root.contains(target)) return
  let revealed = false
  for (const part of Array.from(root.querySelectorAll(`[${DEFERRED}]`))) {
    // Parts before the target, around it or inside it; the first part after it ends the walk.
    if (
      !(
        part.compareDocumentPosition(target) &
        (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINS)
      )
    )
      break
    part.removeAttribute(DEFERRED)
    revealed = true
  }
  if (revealed) target.scrollIntoView({ behavior: 'instant', block: 'start' })
}
