// The Spanish guides are complete twins of the English ones: same headings (levels, in order), same sample
// includes, same JSON bodies (by schema) and the same diagrams, so a reader of either language gets the same page.
import { describe, expect, it } from 'vitest'
import {
  codeBlocks,
  englishPages,
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
