import { fileURLToPath } from 'node:url'
import type { ApiReference } from './api-references.ts'

/** Where the committed OpenAPI documents live (Node only: the build and the prepare step read them). */
export const openapiDir = fileURLToPath(new URL('../../packages/contract/openapi/', import.meta.url))

export function specPath(reference: ApiReference): string {
  return `${openapiDir}${reference.fileName}`
}
