// A deployment that renames the brand rebuilds the guides with plugins/remark-brand.ts. It must rename the
// brand, and only the brand: in Spanish "Plazo" is also the word plazo (a term, a time limit).
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { remarkBrand } from '../plugins/remark-brand.ts'

/** The values of the page's nodes (text, code, diagrams) once the plugin has run. */
function rebrand(markdown: string, brand = 'Acme'): string {
  const tree = fromMarkdown(markdown)
  remarkBrand({ brand })()(tree as never)
  const values: string[] = []
  const visit = (node: { value?: unknown; children?: unknown[] }) => {
    if (typeof node.value === 'string') values.push(node.value)
    for (const child of node.children ?? []) visit(child as typeof node)
  }
  visit(tree)
  return values.join('\n')
}

describe('the brand plugin', () => {
  it('renames the brand in prose and diagrams, not in code', () => {
    const out = rebrand(
      'La API de Plazo envía un webhook.\n\n```mermaid\nparticipant P as API de Plazo\n```\n\n```bash\ncurl https://api.plazo.example # Plazo\n```\n',
    )
    expect(out).toContain('La API de Acme envía un webhook.')
    expect(out).toContain('participant P as API de Acme')
    expect(out).toContain('# Plazo')
  })

  it('leaves the word plazo alone where it starts a cell, a heading or a sentence', () => {
    for (const text of [
      '| Plazo de confirmación | 15 minutos |',
      '## Plazos',
      'Plazos ofrecidos, en meses.',
      'Plazo elegido, en meses.',
      'Plazo en meses.',
      'Plazo no ofrecido',
    ]) {
      expect(rebrand(text), text).not.toContain('Acme')
    }
  })
})
