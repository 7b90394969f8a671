/**
 * After `docusaurus build`: every docs page gets its Markdown twin at its URL plus `.md`
 * (`build/docs/order-management/refunds.md`, `build/es/docs/…`), and each locale its `llms.txt` and
 * `llms-full.txt` (see llms-txt.ts). Pages are read from the build, so the twins say exactly what the pages say.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { createDocument } from '@mixmark-io/domino'
import { apiReferences } from '../../api-references.ts'
import { renderDoc } from './html-to-markdown.ts'
import {
  type LlmsSite,
  type Locale,
  renderLlmsFullTxt,
  renderLlmsTxt,
  type Section,
  type TwinPage,
} from './llms-txt.ts'

/** A sidebar item as sidebars.ts writes it (docs, categories with an optional landing doc, links). */
interface SidebarItem {
  type?: string
  id?: string
  link?: { type?: string; id?: string }
  items?: SidebarItem[]
}

/** The sidebars' names, in llms.txt; the order is that of sidebars.ts (the navbar's). */
const SECTION_TITLES: Record<string, Record<Locale, string>> = {
  getStarted: { en: 'Get started', es: 'Primeros pasos' },
  embedded: { en: 'Embedded checkout', es: 'Checkout integrado' },
  hpp: { en: 'Hosted payment page', es: 'Página de pago alojada' },
  orderManagement: { en: 'Order management and payouts', es: 'Gestión de pedidos y liquidaciones' },
  typedoc: { en: 'checkout-js reference', es: 'Referencia de checkout-js' },
}

export const SUMMARIES: Record<Locale, string> = {
  en: `One checkout integration for buy now pay later, consumer loans and card payments in Spain and France: guides
    to create checkout sessions (embedded or on the hosted payment page), manage orders (update, cancel, confirm,
    capture, refund) and receive webhooks, with the API references and the checkout-js library reference. Every
    call can be tried against the sandbox API.`,
  es: `Una sola integración de checkout para pago aplazado, créditos al consumo y pagos con tarjeta en España y
    Francia: guías para crear sesiones de checkout (integradas o en la página de pago alojada), gestionar pedidos
    (actualizar, cancelar, confirmar, capturar, reembolsar) y recibir webhooks, con las referencias de la API y
    de la librería checkout-js. Puedes probar cada llamada contra la API del sandbox.`,
}

function docIds(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === 'doc' && item.id ? [item.id] : []),
    ...(item.link?.type === 'doc' && item.link.id ? [item.link.id] : []),
    ...docIds(item.items ?? []),
  ])
}

export function sidebarSections(sidebars: Record<string, unknown>, locale: Locale): Section[] {
  return Object.entries(sidebars).map(([name, items]) => ({
    title: SECTION_TITLES[name]?.[locale] ?? name,
    ids: docIds(Array.isArray(items) ? (items as SidebarItem[]) : []),
  }))
}

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
