/**
 * The Spanish texts of the OpenAPI documents: each English text the documents show (a description, a
 * summary, a title) mapped to its Spanish, for Spanish-speaking developers (tú, Spain). One catalogue per
 * part of the contract; the contract test fails when a text of the documents has no entry here, and when an
 * entry is no longer used.
 */
import { API_EDGE_TEXTS } from './api-edges.ts'
import { CLIENT_OPERATION_TEXTS } from './client-operations.ts'
import { CUSTOMER_SCHEMA_TEXTS } from './customer-schemas.ts'
import { DEVELOPER_TOOL_TEXTS } from './developer-tools.ts'
import { DOCUMENT_TEXTS, TAG_NAMES } from './documents.ts'
import { GLOBALS_TEXTS } from './globals.ts'
import { INTEGRATION_CHECK_TEXTS } from './integration-checks.ts'
import { OPERATION_TEXTS } from './operations.ts'
import { PAYMENT_SCHEMA_TEXTS } from './payment-schemas.ts'
import { REQUEST_SCHEMA_TEXTS } from './request-schemas.ts'
import { RESPONSE_SCHEMA_TEXTS } from './response-schemas.ts'
import { WEBHOOK_SCHEMA_TEXTS } from './webhook-schemas.ts'

export type Catalogue = Readonly<Record<string, string>>

/** The catalogues by file, so a test can say where an entry sits. */
export const SPANISH_CATALOGUES: Readonly<Record<string, Catalogue>> = {
  'documents.ts': DOCUMENT_TEXTS,
  'operations.ts': OPERATION_TEXTS,
  'client-operations.ts': CLIENT_OPERATION_TEXTS,
  'request-schemas.ts': REQUEST_SCHEMA_TEXTS,
  'customer-schemas.ts': CUSTOMER_SCHEMA_TEXTS,
  'payment-schemas.ts': PAYMENT_SCHEMA_TEXTS,
  'response-schemas.ts': RESPONSE_SCHEMA_TEXTS,
  'webhook-schemas.ts': WEBHOOK_SCHEMA_TEXTS,
  'api-edges.ts': API_EDGE_TEXTS,
  'developer-tools.ts': DEVELOPER_TOOL_TEXTS,
  'integration-checks.ts': INTEGRATION_CHECK_TEXTS,
}

/** Every English text with its Spanish. A text translated in two catalogues is a mistake and fails here. */
export const SPANISH_TEXTS: Catalogue = mergeCatalogues(SPANISH_CATALOGUES)

/** The tags keep their English names (the `#tag/…` anchors); Redoc shows these Spanish `x-displayName`s. */
export const SPANISH_TAG_NAMES: Catalogue = TAG_NAMES

/**
 * The Spanish of the globals page's texts that no document shows (constants, the error catalogue's `when`);
 * the page takes every other text from SPANISH_TEXTS.
 */
export const SPANISH_GLOBALS_TEXTS: Catalogue = GLOBALS_TEXTS

function mergeCatalogues(catalogues: Readonly<Record<string, Catalogue>>): Catalogue {
  const merged: Record<string, string> = {}
  const origin: Record<string, string> = {}
  for (const [file, catalogue] of Object.entries(catalogues)) {
    for (const [english, spanish] of Object.entries(catalogue)) {
      if (english in merged) {
        throw new Error(`src/openapi/es/${file} translates again a text of ${origin[english]}: ${english}`)
      }
      merged[english] = spanish
      origin[english] = file
    }
  }
  return merged
}
