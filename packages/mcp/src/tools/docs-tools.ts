/** search_docs and read_doc: the guides, in English and Spanish, without the docs server. */
import Type from 'typebox'
import type { DocsSearch } from '../docs/search.ts'
import { defineTool, type ToolDefinition } from './define.ts'
import { toolError } from './errors.ts'

const LocaleSchema = Type.Union([Type.Literal('en'), Type.Literal('es')], {
  default: 'en',
  description: 'The language of the guides: `en` (English) or `es` (Spanish).',
})

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const

export function docsTools(search: DocsSearch): ToolDefinition[] {
  return [
    defineTool({
      name: 'search_docs',
      title: 'Search the Plazo guides',
      description:
        'Full-text search of the Plazo developer guides (the same pages and ranking as the docs site search), in English or Spanish. Use it before writing integration code or when an API call fails, with a few keywords ("refund part of an order", "verify webhook signature", "reembolsar pedido"). Returns up to `limit` pages, best first, each with its Markdown path, URL of the best section, title and a snippet. Next: read_doc with a path to read the whole guide.',
      inputSchema: Type.Object(
        {
          query: Type.String({ minLength: 1, maxLength: 400, description: 'Keywords or a question.' }),
          locale: Type.Optional(LocaleSchema),
          limit: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 10, default: 5, description: 'How many pages (1-10).' }),
          ),
        },
        { additionalProperties: false },
      ),
      annotations: READ_ONLY,
      run: async ({ query, locale, limit }) => {
        const hits = search.search(query, locale ?? 'en', limit ?? 5)
        if (hits.length === 0) {
          return {
            content: [
              {
                type: 'text',
                text: `No guide matches "${query}". Try fewer or other keywords, or the other locale; the resource plazo://docs/${locale ?? 'en'}/llms.txt lists every guide.`,
              },
            ],
          }
        }
        const text = hits
          .map((hit, i) => `${i + 1}. ${hit.title}: ${hit.path}\n   ${hit.url}\n   ${hit.snippet}`)
          .join('\n')
        return {
          content: [{ type: 'text', text: `${text}\nNext: read_doc with one of these paths.` }],
          structuredContent: { hits },
        }
      },
    }),
    defineTool({
      name: 'read_doc',
      title: 'Read a Plazo guide',
      description:
        "Returns one guide of the Plazo docs as Markdown (its Markdown twin, as served at the page URL + `.md`), samples and every tab included. Pass a path from search_docs or llms.txt: `/docs/order-management/refunds.md`, `/docs/webhooks`, or `/es/docs/…` for Spanish. Links inside point at other guides' Markdown paths, which read_doc accepts too.",
      inputSchema: Type.Object(
        {
          path: Type.String({
            minLength: 1,
            maxLength: 300,
            description: 'A docs path or URL: `/docs/webhooks.md`, `/es/docs/testing`, `hpp/integration`.',
          }),
          locale: Type.Optional(
            Type.Union([Type.Literal('en'), Type.Literal('es')], {
              description: "Read the page in this language whatever the path says (default: the path's).",
            }),
          ),
        },
        { additionalProperties: false },
      ),
      annotations: READ_ONLY,
      run: async ({ path, locale }) => {
        const page = search.find(path, locale)
        if (!page) {
          return toolError([
            `No docs page at ${path}. Use search_docs to find one, or read the resource plazo://docs/en/llms.txt for the list.`,
          ])
        }
        return { content: [{ type: 'text', text: page.markdown }] }
      },
    }),
  ]
}
