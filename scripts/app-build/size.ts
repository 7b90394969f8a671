// What an app's built index.html loads on first visit, as the API sends it: raw, gzip and brotli, per file and
// in total, against a compressed budget. The compressed sizes are those of the `.gz` and `.br` files the build
// writes beside each asset (precompress.ts, what @fastify/static's `preCompressed` sends); a file without them
// goes out raw, and counts raw. The budget is checked on the larger of the two compressed totals, what any
// browser that accepts compression receives. Used by the `size` scripts of apps/hpp and apps/dashboard.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const BUDGET_BYTES = 150 * 1024

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

export interface FirstLoadOptions {
  /** The app's build folder (index.html and assets/). */
  dist: string
  /** Where the API serves it (Vite's `base`). */
  base: string
  /** Whether the stylesheets count too, or only the JavaScript. */
  css: boolean
}

/** The files index.html loads on first visit: its module scripts and modulepreload links (and stylesheets). */
export function firstLoadFiles(html: string, css: boolean): string[] {
  const links = css
    ? /<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g
    : /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g), ...html.matchAll(links)].map(
    (match) => match[1] as string,
  )
  return [...new Set(sources)].filter((src) => (css ? /\.(?:js|css)$/ : /\.js$/).test(src))
}

export function measure({ dist, base, css }: FirstLoadOptions): {
  files: Array<Sizes & { file: string }>
  total: Sizes
} {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = firstLoadFiles(html, css).map((src) => {
    const file = src.startsWith(base) ? src.slice(base.length) : src.replace(/^\//, '')
    const path = join(dist, file)
    const raw = statSync(path).size
    const sent = (extension: string) => (existsSync(path + extension) ? statSync(path + extension).size : raw)
    // The static server falls back from br to gzip to the plain file.
    const gzip = sent('.gz')
    return { file, raw, gzip, brotli: existsSync(`${path}.br`) ? sent('.br') : gzip }
  })
  const sum = (key: keyof Sizes) => files.reduce((total, f) => total + f[key], 0)
  return { files, total: { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') } }
}

/** Prints the sizes, the total named `label`, and exits 1 over budget, so it can guard CI. */
export function reportFirstLoad(options: FirstLoadOptions, label: string): void {
  const { files, total } = measure(options)
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const line = (s: Sizes) => `${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli`
  for (const f of files) console.log(`${f.file}  ${line(f)}`)
  console.log(`${label}: ${line(total)} (budget ${kb(BUDGET_BYTES)} compressed)`)
  if (files.some((f) => f.gzip === f.raw)) console.warn('some files have no .gz beside them: sent raw')
  if (Math.max(total.gzip, total.brotli) > BUDGET_BYTES) {
    console.error('over budget')
    process.exit(1)
  }
}
