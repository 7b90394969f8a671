import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../errors.ts'

/**
 * Serves an app's built assets (hpp/pages.ts, dashboard/pages.ts) under `prefix` from `root`. The static server
 * decodes and resolves the path itself; it only ever gets one that is already a plain path inside the build,
 * decided here on the decoded value it will use. Anything else is a 404.
 */
export async function serveBuiltAssets(app: FastifyInstance, root: string, prefix: string): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? ''
    if (!path.startsWith(prefix)) return
    if (!assetPathInside(path, prefix)) {
      throw new ApiError('ROUTE_NOT_FOUND', { method: request.method, url: path.slice(0, 200) })
    }
  })
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    index: false,
    // Vite puts a content hash in every asset name: a new build is a new URL.
    immutable: true,
    maxAge: '365d',
    // The build writes `.br` and `.gz` beside each asset (scripts/app-build/precompress.ts): the variant the
    // browser's Accept-Encoding prefers is sent, compressed once at build time rather than per request, with
    // `Vary: Accept-Encoding`. A build without them still serves the plain files.
    preCompressed: true,
  })
}

/**
 * Whether the raw request path names a file under `prefix` as it will be read: decoded once (as the static
 * server decodes it), with no `.` or `..` segment, no backslash (a separator elsewhere), no NUL and no `%` left
 * (a second decoding would change it).
 */
export function assetPathInside(rawPath: string, prefix: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    return false
  }
  if (!decoded.startsWith(prefix) || /[\\\0%]/.test(decoded)) return false
  return decoded
    .slice(prefix.length)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}
