// The docs side of the MCP server on this repository's guides, with no docs build: pages made from the .mdx
// sources, their paths in every spelling an agent may give, and the site-like search.
import { describe, expect, it } from 'vitest'
import { DocsSearch } from '../src/docs/search.ts'

const docs = new DocsSearch()

describe('pages', () => {
  it('finds a page by its URL, its twin path, its id or a full URL, in either language', () => {
    for (const path of [
      '/docs/order-management/refunds',
      '/docs/order-management/refunds.md',
      'docs/order-management/refunds/',
      'order-management/refunds',
      'http://localhost:3000/docs/order-management/refunds#rules',
    ])
      expect(docs.find(path)?.url, path).toBe('/docs/order-management/refunds')
    expect(docs.find('/es/docs/order-management/refunds.md')?.title).toBe('Reembolsar un pedido')
    expect(docs.find('/docs/order-management/refunds', 'es')?.url).toBe('/es/docs/order-management/refunds')
    expect(docs.find('/docs/api')?.markdownUrl).toBe('/docs/api.md')
    expect(docs.find('/docs/hpp/customization')?.id).toBe('hpp/customization/index')
    expect(docs.find('/docs/nothing-here')).toBeUndefined()
  })

  it('turns a guide into Markdown: no MDX, every tab labelled, samples included, links to twins', () => {
    const testing = docs.find('/docs/testing')
    expect(testing?.markdown.split('\n')[0]).toBe('# Test your integration')
    const markdown = testing?.markdown ?? ''
    if (testing?.fromBuild) return // A built twin: apps/docs' own tests cover it.
    expect(markdown).not.toContain("from '@theme/")
    expect(markdown).not.toMatch(/<\/?Tab/)
    expect(markdown).not.toMatch(/\{#[\w-]+\}/)
    // The sample remark-code-import includes at build time is in the page.
    expect(markdown).toMatch(/```bash title="customer-action.sh"\n\S/)
    expect(markdown).toContain('(/docs/get-started/checkout-session.md#1-log-in)')
    const spanish = docs.find('/es/docs/testing')?.markdown ?? ''
    expect(spanish).toContain('(/es/docs/get-started/checkout-session.md#1-log-in)')
  })
})

describe('search', () => {
  it('ranks the guide that answers a question first, in English and Spanish', () => {
    expect(docs.search('verify webhook signature', 'en', 3)[0]?.path).toBe('/docs/webhooks.md')
    expect(docs.search('reembolsar parte de un pedido', 'es', 3)[0]?.path).toBe(
      '/es/docs/order-management/refunds.md',
    )
  })

  it('gives each hit a section URL and a snippet with the words searched', () => {
    const [hit] = docs.search('refund an amount', 'en', 1)
    expect(hit?.url).toMatch(/^\/docs\/order-management\/refunds#[\w-]+$/)
    expect(hit?.snippet.toLowerCase()).toContain('refund')
  })

  it('answers a whole question where requiring every word finds nothing', () => {
    expect(docs.search('send the payment link by SMS or email', 'en', 3).map((hit) => hit.path)).toContain(
      '/docs/hpp/distribution.md',
    )
  })

  it('returns nothing for nothing', () => {
    expect(docs.search('   ', 'en')).toEqual([])
    expect(docs.search('zzzyqx', 'en')).toEqual([])
  })
})
