import { fileURLToPath } from 'node:url'
import type { ApiReference, ReferenceLocale } from './api-references.ts'

/** Where the committed OpenAPI documents live (Node only: the build and the prepare step read them). */
export const openapiDir = fileURLToPath(new URL('../../packages/contract/openapi/', import.meta.url))

/** The English document, or its Spanish twin in openapi/es/ (same file name). */
export function specPath(reference: ApiReference, locale: ReferenceLocale = 'en'): string {
  return `${openapiDir}${locale === 'en' ? '' : `${locale}/`}${reference.fileName}`
}
