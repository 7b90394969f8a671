// `npm run size -w apps/hpp`: the JavaScript the built index.html loads on first visit (its module scripts and
// modulepreload links) as the API sends it: raw, gzip and brotli, per file and in total, against the 150 KB
// budget. The compressed sizes are those of the `.gz` and `.br` files the build writes beside each asset (what
// @fastify/static's `preCompressed` sends); a file without them goes out raw, and counts raw. The budget is
// checked on the larger of the two compressed totals, what any browser that accepts compression receives.
// Run after `npm run build`. Exits 1 over budget, so it can guard CI.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { BASE, DIST } from './vite-config.ts'

export const BUDGET_BYTES = 150 * 1024

export function firstLoadScripts(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] as string)
  return [...new Set(sources)].filter((src) => src.endsWith('.js'))
}

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

export function measure(dist = DIST): { files: Array<Sizes & { file: string }>; total: Sizes } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = firstLoadScripts(html).map((src) => {
    const file = src.startsWith(BASE) ? src.slice(BASE.length) : src.replace(/^\//, '')
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, total } = measure()
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const line = (s: Sizes) => `${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli`
  for (const f of files) console.log(`${f.file}  ${line(f)}`)
  const sent = Math.max(total.gzip, total.brotli)
  console.log(`first-load JS: ${line(total)} (budget ${kb(BUDGET_BYTES)} compressed)`)
  if (files.some((f) => f.gzip === f.raw)) console.warn('some files have no .gz beside them: sent raw')
  if (sent > BUDGET_BYTES) {
    console.error('over budget')
    process.exit(1)
  }
}
