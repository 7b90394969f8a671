import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The Content-Security-Policy of the built pages (issue 36). Scripts: the site's own files and, by hash, the
 * inline scripts Docusaurus writes into the page served (the theme script of every page, the base-URL banner
 * script of the home pages): no 'unsafe-inline' for scripts. The hashes are read from each file when it is
 * first served, and again when it changes (a new build). A page reached by client-side navigation adds no inline
 * script of its own (checked in the browser: e2e/gate-build.test.ts goes back to the home page without a reload).
 *
 * What the site needs beyond that, each checked in the browser (e2e/gate-build.test.ts fails on any violation):
 * - 'unsafe-eval': the Try it console's body check compiles the request schemas with Ajv, which builds functions
 *   from source at run time (without it the console never shows its check, nor sends); Redoc does without;
 * - style-src 'unsafe-inline': Redoc's styled-components and Mermaid's diagrams write <style> elements at run
 *   time, and the prerendered pages carry style attributes (Prism's colours);
 * - img-src data:: the theme's icons are data: SVGs in the style sheet; https://cdn.redoc.ly: the logo of Redoc's
 *   "API docs by Redocly" attribution, which Redoc loads from there (it hides the image if it cannot);
 * - worker-src 'self': the local search runs in a worker loaded from /assets/;
 * - connect-src 'self': the search index, the Markdown twins, the session check and the Try it consoles'
 *   calls, which go through the gate's /__sandbox/ forwarding (sandbox-proxy.ts), never to another origin.
 * frame-ancestors 'none' (with X-Frame-Options: DENY for older browsers): no other site may frame the docs.
 */

/** Every directive but script-src, which carries the page's own hashes. */
const DIRECTIVES = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://cdn.redoc.ly",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
/** Types a browser runs; anything else (application/ld+json…) is data, which CSP does not govern. */
const EXECUTABLE_TYPE = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i

/** The `'sha256-…'` source of each inline script a browser would run in this HTML. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? ''
    if (!EXECUTABLE_TYPE.test(type.trim())) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes].sort()
}

export function pagePolicy(scriptHashes: Iterable<string>): string {
  const scripts = ["'self'", "'unsafe-eval'", ...[...new Set(scriptHashes)].sort()]
  return ["default-src 'self'", `script-src ${scripts.join(' ')}`, ...DIRECTIVES].join('; ')
}

/** The policy of each page of one build folder, read once per version of the file. */
export class PagePolicies {
  readonly #buildDir: string
  readonly #files = new Map<string, { key: string; policy: string }>()

  constructor(buildDir: string) {
    this.#buildDir = buildDir
  }

  /** The policy for one HTML file, given by its path relative to the build folder. */
  async forFile(relativePath: string): Promise<string> {
    const path = join(this.#buildDir, relativePath)
    const info = await stat(path).catch(() => undefined)
    if (!info) return pagePolicy([])
    const key = `${info.mtimeMs}:${info.size}`
    const cached = this.#files.get(path)
    if (cached?.key === key) return cached.policy
    const policy = pagePolicy(inlineScriptHashes(await readFile(path, 'utf8')))
    this.#files.set(path, { key, policy })
    return policy
  }
}
