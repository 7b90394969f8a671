// Brotli and gzip copies of an app's built assets, written beside each one (`app.js.br`, `app.js.gz`), which the
// API sends to browsers that accept them (@fastify/static's `preCompressed`, packages/api/src/routes/hpp/pages.ts
// and routes/dashboard/pages.ts). Compressed once here at the highest levels, so no request pays for compression.
// Used by the build scripts of apps/hpp and apps/dashboard.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** What compresses: text. Images and fonts in the build are already compressed formats. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/

export const brotli = (content: Buffer): Buffer =>
  brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })

export const gzip = (content: Buffer): Buffer => gzipSync(content, { level: 9 })

/** Writes `.br` and `.gz` beside each compressible file under `dir` that they make smaller; returns them. */
export function precompress(dir: string): string[] {
  const written: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const file = join(entry.parentPath, entry.name)
    const content = readFileSync(file)
    for (const [extension, compress] of [
      ['.br', brotli],
      ['.gz', gzip],
    ] as const) {
      const compressed = compress(content)
      // A tiny file can grow: then the plain one is the better answer, and the server sends it.
      if (compressed.length >= content.length) continue
      writeFileSync(file + extension, compressed)
      written.push(file + extension)
    }
  }
  return written
}
