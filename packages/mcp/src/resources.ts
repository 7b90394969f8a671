/**
 * Read-only resources: the four OpenAPI documents (the contract, en and es) and llms.txt (en and es), as this
 * package carries them (data.ts): the docs build's llms.txt when the docs were built, else the same renderer's
 * output from the pages carried here.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { LOCALES, readLlmsTxt, readManifest, readOpenApi } from './docs/data.ts'

export function registerResources(server: McpServer): void {
  const { references } = readManifest()
  for (const locale of LOCALES) {
    for (const reference of references) {
      server.registerResource(
        `openapi-${reference.id}-${locale}`,
        `plazo://openapi/${locale}/${reference.fileName}`,
        {
          title: reference.title[locale],
          description: `OpenAPI 3.1 document (${locale === 'en' ? 'English' : 'Spanish'}) of the ${reference.title.en}: every operation, schema, example and error.`,
          mimeType: 'application/json',
        },
        async (uri) => ({
          contents: [
            { uri: uri.href, mimeType: 'application/json', text: readOpenApi(locale, reference.fileName) },
          ],
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
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: readLlmsTxt(locale) }],
      }),
    )
  }
}
