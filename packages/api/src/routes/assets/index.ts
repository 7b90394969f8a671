import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../errors.ts'

/** The script tag build of packages/checkout-js (`npm run build -w packages/checkout-js`). */
export const CHECKOUT_JS_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../checkout-js/dist/checkout.js',
)

/**
 * Merchants' pages load it on every product view: a short cache lets a new release reach them within minutes,
 * the ETag makes the revalidation a 304.
 */
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400'

interface Asset {
  mtimeMs: number
  body: Buffer
  gzip: Buffer
  etag: string
}

export interface AssetOptions {
  /** Where checkout.js is read from (tests point it elsewhere). */
  checkoutJsPath?: string
}

/**
 * `GET /checkout.js`: checkout-js for a `<script>` tag, defining `window.PlazoCheckout`. Read from the build
 * and kept in memory until the file changes; gzipped for clients that accept it; readable cross-origin so
 * merchants can add `integrity` and `crossorigin` attributes.
 */
export function assetRoutes(app: FastifyInstance, options: AssetOptions = {}): void {
  const path = options.checkoutJsPath ?? CHECKOUT_JS_PATH
  let cached: Asset | undefined

  async function load(): Promise<Asset | undefined> {
    const info = await stat(path).catch(() => undefined)
    if (!info) return undefined
    if (cached?.mtimeMs !== info.mtimeMs) {
      const body = await readFile(path)
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
      cached = { mtimeMs: info.mtimeMs, body, gzip: gzipSync(body, { level: 9 }), etag }
    }
    return cached
  }

  app.get('/checkout.js', async (request, reply) => {
    const asset = await load()
    if (!asset) {
      request.log.warn({ path }, 'checkout.js is not built: run npm run build -w packages/checkout-js')
      throw new ApiError('ROUTE_NOT_FOUND', { method: request.method, url: '/checkout.js' })
    }
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .header('etag', asset.etag)
      .header('vary', 'accept-encoding')
      .header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff')
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send()
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(asset.gzip)
    }
    return reply.send(asset.body)
  })
}
