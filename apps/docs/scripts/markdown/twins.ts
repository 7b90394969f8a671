/**
 * After `docusaurus build`: every docs page gets its Markdown twin at its URL plus `.md`
 * (`build/docs/order-management/refunds.md`, `build/es/docs/…`), and each locale its `llms.txt` and
 * `llms-full.txt` (see packages/docs-content/src/llms-txt.ts). Pages are read from the build, so the twins say exactly what the pages say.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { createDocument } from '@mixmark-io/domino'
import { apiReferences } from '@plazo/docs-content/api-references'
import {
  type LlmsSite,
  renderLlmsFullTxt,
  renderLlmsTxt,
  SUMMARIES,
  sidebarSections,
  type TwinPage,
} from '@plazo/docs-content/llms-txt'
import { renderDoc } from './html-to-markdown.ts'

function htmlPages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return htmlPages(path)
    return name === 'index.html' ? [path] : []
  })
}

/** Writes the twins of one locale's docs pages (`localeDir` is build/ or build/es/) and returns them. */
export function writeTwins(localeDir: string, urlPrefix: string): Map<string, TwinPage> {
  const pages = new Map<string, TwinPage>()
  const docsDir = join(localeDir, 'docs')
  for (const file of htmlPages(docsDir)) {
    const rendered = renderDoc(readFileSync(file, 'utf8'), (html) => createDocument(html))
    if (!rendered) continue
    // build/docs/x/index.html is served at /docs/x: its twin is build/docs/x.md, served at /docs/x.md.
    const folder = relative(localeDir, file).split(sep).slice(0, -1).join('/')
    writeFileSync(join(localeDir, `${folder}.md`), rendered.markdown)
    pages.set(rendered.id, { ...rendered, markdownUrl: `${urlPrefix}/${folder}.md` })
  }
  return pages
}

/** Twins, llms.txt and llms-full.txt for English (build/) and Spanish (build/es/). */
export function writeMarkdownOutputs(
  buildDir: string,
  siteName: string,
  sidebars: Record<string, unknown>,
): { pages: number } {
  let count = 0
  for (const locale of ['en', 'es'] as const) {
    const localeDir = locale === 'en' ? buildDir : join(buildDir, 'es')
    const urlPrefix = locale === 'en' ? '' : '/es'
    const pages = writeTwins(localeDir, urlPrefix)
    count += pages.size
    const site: LlmsSite = {
      locale,
      name: siteName,
      summary: SUMMARIES[locale],
      sections: sidebarSections(sidebars, locale),
      pages,
      references: apiReferences.map((reference) => ({
        route: `${urlPrefix}${reference.route}`,
        documentUrl: reference.downloadPath[locale],
        pageTitle: reference.title[locale],
      })),
    }
    writeFileSync(join(localeDir, 'llms.txt'), renderLlmsTxt(site))
    writeFileSync(join(localeDir, 'llms-full.txt'), renderLlmsFullTxt(site))
  }
  return { pages: count }
}
