// Writes the four OpenAPI documents from the contract schemas. `--check` fails when a committed
// document differs from what the schemas generate (run by the tests).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { buildOpenApiDocument, OPENAPI_DOCUMENT_NAMES } from '../src/openapi/index.ts'

const outDir = fileURLToPath(new URL('../openapi/', import.meta.url))
const check = process.argv.includes('--check')
await mkdir(outDir, { recursive: true })
let stale = 0
for (const name of OPENAPI_DOCUMENT_NAMES) {
  const file = `${outDir}${name}.json`
  const text = `${JSON.stringify(buildOpenApiDocument(name), null, 2)}\n`
  if (check) {
    const current = await readFile(file, 'utf8').catch(() => '')
    if (current !== text) {
      stale++
      console.error(`${file} is out of date: run npm run build -w packages/contract`)
    }
  } else {
    await writeFile(file, text)
    console.log(`wrote ${file}`)
  }
}
if (stale) process.exit(1)
