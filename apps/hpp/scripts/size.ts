// `npm run size -w apps/hpp`: the gzip size of the JavaScript the built index.html loads on first visit
// (its module scripts and modulepreload links), against the 150 KB budget. Run after `npm run build`.
// Exits 1 over budget, so it can guard CI.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { BASE, DIST } from './vite-config.ts'

export const BUDGET_BYTES = 150 * 1024

export function firstLoadScripts(html: string): string[] {
  const sources = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] as string)
  return [...new Set(sources)].filter((src) => src.endsWith('.js'))
}

export function measure(dist = DIST): {
  files: Array<{ file: string; raw: number; gzip: number }>
  gzip: number
} {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const files = firstLoadScripts(html).map((src) => {
    const file = src.startsWith(BASE) ? src.slice(BASE.length) : src.replace(/^\//, '')
    const content = readFileSync(join(dist, file))
    // Level 6: what nginx, CDNs and @fastify/compress use by default.
    return { file, raw: content.length, gzip: gzipSync(content, { level: 6 }).length }
  })
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, gzip } = measure()
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  for (const f of files) console.log(`${f.file}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`)
  console.log(`first-load JS: ${kb(gzip)} gzip (budget ${kb(BUDGET_BYTES)})`)
  if (gzip > BUDGET_BYTES) {
    console.error('over budget')
    process.exit(1)
  }
}
