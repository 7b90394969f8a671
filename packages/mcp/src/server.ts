/**
 * One MCP server for both transports: the docs tools, the sandbox tools (through a Plazo client), the
 * resources and the prompts. stdio.ts connects it to a terminal agent (`plazo mcp`); packages/api serves it
 * over Streamable HTTP at /mcp, one server per request with the caller's client (stateless).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { PlazoClient } from './client.ts'
import { DocsSearch } from './docs/search.ts'
import { registerPrompts } from './prompts.ts'
import { registerResources } from './resources.ts'
import { checkTools } from './tools/check-tools.ts'
import { registerTools } from './tools/define.ts'
import { docsTools } from './tools/docs-tools.ts'
import { sandboxTools } from './tools/sandbox-tools.ts'
import { SERVER_VERSION } from './version.ts'

export { SERVER_VERSION }

export const SERVER_NAME = 'plazo'

export interface McpServerOptions {
  /** The Plazo client the sandbox tools call, or a function that returns it when a tool runs. */
  plazo: PlazoClient | (() => PlazoClient)
  /** The docs index; by default one per process over the pages this package carries. */
  docs?: DocsSearch
  /**
   * Whether this process may POST an integration check's notifications itself (`deliver: "client"`): over stdio,
   * where it is the developer's process and reaches their localhost; never inside the sandbox (HTTP).
   */
  clientDelivery?: boolean
}

const INSTRUCTIONS = `Plazo's docs and sandbox. Before writing integration code, search_docs and read_doc the guide (English or Spanish) and cite it. The sandbox tools act as the signed-in merchant on the sandbox only (never production): create_checkout_session, simulate_customer_action to play the customer, get_checkout_session for the status, list_events for the webhooks, then confirm_order, capture_order, refund_order; run_integration_check grades a webhook handler or the API flow against the guide, check by check. Amounts are integers in cents. A failed call returns the API's exception, the invalid fields and the guide that explains it.`

let sharedDocs: DocsSearch | undefined

/** The docs index of the pages this package carries, built once per process on first use. */
export function defaultDocsSearch(): DocsSearch {
  sharedDocs ??= new DocsSearch()
  return sharedDocs
}

export function createMcpServer(options: McpServerOptions): McpServer {
  const docs = options.docs ?? defaultDocsSearch()
  const { plazo } = options
  const client = typeof plazo === 'function' ? plazo : () => plazo
  const server = new McpServer(
    { name: SERVER_NAME, title: 'Plazo', version: SERVER_VERSION },
    { instructions: INSTRUCTIONS },
  )
  registerTools(server, [
    ...docsTools(docs),
    ...sandboxTools(client),
    ...checkTools(client, { clientDelivery: options.clientDelivery ?? false }),
  ])
  registerResources(server)
  registerPrompts(server)
  return server
}
