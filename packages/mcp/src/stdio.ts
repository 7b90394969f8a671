/** `plazo mcp`: the server on stdin/stdout, for agents that start it as a child process. */
import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createMcpServer, type McpServerOptions } from './server.ts'

export interface StdioServerOptions extends McpServerOptions {
  stdin?: Readable
  stdout?: Writable
}

/**
 * Serves until stdin closes. stdout carries only the protocol: anything else a caller prints goes to stderr.
 * Resolves once the server is connected; `closed` resolves when the client goes away.
 */
export async function runStdioServer(
  options: StdioServerOptions,
): Promise<{ close: () => Promise<void>; closed: Promise<void> }> {
  // This process is the developer's: it may send an integration check's notifications to their localhost.
  const server = createMcpServer({ clientDelivery: true, ...options })
  const transport = new StdioServerTransport(options.stdin, options.stdout)
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve()
    ;(options.stdin ?? process.stdin).once('end', () => {
      void server.close().then(resolve)
    })
  })
  await server.connect(transport)
  return { close: () => server.close(), closed }
}
