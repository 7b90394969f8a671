/**
 * Prints the size of dist/checkout.js, raw and gzipped, and fails when the gzipped script is over the budget:
 * merchants load it on product pages, where every kilobyte delays the page.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const BUDGET_GZIP_BYTES = 25 * 1024
const SCRIPT = fileURLToPath(new URL('../dist/checkout.js', import.meta.url))

export async function scriptSize(): Promise<{ raw: number; gzip: number }> {
  const bytes = await readFile(SCRIPT)
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

export async function printSize(): Promise<void> {
  const { raw, gzip } = await scriptSize()
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`dist/checkout.js: ${kb(raw)} raw, ${kb(gzip)} gzip (budget ${kb(BUDGET_GZIP_BYTES)} gzip)`)
  if (gzip > BUDGET_GZIP_BYTES) {
    console.error(`dist/checkout.js is over its budget by ${kb(gzip - BUDGET_GZIP_BYTES)} gzip.`)
    process.exitCode = 1
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await printSize()
