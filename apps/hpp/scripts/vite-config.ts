// The one Vite configuration of the checkout app, used by scripts/build.ts and scripts/dev.ts. It runs under
// tsx (not Vite's own config loader) so it can read the contract's TypeScript source: the customer form's
// rules (patterns, enums, conditional requirements) are taken from the contract schemas at build time and
// compiled in as constants, so the browser checks what the API checks without shipping a JSON Schema engine.

import { fileURLToPath } from 'node:url'
import {
  Alpha3CountrySchema,
  BRAND,
  CLIENT_EXCEPTIONS,
  DocumentNumberSchema,
  DocumentType,
  EmailSchema,
  EmploymentStatus,
  FRENCH_CREDIT_WARNING,
  Gender,
  IncomeSchema,
  MaritalRegime,
  MaritalStatus,
  NetIncomeType,
  OwnershipType,
  PhoneNumberSchema,
  ProfessionalDetailsSchema,
  PropertyType,
} from '@plazo/contract'
import type { InlineConfig } from 'vite'
import { reactAppConfig } from '../../../scripts/app-build/vite-config.ts'

export const APP_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const DIST = fileURLToPath(new URL('../dist', import.meta.url))
/** Where the API serves the built assets (packages/api/src/routes/hpp/pages.ts). */
export const BASE = '/hpp-app/'

type Conditional = { if: { properties: { employment_status: { enum?: string[]; const?: string } } } }

/** The statuses for which the contract requires the employer (ProfessionalDetailsSchema's first rule). */
function employedStatuses(): string[] {
  const rules = (ProfessionalDetailsSchema as unknown as { allOf: Conditional[] }).allOf
  return rules[0]?.if.properties.employment_status.enum ?? []
}

const patternOf = (schema: unknown): string => {
  const pattern = (schema as { pattern?: unknown }).pattern
  if (typeof pattern !== 'string') throw new Error('contract schema without a pattern')
  return pattern
}

export const CONTRACT_RULES = {
  phonePattern: patternOf(PhoneNumberSchema),
  documentPattern: patternOf(DocumentNumberSchema),
  // The country schema is an enum (the ISO 3166-1 codes); the form checks it as the one pattern of them all.
  countryPattern: `^(?:${(Alpha3CountrySchema as unknown as { enum: string[] }).enum.join('|')})$`,
  emailPattern: patternOf(EmailSchema),
  ibanPattern: patternOf(IncomeSchema.properties.account_number),
  documentTypes: [...DocumentType.values],
  genders: [...Gender.values],
  maritalStatuses: [...MaritalStatus.values],
  maritalRegimes: [...MaritalRegime.values],
  ownershipTypes: [...OwnershipType.values],
  propertyTypes: [...PropertyType.values],
  employmentStatuses: [...EmploymentStatus.values],
  employedStatuses: employedStatuses(),
  netIncomeTypes: [...NetIncomeType.values],
  brand: BRAND,
  creditWarning: FRENCH_CREDIT_WARNING,
  clientExceptions: CLIENT_EXCEPTIONS,
}

export function viteConfig(): InlineConfig {
  return reactAppConfig({
    root: APP_ROOT,
    dist: DIST,
    base: BASE,
    define: { __PLAZO_RULES__: JSON.stringify(CONTRACT_RULES) },
  })
}
