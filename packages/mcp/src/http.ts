/**
 * Streamable HTTP, stateless: every POST gets a new server and transport (no session id, nothing kept in
 * memory between requests), so any API node behind one database answers any call. Answers are plain JSON
 * (`enableJsonResponse`): no tool here streams. GET and DELETE (the stream and the end of a session) are
 * refused with 405 by the transport, as the specification allows for a server without sessions.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { createMcpServer, type McpServerOptions } from './server.ts'

export async function handleMcpHttpRequest(
  request: IncomingMessage,
  response: ServerResponse,
  parsedBody: unknown,
  options: McpServerOptions,
): Promise<void> {
  const server = createMcpServer(options)
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  response.on('close', () => {
    void transport.close()
    void server.close()
  })
  await server.connect(transport)
  await transport.handleRequest(request, response, parsedBody)
}
