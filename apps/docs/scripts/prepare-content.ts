/**
 * Fills the parts of the site that come from the contract package, before `docusaurus build` or `start`:
 * - static/openapi/*.json and static/openapi/es/*.json: downloadable copies of the committed OpenAPI documents,
 *   English and Spanish;
 * - docs/api/globals.mdx (and its Spanish twin): every enumeration, constant and error of the contract;
 * - src/data/api.generated.json: servers and version of the API, read from the OpenAPI documents;
 * - docs/checkout-js/: the TypeDoc markdown reference of packages/checkout-js (its docs-md/, with its sidebar).
 * All outputs are generated (git-ignored) so they can never drift from packages/contract.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as contract from '@plazo/contract'
import { apiReferences } from '../api-references.ts'
import { specPath } from '../openapi-source.ts'
import { renderGlobals } from './globals-page.ts'

const siteDir = fileURLToPath(new URL('..', import.meta.url))

function write(relativePath: string, content: string): void {
  const target = join(siteDir, relativePath)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, content)
}

interface OpenApiDocument {
  info: { title: string; version: string }
  servers?: Array<{ url: string; description?: string }>
}

/** Copies each document, English and Spanish, to its download path; returns the English ones. */
function prepareOpenApi(): OpenApiDocument[] {
  const documents: OpenApiDocument[] = []
  for (const reference of apiReferences) {
    for (const locale of ['en', 'es'] as const) {
      const source = specPath(reference, locale)
      if (!existsSync(source)) {
        throw new Error(`Missing OpenAPI document ${source}: build packages/contract first.`)
      }
      const target = join(siteDir, 'static', reference.downloadPath[locale])
      mkdirSync(dirname(target), { recursive: true })
      copyFileSync(source, target)
    }
    documents.push(JSON.parse(readFileSync(specPath(reference), 'utf8')) as OpenApiDocument)
  }
  return documents
}

function prepareApiData(documents: OpenApiDocument[]): void {
  const first = documents[0]
  if (!first) throw new Error('No OpenAPI document found.')
  const data = {
    generatedBy: 'apps/docs/scripts/prepare-content.ts from packages/contract/openapi; do not edit',
    version: first.info.version,
    servers: first.servers ?? [],
  }
  write('src/data/api.generated.json', `${JSON.stringify(data, null, 2)}\n`)
}

function prepareGlobals(): void {
  const source = contract as unknown as Record<string, unknown>
  const input = {
    enums: contract.ENUMS,
    errors: contract.ERROR_CATALOGUE,
    constants: (source.CONSTANTS ?? {}) as Record<string, unknown>,
    spanish: { ...contract.SPANISH_TEXTS, ...contract.SPANISH_GLOBALS_TEXTS },
  }
  write('docs/api/globals.mdx', renderGlobals(input, 'en'))
  write('i18n/es/docusaurus-plugin-content-docs/current/api/globals.mdx', renderGlobals(input, 'es'))
}

/**
 * The checkout-js reference is generated (and kept fresh) by packages/checkout-js, in English (docs-md) and in
 * Spanish (docs-md-es); the site mounts each in its locale. The sidebar is the English one (same doc ids); its
 * labels are translated in i18n/es/docusaurus-plugin-content-docs/current.json.
 */
function prepareCheckoutJsReference(): void {
  const mounts = [
    ['docs-md', 'docs/checkout-js'],
    ['docs-md-es', 'i18n/es/docusaurus-plugin-content-docs/current/checkout-js'],
  ] as const
  for (const [folder, mountedAt] of mounts) {
    const source = fileURLToPath(new URL(`../../../packages/checkout-js/${folder}/`, import.meta.url))
    if (!existsSync(`${source}index.md`)) {
      throw new Error(
        `Missing ${source}index.md: run \`npm run docs --workspace=packages/checkout-js\` first.`,
      )
    }
    const target = join(siteDir, mountedAt)
    rmSync(target, { recursive: true, force: true })
    cpSync(source, target, { recursive: true })
  }
}

const documents = prepareOpenApi()
prepareCheckoutJsReference()
prepareApiData(documents)
prepareGlobals()
console.log('Prepared the OpenAPI downloads, the API data, the globals page and the checkout-js reference.')
