import { statSync } from 'node:fs'
import { posix, resolve, sep } from 'node:path'

/**
 * Maps a request path, already decoded and normalised (request-path.ts: the same value the gate decided on), to
 * a file of the Docusaurus build, the way the site's links expect: `/docs/x` and `/docs/x/` serve
 * `docs/x/index.html`, and `/docs/x.html` style files serve as they are. It decodes nothing again. Returns a path
 * relative to the build folder, or undefined; never a path outside the build folder.
 */
export function resolveBuildFile(buildDir: string, path: string): string | undefined {
  if (path.includes('\0') || path.includes('\\')) return undefined
  const normalized = posix.normalize(`/${path}`)
  const candidates = normalized.endsWith('/')
    ? [`${normalized}index.html`]
    : [normalized, `${normalized}/index.html`, `${normalized}.html`]
  const root = resolve(buildDir)
  for (const candidate of candidates) {
    const absolute = resolve(root, `.${candidate}`)
    if (!absolute.startsWith(root + sep)) continue
    try {
      if (statSync(absolute).isFile())
        return absolute
          .slice(root.length + 1)
          .split(sep)
          .join('/')
    } catch {
      // Not there: try the next form.
    }
  }
  return undefined
}

/** The not-found page of the locale the path belongs to. */
export function notFoundPage(urlPath: string): string {
  return urlPath === '/es' || urlPath.startsWith('/es/') ? 'es/404.html' : '404.html'
}

/** Content-hashed files (Docusaurus puts them under /assets/) never change, so browsers may keep them. */
export function cacheControlFor(servedPath: string): string {
  // The file actually sent may be the pre-compressed twin (x.html.br); the original name decides.
  const relativePath = servedPath.replace(/\.(br|gz)$/, '')
  if (relativePath.endsWith('.html')) return 'no-store'
  // Markdown twins and llms.txt change with every build under the same name: always revalidated (ETag).
  if (/\.(md|txt)$/.test(relativePath)) return 'private, no-cache'
  if (relativePath.startsWith('assets/') || /(^|\/)assets\//.test(relativePath)) {
    return 'private, max-age=31536000, immutable'
  }
  return 'private, max-age=86400'
}
