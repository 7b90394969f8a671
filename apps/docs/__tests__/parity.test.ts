// The Spanish guides are complete twins of the English ones: same headings (levels, in order), same sample
// includes, same JSON bodies (by schema) and the same diagrams, so a reader of either language gets the same page.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderGlobals } from '../scripts/globals-page.ts'
import {
  codeBlocks,
  englishPages,
  esDocsDir,
  headingIds,
  headings,
  includedSample,
  metaValue,
  type Page,
  spanishTwin,
} from './pages.ts'

function structure(page: Page) {
  const blocks = codeBlocks(page.text)
  return {
    headingLevels: headings(page.text).map((heading) => heading.level),
    samples: blocks.flatMap((block) => includedSample(block) ?? []),
    jsonSchemas: blocks
      .filter((block) => block.lang === 'json')
      .map((block) => metaValue(block.meta, 'schema') ?? '?'),
    diagrams: blocks
      .filter((block) => block.lang === 'mermaid')
      .map((block) => metaValue(block.meta, 'states') ?? block.body.trim().split(/\s/)[0] ?? ''),
  }
}

describe('Spanish twins of the English pages', () => {
  it.each(englishPages().map((page) => [page.id, page] as const))('%s', (_id, page) => {
    const twin = spanishTwin(page)
    expect(twin, `i18n/es/docusaurus-plugin-content-docs/current/${page.id}.mdx exists`).toBeDefined()
    if (twin) expect(structure(twin)).toEqual(structure(page))
  })
})

// The language switch keeps the #hash, so a section has the same id in both languages: a Spanish heading
// whose text gives another slug carries the English id explicitly (`## Título {#english-id}`).
describe('heading ids of the Spanish twins', () => {
  it.each(englishPages(true).map((page) => [page.id, page] as const))('%s', (_id, page) => {
    const twin = spanishTwin(page)
    expect(twin, `i18n/es/docusaurus-plugin-content-docs/current/${page.id} exists`).toBeDefined()
    if (twin) expect(headingIds(twin.text)).toEqual(headingIds(page.text))
  })
})

describe('Spanish sidebar labels', () => {
  it('name both "Globals" pages (the API\'s and checkout-js\'s) the same', () => {
    const labels = JSON.parse(readFileSync(join(esDocsDir, '../current.json'), 'utf8')) as Record<
      string,
      { message: string }
    >
    const apiTitle = /^title: (.*)$/m.exec(
      renderGlobals({ enums: {}, errors: [], constants: {}, spanish: {} }, 'es'),
    )?.[1]
    expect(labels['sidebar.typedoc.doc.Globals']?.message).toBe(apiTitle)
  })
})
