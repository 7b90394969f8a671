/**
 * The MCP server over Streamable HTTP at `/mcp` (DESIGN.md "MCP server"), for agents that connect by URL.
 * Authenticated by the sandbox bearer token like every merchant route (401 without, or with a wrong one).
 * Stateless: each POST builds its own server (@plazo/mcp's handleMcpHttpRequest), so any node answers.
 *
 * The sandbox tools act as the token's merchant through the Node SDK, with `accessToken` = the caller's token
 * and a `fetch` that hands each call to this same app in-process (`app.inject`): the call goes through the
 * whole API (authentication, validation, idempotency, error bodies) exactly as over the network, without a
 * socket, without knowing which address this node listens on, and without leaving the process.
 *
 * @plazo/mcp (the MCP SDK, the docs and their search index) is loaded when /mcp is first called, not when the API
 * starts: most sandboxes never serve an agent, and their start stays as fast as the API alone.
 */
import type { FastifyInstance } from 'fastify'
import { parseBearer } from '../../domain/auth/index.ts'

/** A fetch (Request → Response) that answers from the app itself. */
export function inProcessFetch(app: FastifyInstance): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url)
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue
      for (const one of [value].flat()) headers.append(name, String(one))
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.rawPayload.length === 0
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers,
    })
  }
}

let modules: Promise<[typeof import('@plazo/mcp'), typeof import('@plazo/node')]> | undefined

/** The MCP server and the SDK, imported once, on the first call. */
function loadMcp() {
  modules ??= Promise.all([import('@plazo/mcp'), import('@plazo/node')])
  return modules
}

/** `apiPrefix` is where the API's routes are (`/api/v2`). */
export function mcpRoutes(app: FastifyInstance, options: { apiPrefix: string }): void {
  const fetch = inProcessFetch(app)
  // The SDK's base URL for in-process calls: only its path reaches the app.
  const apiUrl = `http://in-process${options.apiPrefix}`
  app.post('/mcp', { onRequest: [app.authenticate] }, async (request, reply) => {
    const accessToken = parseBearer(request.headers.authorization) ?? ''
    const [{ handleMcpHttpRequest }, { Plazo }] = await loadMcp()
    // The transport writes the answer itself (JSON, or its own 4xx for a bad MCP message).
    reply.raw.setHeader('x-request-id', request.id)
    reply.hijack()
    try {
      await handleMcpHttpRequest(request.raw, reply.raw, request.body, {
        plazo: () => new Plazo({ accessToken, apiUrl, fetch, maxNetworkRetries: 0 }),
      })
    } catch (error) {
      // Hijacked: the error handler cannot answer, so answer 500 (no body, as the API's 500s) here.
      request.log.error({ err: error }, 'mcp request failed')
      if (!reply.raw.headersSent) reply.raw.writeHead(500)
      reply.raw.end()
    }
  })
  // No sessions, so no server-to-client stream (GET) and nothing to end (DELETE): the specification's 405.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      onRequest: [app.authenticate],
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: this server is stateless, POST only.' },
            id: null,
          }),
    })
  }
}
