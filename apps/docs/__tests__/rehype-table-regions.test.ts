import { describe, expect, it } from 'vitest'
import { rehypeTableRegions } from '../plugins/rehype-table-regions.ts'

type Node = {
  type: string
  tagName?: string
  value?: string
  properties?: Record<string, unknown>
  children?: Node[]
}

const text = (value: string): Node => ({ type: 'text', value })
const element = (tagName: string, children: Node[] = []): Node => ({
  type: 'element',
  tagName,
  properties: {},
  children,
})
const table = () => element('table', [element('tr', [element('td', [text('x')])])])

function run(tree: Node, path: string): Node {
  rehypeTableRegions()(tree, { path })
  return tree
}

describe('rehypeTableRegions', () => {
  it('wraps each table in a focusable region named after the heading above it, distinct per page', () => {
    const tree = run(
      {
        type: 'root',
        children: [element('h2', [text('Fields of '), element('code', [text('order')])]), table(), table()],
      },
      '/site/docs/guide.mdx',
    )
    const [, first, second] = tree.children ?? []
    expect(first).toMatchObject({
      tagName: 'div',
      properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: 'Fields of order' },
      children: [{ tagName: 'table' }],
    })
    expect(second?.properties?.ariaLabel).toBe('Fields of order (2)')
  })

  it('finds tables inside components and names a table before any heading in the page language', () => {
    const inTabs: Node = { type: 'mdxJsxFlowElement', children: [table()] }
    const tree = run(
      { type: 'root', children: [inTabs] },
      '/site/i18n/es/docusaurus-plugin-content-docs/current/a.mdx',
    )
    expect(inTabs.children?.[0]?.properties).toMatchObject({ role: 'region', ariaLabel: 'Tabla' })
    expect(tree.children?.[0]).toBe(inTabs)
  })
})
