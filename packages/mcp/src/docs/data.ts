/**
 * What this package carries of the docs, written by scripts/build-data.ts when it is built (`npm run build`, and
 * before the tests): every guide as Markdown with its sections (en, es), the four OpenAPI documents, llms.txt,
 * and a manifest. Read from the package's own `data/` folder, wherever the package is installed: the server
 * needs no docs site, no repository and no network.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DocPage, type DocSection, LOCALES, type Locale } from '@plazo/docs-content/doc-page'

// A page as the docs site's pages are made (packages/docs-content, bundled into the build with its types).
export type { DocPage, DocSection, Locale }
export { LOCALES }

/** One API reference: its OpenAPI document (a file of data/openapi/) and its titles. */
export interface ReferenceEntry {
  id: string
  fileName: string
  route: string
  title: Record<Locale, string>
}

export interface DataManifest {
  /** Generated file: what scripts/build-data.ts read to write the data. */
  generated: string
  references: ReferenceEntry[]
  pages: Record<Locale, number>
}

/** The package's root: the nearest folder up from this module with this package's package.json. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && /"name":\s*"@plazo\/mcp"/.test(readFileSync(manifest, 'utf8'))) return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('@plazo/mcp: cannot find the package folder')
    dir = parent
  }
}

let root: string | undefined
export function dataDir(): string {
  root ??= packageRoot()
  return join(root, 'data')
}

function read(path: string): string {
  const file = join(dataDir(), path)
  if (!existsSync(file))
    throw new Error(
      `@plazo/mcp: ${file} is missing; build the package's data with "npm run build:data -w packages/mcp"`,
    )
  return readFileSync(file, 'utf8')
}

export function readManifest(): DataManifest {
  return JSON.parse(read('manifest.json')) as DataManifest
}

export function readPages(locale: Locale): DocPage[] {
  return JSON.parse(read(`pages.${locale}.json`)) as DocPage[]
}

/** The three serialised lunr indexes of a locale (titles, headings, texts), if the build wrote them. */
export function readSearchIndex(locale: Locale): object[] | undefined {
  const file = join(dataDir(), `search.${locale}.json`)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as object[]) : undefined
}

export function readOpenApi(locale: Locale, fileName: string): string {
  return read(join('openapi', locale === 'en' ? '' : 'es', fileName))
}

export function readLlmsTxt(locale: Locale): string {
  return read(`llms.${locale}.txt`)
}
