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

/**
 * For coding agents: how to reach the docs and the sandbox as tools (the MCP server of packages/mcp), how to
 * authenticate, and where the guides are. Last, so the sections above stay where llms.txt readers expect them.
 */
const AGENT_SECTION: Record<Locale, { title: string; lines: string[] }> = {
  en: {
    title: 'Instructions for coding agents',
    lines: [
      '- Use the Plazo MCP server rather than scraping pages: `npx -y @plazo/mcp` (stdio, in any project; it signs in with `PLAZO_API_URL` and `PLAZO_ACCESS_TOKEN`, or `PLAZO_USERNAME` + `PLAZO_PASSWORD`; `plazo mcp` of `@plazo/cli` also uses the login stored by `plazo login`), or Streamable HTTP at `<sandbox URL>/mcp` with the header `Authorization: Bearer <sandbox access token>` (from `POST /api/v2/auth/login`).',
      '- Tools: `search_docs` and `read_doc` for these guides (en, es); `create_checkout_session`, `get_checkout_session`, `update_checkout_session`, `cancel_checkout_session`, `confirm_order`, `capture_order`, `refund_order` for orders; `simulate_customer_action` and `advance_clock` to play the customer and move time in the sandbox; `list_events`, `resend_event`, `verify_webhook_signature` for webhooks.',
      '- It only ever touches the sandbox. Amounts are integers in cents. An API error comes back as a tool error with its `exception`, the invalid fields and the guide to read.',
      '- Every guide is Markdown at its URL plus `.md` (listed above); the OpenAPI documents are the contract. Setup: `/docs/get-started/ai-agents.md`.',
    ],
  },
  es: {
    title: 'Instrucciones para agentes de programación',
    lines: [
      '- Usa el servidor MCP de Plazo en lugar de leer páginas: `npx -y @plazo/mcp` (stdio, en cualquier proyecto; inicia sesión con `PLAZO_API_URL` y `PLAZO_ACCESS_TOKEN`, o `PLAZO_USERNAME` + `PLAZO_PASSWORD`; `plazo mcp` de `@plazo/cli` usa también la sesión guardada por `plazo login`), o Streamable HTTP en `<URL del sandbox>/mcp` con la cabecera `Authorization: Bearer <token de acceso del sandbox>` (de `POST /api/v2/auth/login`).',
      '- Herramientas: `search_docs` y `read_doc` para estas guías (en, es); `create_checkout_session`, `get_checkout_session`, `update_checkout_session`, `cancel_checkout_session`, `confirm_order`, `capture_order`, `refund_order` para los pedidos; `simulate_customer_action` y `advance_clock` para hacer de cliente y adelantar el tiempo en el sandbox; `list_events`, `resend_event`, `verify_webhook_signature` para los webhooks.',
      '- Solo actúa sobre el sandbox. Los importes son enteros en céntimos. Un error de la API vuelve como error de la herramienta, con su `exception`, los campos no válidos y la guía que hay que leer.',
      '- Cada guía está en Markdown en su URL más `.md` (lista de arriba); los documentos OpenAPI son el contrato. Configuración: `/es/docs/get-started/ai-agents.md`.',
    ],
  },
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
  const agents = AGENT_SECTION[site.locale]
  lines.push('', `## ${agents.title}`, '', ...agents.lines)
  return `${lines.join('\n')}\n`
}

export function renderLlmsFullTxt(site: LlmsSite): string {
  const parts = [`# ${site.name}\n\n> ${oneLine(site.summary)}\n`]
  for (const section of orderedSections(site)) {
    for (const page of section.pages) parts.push(page.markdown.trim())
  }
  return `${parts.join('\n\n---\n\n')}\n`
}
