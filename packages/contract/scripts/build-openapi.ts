// Writes the four OpenAPI documents from the contract schemas, in English (openapi/) and in Spanish
// (openapi/es/), each operation with its code samples. `--check` fails when a committed document differs from
// what the schemas generate (run by the tests).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { withCodeSamples } from '../src/code-samples/index.ts'
import { buildOpenApiDocument, OPENAPI_DOCUMENT_NAMES, OPENAPI_LOCALES } from '../src/openapi/index.ts'

const outDir = fileURLToPath(new URL('../openapi/', import.meta.url))
const check = process.argv.includes('--check')
let stale = 0
for (const locale of OPENAPI_LOCALES) {
  const dir = locale === 'en' ? outDir : `${outDir}${locale}/`
  await mkdir(dir, { recursive: true })
  for (const name of OPENAPI_DOCUMENT_NAMES) {
    const file = `${dir}${name}.json`
    const text = `${JSON.stringify(withCodeSamples(buildOpenApiDocument(name, locale), name), null, 2)}\n`
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
}
if (stale) process.exit(1)
