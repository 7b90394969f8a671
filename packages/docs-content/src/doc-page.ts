// A docs page as an agent reads and searches it: what pages.ts makes of the site and what the MCP server carries
// (packages/mcp/src/docs/data.ts). This module imports nothing, so the MCP server bundles only these lines of it.

export type Locale = 'en' | 'es'
export const LOCALES: readonly Locale[] = ['en', 'es']

export interface DocSection {
  /** Heading text ('' for the text before the first heading). */
  heading: string
  /** The heading's anchor, for `url#anchor`. */
  anchor: string
  /** Plain text of the section (no code, no Markdown punctuation). */
  text: string
}

export interface DocPage {
  /** The docs plugin's id (`order-management/refunds`, `hpp/customization/index`). */
  id: string
  locale: Locale
  /** The page on the site (`/docs/order-management/refunds`, `/es/docs/…`). */
  url: string
  /** Its Markdown twin (`/docs/order-management/refunds.md`). */
  markdownUrl: string
  title: string
  description: string
  markdown: string
  /** Whether `markdown` is the docs build's twin (true) or made from the .mdx source (false). */
  fromBuild: boolean
  sections: DocSection[]
}
