// Brotli and gzip copies of the built assets, written beside each one (`app.js.br`, `app.js.gz`), which the API
// sends to browsers that accept them (@fastify/static's `preCompressed`). The same as apps/hpp's, for the same
// reason: compressed once at the highest levels, so no request pays for compression.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/

export function precompress(dir: string): string[] {
  const written: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const file = join(entry.parentPath, entry.name)
    const content = readFileSync(file)
    const variants = [
      [
        '.br',
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
      ],
      ['.gz', gzipSync(content, { level: 9 })],
    ] as const
    for (const [extension, compressed] of variants) {
      // A tiny file can grow: then the plain one is the better answer.
      if (compressed.length >= content.length) continue
      writeFileSync(file + extension, compressed)
      written.push(file + extension)
    }
  }
  return written
}
