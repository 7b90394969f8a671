// `npm run size -w apps/dashboard`: the JavaScript and CSS the built index.html loads on first visit, as the API
// sends them: raw, gzip and brotli, per file and in total, against a 150 KB compressed budget (the hosted page's).
// Run after `npm run build`. Exits 1 over budget, so it can guard CI.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { BASE, DIST } from './vite-config.ts'

export const BUDGET_BYTES = 150 * 1024

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

export function firstLoadFiles(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] as string)
  return [...new Set(sources)].filter((src) => /\.(?:js|css)$/.test(src))
}

export function measure(dist = DIST): { files: Array<Sizes & { file: string }>; total: Sizes } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = firstLoadFiles(html).map((src) => {
    const file = src.startsWith(BASE) ? src.slice(BASE.length) : src.replace(/^\//, '')
    const path = join(dist, file)
    const raw = statSync(path).size
    const sent = (extension: string) => (existsSync(path + extension) ? statSync(path + extension).size : raw)
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
  console.log(`first load: ${line(total)} (budget ${kb(BUDGET_BYTES)} compressed)`)
  if (Math.max(total.gzip, total.brotli) > BUDGET_BYTES) {
    console.error('over budget')
    process.exit(1)
  }
}
