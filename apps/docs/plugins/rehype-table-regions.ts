/**
 * Wide tables (up to 800px of columns in a 358px column on a phone) scroll sideways, and a scroll box
 * must be reachable by keyboard (WCAG 2.1.1). This rehype plugin wraps every table of a page in a
 * focusable region named after the heading the table sits under (or "Table"/"Tabla" before any heading),
 * so Tab reaches it, the arrow keys scroll it, and a screen reader announces what it holds.
 */

interface HastNode {
  type: string
  tagName?: string
  value?: string
  properties?: Record<string, unknown>
  children?: HastNode[]
}

function textOf(node: HastNode): string {
  return node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('')
}

const HEADING = /^h[2-6]$/

function isSpanishPage(path: string | undefined): boolean {
  return /[\\/]i18n[\\/]es[\\/]/.test(path ?? '')
}

export function rehypeTableRegions() {
  return (tree: HastNode, file: { path?: string }) => {
    let heading: string | undefined
    const fallback = isSpanishPage(file.path) ? 'Tabla' : 'Table'
    // Landmarks of a page have distinct names: a second table under one heading is "Heading (2)".
    const used = new Map<string, number>()
    const uniqueName = (name: string) => {
      const count = (used.get(name) ?? 0) + 1
      used.set(name, count)
      return count === 1 ? name : `${name} (${count})`
    }
    function visit(node: HastNode): void {
      const children = node.children
      if (!children) return
      children.forEach((child, index) => {
        if (child.type === 'element' && HEADING.test(child.tagName ?? '')) {
          heading = textOf(child).trim() || heading
        }
        if (child.type === 'element' && child.tagName === 'table') {
          const properties = {
            className: ['table-scroll'],
            tabIndex: 0,
            role: 'region',
            ariaLabel: uniqueName(heading ?? fallback),
          }
          children[index] = { type: 'element', tagName: 'div', properties, children: [child] }
          return
        }
        visit(child)
      })
    }
    visit(tree)
  }
}
