import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ApiError } from '../../errors.ts'
import { serveBuiltAssets } from '../built-assets.ts'

/** Where `npm run build -w apps/dashboard` writes the dashboard app. */
export const DEFAULT_DASHBOARD_DIST = fileURLToPath(
  new URL('../../../../../apps/dashboard/dist', import.meta.url),
)
/** URL prefix of the app's built assets (Vite `base` + `assets/`). */
export const DASHBOARD_ASSETS_PREFIX = '/dashboard/assets/'

export const DASHBOARD_NOT_BUILT_MESSAGE =
  'The dashboard is not built: run "npm run build -w apps/dashboard" (npm start and the browser tests build it).'

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The dashboard's pages: every path under /dashboard that is not its API or an asset gets the app's
 * index.html (the app routes in the browser), with a policy that allows only the sandbox's own scripts, styles
 * and calls, and no framing (the pages act on the merchant's account: no clickjacking).
 */
export async function dashboardPageRoutes(
  app: FastifyInstance,
  distDir = DEFAULT_DASHBOARD_DIST,
): Promise<void> {
  const indexFile = join(distDir, 'index.html')
  const built = existsSync(indexFile)
  if (built) {
    await serveBuiltAssets(app, join(distDir, 'assets'), DASHBOARD_ASSETS_PREFIX)
  } else {
    app.addHook('onReady', async () => app.log.warn({ distDir }, DASHBOARD_NOT_BUILT_MESSAGE))
  }

  const page = async (reply: FastifyReply) => {
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send(DASHBOARD_NOT_BUILT_MESSAGE)
    // Read per request: a rebuild while the server runs changes the hashed asset names it points to.
    const html = await readFile(indexFile, 'utf8')
    return reply
      .header('content-security-policy', CSP)
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(html)
  }
  app.get('/dashboard', async (_request, reply) => page(reply))
  app.get('/dashboard/*', async (request, reply) => {
    // An unknown call of the dashboard's API is a 404 in the API's shape, not the app.
    if (request.url.startsWith('/dashboard/api/') || request.url.startsWith(DASHBOARD_ASSETS_PREFIX)) {
      const url = request.url.split('?')[0] ?? ''
      throw new ApiError('ROUTE_NOT_FOUND', { method: request.method, url: url.slice(0, 200) })
    }
    return page(reply)
  })
}
