/**
 * Read-only resources: the four OpenAPI documents (the contract, en and es) and llms.txt (en and es). llms.txt
 * is the built site's when there is a build; otherwise it is rendered by the site's own renderer
 * (apps/docs/scripts/markdown/llms-txt.ts) from the pages this server reads, in the sidebars' order.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { apiReferences } from '@plazo/docs/api-references.ts'
import {
  renderLlmsTxt,
  SUMMARIES,
  sidebarSections,
  type TwinPage,
} from '@plazo/docs/scripts/markdown/llms-txt.ts'
import sidebars from '@plazo/docs/sidebars.ts'
import { siteTitle } from '@plazo/docs/site.config.ts'
import type { Locale } from './docs/pages.ts'
import { LOCALES } from './docs/pages.ts'
import type { DocsSearch } from './docs/search.ts'

const OPENAPI_DIR = fileURLToPath(new URL('../../contract/openapi/', import.meta.url))

export function llmsTxt(search: DocsSearch, locale: Locale, siteDir: string): string {
  const built = join(siteDir, 'build', locale === 'en' ? '' : 'es', 'llms.txt')
  if (existsSync(built)) return readFileSync(built, 'utf8')
  const prefix = locale === 'en' ? '' : '/es'
  const pages = new Map<string, TwinPage>(
    search.pages(locale).map((page) => [
      page.id,
      {
        id: page.id,
        title: page.title,
        description: page.description,
        markdownUrl: page.markdownUrl,
        markdown: page.markdown,
      },
    ]),
  )
  return renderLlmsTxt({
    locale,
    name: siteTitle,
    summary: SUMMARIES[locale],
    sections: sidebarSections(sidebars as Record<string, unknown>, locale),
    pages,
    references: apiReferences.map((reference) => ({
      route: `${prefix}${reference.route}`,
      documentUrl: reference.downloadPath[locale],
      pageTitle: reference.title[locale],
    })),
  })
}

export function registerResources(server: McpServer, search: DocsSearch, siteDir: string): void {
  for (const locale of LOCALES) {
    for (const reference of apiReferences) {
      const file = join(OPENAPI_DIR, locale === 'en' ? '' : 'es', reference.fileName)
      server.registerResource(
        `openapi-${reference.id}-${locale}`,
        `plazo://openapi/${locale}/${reference.fileName}`,
        {
          title: reference.title[locale],
          description: `OpenAPI 3.1 document (${locale === 'en' ? 'English' : 'Spanish'}) of the ${reference.title.en}: every operation, schema, example and error.`,
          mimeType: 'application/json',
        },
        async (uri) => ({
          contents: [{ uri: uri.href, mimeType: 'application/json', text: readFileSync(file, 'utf8') }],
        }),
      )
    }
    server.registerResource(
      `llms-txt-${locale}`,
      `plazo://docs/${locale}/llms.txt`,
      {
        title: locale === 'en' ? 'Plazo Docs: llms.txt' : 'Plazo Docs: llms.txt (español)',
        description: `Every guide (${locale}) by section with its Markdown path and summary, the OpenAPI documents, and instructions for agents.`,
        mimeType: 'text/markdown',
      },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: llmsTxt(search, locale, siteDir) }],
      }),
    )
  }
}
