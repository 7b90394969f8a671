// Every result of the integration check links its section of the guide (`docs_url`): the page must exist in both
// languages, in the sidebar, with a section whose id is each check's anchor, so no link of a report lands on
// the top of a page or on nothing.
import { FLOW_CHECKS, INTEGRATION_CHECK_GUIDE, integrationCheckAnchor, WEBHOOK_CHECKS } from '@plazo/contract'
import { createSidebars } from '@plazo/docs-content/sidebars'
import { describe, expect, it } from 'vitest'
import { enDocsDir, englishPages, headingIds, spanishPages } from './pages.ts'

const id = INTEGRATION_CHECK_GUIDE.replace(/^\/docs\//, '')

describe('the guide the integration check links to', () => {
  it.each([
    ['en', englishPages()],
    ['es', spanishPages()],
  ] as const)('has a section for every check (%s)', (_locale, pages) => {
    const page = pages.find((candidate) => candidate.id === id)
    expect(page, `${id}.mdx`).toBeDefined()
    const ids = headingIds(page?.text ?? '')
    const anchors = [...WEBHOOK_CHECKS, ...FLOW_CHECKS].map((check) => integrationCheckAnchor(check.id))
    expect(anchors.filter((anchor) => !ids.includes(anchor))).toEqual([])
  })

  it('is in the Get started sidebar', () => {
    const items = JSON.stringify(createSidebars(enDocsDir).getStarted)
    expect(items).toContain(`"id":"${id}"`)
  })
})
