/**
 * Redoc's JSON sample viewer, as prerendered, rewritten as the highlighted text it shows. Redoc renders each
 * line of a sample as a list item holding a hoverable box, the key, the value and its punctuation, with a
 * collapse button and an ellipsis per object; the lines of the objects it shows collapsed stay in the page,
 * hidden. Here each sample becomes its visible lines, indented, with the same token classes (so the same
 * colours): the key, the value and the punctuation of a line, and `…` for a collapsed object, as Redoc shows
 * it. The viewer's box and its classes stay, so it keeps its place, scroll box and styles.
 */
import { escapeHtml } from '../src/lib/escape-html.ts'

const INDENT = '  '

const ELEMENT_NODE = 1
const TEXT_NODE = 3

function renderChildren(element: Element, depth: number): string {
  let html = ''
  for (const child of Array.from(element.childNodes)) html += render(child, depth)
  return html
}

function render(node: Node, depth: number): string {
  if (node.nodeType === TEXT_NODE) return escapeHtml(node.textContent ?? '')
  if (node.nodeType !== ELEMENT_NODE) return ''
  const element = node as Element
  if (element.matches('button.collapser, .ellipsis')) return ''
  if (element.matches('ul.collapsible')) {
    // Redoc hides the lines of an object it shows collapsed, and shows an ellipsis between its brackets.
    if (element.parentElement?.classList.contains('collapsed')) return ' … '
    let html = ''
    for (const item of Array.from(element.children))
      html += `\n${INDENT.repeat(depth + 1)}${renderChildren(item, depth + 1)}`
    return `${html}\n${INDENT.repeat(depth)}`
  }
  // A token (a value that was a link is one already: src/lib/redoc-markup/accessibility.ts).
  if (element.matches('span.token'))
    return `<span class="${escapeHtml(element.className)}">${escapeHtml(element.textContent ?? '')}</span>`
  return renderChildren(element, depth)
}

/** Rewrites every JSON sample viewer under `root` as its visible lines. */
export function compactJsonSamples(root: Element): void {
  for (const code of Array.from(root.querySelectorAll('.redoc-json > code'))) {
    code.innerHTML = renderChildren(code, 0)
  }
}
