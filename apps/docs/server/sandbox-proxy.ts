import fastifyHttpProxy from '@fastify/http-proxy'
import type { FastifyInstance } from 'fastify'

/**
 * The reference pages' Try it console calls the sandbox API through the gate: `/__sandbox/api/v2/*` is
 * forwarded to `<PLAZO_DOCS_SANDBOX_URL>/api/v2/*`. Same origin as the docs, so the browser needs no CORS,
 * and like every other path it answers only a browser holding a docs session (the gate's onRequest hook
 * runs first). Only the API is forwarded, not the hosted page or anything else the sandbox serves.
 */

export const SANDBOX_PREFIX = '/__sandbox/'
export const SANDBOX_API_PREFIX = `${SANDBOX_PREFIX}api/v2`

/** What the console shows when the sandbox does not answer (it recognises the `error` code). */
export const SANDBOX_UNAVAILABLE = {
  error: 'sandbox_unavailable',
  message:
    'The sandbox API is not answering. Start it with `npm run start:api` (or `npm start`), then send again.',
} as const

/** What a console request without a docs session gets instead of the login page. */
export const DOCS_SESSION_REQUIRED = {
  error: 'docs_session_required',
  message: 'Your docs session has ended. Reload the page and log in again.',
} as const

export async function registerSandboxProxy(app: FastifyInstance, sandboxUrl: string): Promise<void> {
  const upstream = new URL(sandboxUrl)
  const basePath = upstream.pathname.replace(/\/+$/, '')
  // The console's "Copy as curl" names the API the call really goes to.
  const apiUrl = `${upstream.origin}${basePath}/api/v2`
  app.get(`${SANDBOX_PREFIX}config`, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ api_url: apiUrl }),
  )
  await app.register(fastifyHttpProxy, {
    upstream: upstream.origin,
    prefix: SANDBOX_API_PREFIX,
    rewritePrefix: `${basePath}/api/v2`,
    // Location headers of the API stay as the API wrote them (absolute URLs of the sandbox).
    internalRewriteLocationHeader: false,
    replyOptions: {
      // The docs session cookie is the gate's business, never the API's.
      rewriteRequestHeaders: (_request, headers) => {
        const { cookie: _cookie, ...rest } = headers
        return rest
      },
      // Nor may the API set cookies on the docs origin.
      rewriteHeaders: (headers) => {
        const { 'set-cookie': _setCookie, ...rest } = headers
        return rest
      },
      onError: (reply, { error }) => {
        reply.log.warn({ err: error, upstream: upstream.origin }, 'sandbox API unreachable')
        void reply.code(502).header('cache-control', 'no-store').send(SANDBOX_UNAVAILABLE)
      },
    },
  })
}
