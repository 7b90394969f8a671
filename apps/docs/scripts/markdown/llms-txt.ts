/**
 * /llms.txt and /llms-full.txt of one locale, in the llmstxt.org format: the site's name as `# `, a one-paragraph
 * summary as `> `, then one `## ` section per sidebar, listing its pages in sidebar order as
 * `- [Title](/docs/page.md): description`, and the four OpenAPI documents. The full file is every page's
 * Markdown, in the same order.
 */
export type Locale = 'en' | 'es'

export interface TwinPage {
  id: string
  title: string
  description: string
  /** Root-relative URL of the Markdown twin (`/es/docs/order-management/refunds.md`). */
  markdownUrl: string
  markdown: string
}

export interface Section {
  title: string
  /** Doc ids, in sidebar order. */
  ids: string[]
}

export interface LlmsSite {
  locale: Locale
  name: string
  summary: string
  sections: Section[]
  pages: Map<string, TwinPage>
  /** The four references: their page, and their OpenAPI document in this locale. */
  references: ReadonlyArray<{ route: string; documentUrl: string; pageTitle: string }>
}

const OTHER_PAGES: Record<Locale, string> = { en: 'Other pages', es: 'Otras páginas' }
const API_SECTION: Record<Locale, string> = {
  en: 'API reference (OpenAPI)',
  es: 'Referencia de la API (OpenAPI)',
}
const OPENAPI_NOTE: Record<Locale, string> = {
  en: 'OpenAPI 3.1 document of the',
  es: 'Documento OpenAPI 3.1 de la',
}

/** The sections with every page in exactly one: pages in no sidebar go last, under "Other pages". */
function orderedSections(site: LlmsSite): Array<{ title: string; pages: TwinPage[] }> {
  const listed = new Set<string>()
  const sections = site.sections.map((section) => ({
    title: section.title,
    pages: section.ids.flatMap((id) => {
      const page = site.pages.get(id)
      if (!page || listed.has(id)) return []
      listed.add(id)
      return [page]
    }),
  }))
  const rest = [...site.pages.values()].filter((page) => !listed.has(page.id))
  if (rest.length > 0) sections.push({ title: OTHER_PAGES[site.locale], pages: rest })
  return sections.filter((section) => section.pages.length > 0)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

export function renderLlmsTxt(site: LlmsSite): string {
  const lines = [`# ${site.name}`, '', `> ${oneLine(site.summary)}`, '']
  for (const section of orderedSections(site)) {
    lines.push(`## ${section.title}`, '')
    for (const page of section.pages) {
      const description = oneLine(page.description)
      lines.push(`- [${page.title}](${page.markdownUrl})${description ? `: ${description}` : ''}`)
    }
    lines.push('')
  }
  lines.push(`## ${API_SECTION[site.locale]}`, '')
  for (const reference of site.references) {
    lines.push(
      `- [${reference.pageTitle}](${reference.documentUrl}): ${OPENAPI_NOTE[site.locale]} ${reference.pageTitle} (${reference.route})`,
    )
  }
  return `${lines.join('\n')}\n`
}

export function renderLlmsFullTxt(site: LlmsSite): string {
  const parts = [`# ${site.name}\n\n> ${oneLine(site.summary)}\n`]
  for (const section of orderedSections(site)) {
    for (const page of section.pages) parts.push(page.markdown.trim())
  }
  return `${parts.join('\n\n---\n\n')}\n`
}
