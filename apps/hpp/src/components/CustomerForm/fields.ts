// The fields of the basic and the full customer (contract: BasicCustomerSchema, FullCustomerSchema), with
// the same required and conditional rules, and the conversion between the form and the request body.
// Values are kept as typed; amounts, phone numbers and IBANs are read the way people write them
// (amount-input.ts, phone-number.ts, iban.ts) and sent in the form the contract takes.
import type { SchemaError } from '@plazo/contract'
import { type AmountProblem, formatAmount, parseAmount, tidyAmount } from '../../amount-input.ts'
import type { Dictionary } from '../../i18n/en.ts'
import { formatIban, normaliseIban } from '../../iban.ts'
import { normalisePhone, type PhoneCountry } from '../../phone-number.ts'
import { RULES } from '../../rules.ts'

export type FieldPath = keyof Dictionary['fields']
export type Values = Partial<Record<FieldPath, string>>
export type Section = 'contact' | 'identity' | 'family' | 'residence' | 'work' | 'income'
type ErrorKey = keyof Dictionary['errors']

export interface FieldSpec {
  path: FieldPath
  section: Section
  kind: 'text' | 'email' | 'tel' | 'iban' | 'date' | 'select' | 'number' | 'money' | 'yesno'
  required: boolean | ((values: Values) => boolean)
  /** Shown only when this holds (conditional parts of the contract). */
  visible?: (values: Values) => boolean
  pattern?: string
  patternError?: ErrorKey
  options?: { values: string[]; labels: keyof Dictionary['options'] }
  hint?: keyof Dictionary['hints']
  autoComplete?: string
  upperCase?: boolean
}

const married = (v: Values) => v['familiar_situation_details.marital.status'] === 'married'
const owner = (v: Values) => v['main_residence_details.ownership_details.type'] === 'ownership'
const employed = (v: Values) =>
  RULES.employedStatuses.includes(v['professional_details.employment_status'] ?? '')
const temporary = (v: Values) => v['professional_details.employment_status'] === 'temporary_employed'

function contact(full: boolean): FieldSpec[] {
  return [
    { path: 'first_name', section: 'contact', kind: 'text', required: true, autoComplete: 'given-name' },
    { path: 'last_name', section: 'contact', kind: 'text', required: true, autoComplete: 'family-name' },
    { path: 'email', section: 'contact', kind: 'email', required: full, autoComplete: 'email' },
    {
      path: 'phone_number',
      section: 'contact',
      kind: 'tel',
      required: full,
      pattern: RULES.phonePattern,
      patternError: 'phone',
      hint: 'phone',
      autoComplete: 'tel',
    },
    {
      path: 'document_number',
      section: 'contact',
      kind: 'text',
      required: full,
      pattern: RULES.documentPattern,
      patternError: 'document',
      hint: 'document',
      upperCase: true,
    },
  ]
}

const country = {
  pattern: RULES.countryPattern,
  patternError: 'country' as const,
  hint: 'country' as const,
  upperCase: true,
}

const fullOnly: FieldSpec[] = [
  {
    path: 'document_details.type',
    section: 'identity',
    kind: 'select',
    required: true,
    options: { values: RULES.documentTypes, labels: 'documentTypes' },
  },
  { path: 'document_details.nationality', section: 'identity', kind: 'text', required: true, ...country },
  { path: 'document_details.expeditor', section: 'identity', kind: 'text', required: false, ...country },
  { path: 'document_details.expiration', section: 'identity', kind: 'date', required: false },
  {
    path: 'document_details.birth_date',
    section: 'identity',
    kind: 'date',
    required: true,
    autoComplete: 'bday',
  },
  {
    path: 'document_details.gender',
    section: 'identity',
    kind: 'select',
    required: true,
    options: { values: RULES.genders, labels: 'genders' },
  },
  {
    path: 'familiar_situation_details.marital.status',
    section: 'family',
    kind: 'select',
    required: true,
    options: { values: RULES.maritalStatuses, labels: 'maritalStatuses' },
  },
  {
    path: 'familiar_situation_details.marital.regime',
    section: 'family',
    kind: 'select',
    required: married,
    visible: married,
    options: { values: RULES.maritalRegimes, labels: 'maritalRegimes' },
  },
  {
    path: 'familiar_situation_details.child_support_number',
    section: 'family',
    kind: 'number',
    required: false,
  },
  {
    path: 'main_residence_details.address.street_address',
    section: 'residence',
    kind: 'text',
    required: true,
    autoComplete: 'address-line1',
  },
  {
    path: 'main_residence_details.address.floor_number',
    section: 'residence',
    kind: 'text',
    required: false,
  },
  { path: 'main_residence_details.address.door_number', section: 'residence', kind: 'text', required: false },
  {
    path: 'main_residence_details.address.postal_code',
    section: 'residence',
    kind: 'text',
    required: true,
    autoComplete: 'postal-code',
  },
  {
    path: 'main_residence_details.address.city',
    section: 'residence',
    kind: 'text',
    required: true,
    autoComplete: 'address-level2',
  },
  {
    path: 'main_residence_details.address.country',
    section: 'residence',
    kind: 'text',
    required: true,
    ...country,
  },
  {
    path: 'main_residence_details.ownership_details.type',
    section: 'residence',
    kind: 'select',
    required: true,
    options: { values: RULES.ownershipTypes, labels: 'ownershipTypes' },
  },
  {
    path: 'main_residence_details.ownership_details.property_type',
    section: 'residence',
    kind: 'select',
    required: owner,
    visible: owner,
    options: { values: RULES.propertyTypes, labels: 'propertyTypes' },
  },
  {
    path: 'main_residence_details.ownership_details.mortgage',
    section: 'residence',
    kind: 'yesno',
    required: owner,
    visible: owner,
  },
  {
    path: 'main_residence_details.home_expenses.mortgage',
    section: 'residence',
    kind: 'money',
    required: false,
  },
  { path: 'main_residence_details.entrance_date', section: 'residence', kind: 'date', required: false },
  {
    path: 'professional_details.employment_status',
    section: 'work',
    kind: 'select',
    required: true,
    options: { values: RULES.employmentStatuses, labels: 'employmentStatuses' },
  },
  {
    path: 'professional_details.professional_position',
    section: 'work',
    kind: 'text',
    required: employed,
    visible: employed,
    autoComplete: 'organization-title',
  },
  {
    path: 'professional_details.company_info.name',
    section: 'work',
    kind: 'text',
    required: employed,
    visible: employed,
    autoComplete: 'organization',
  },
  {
    path: 'professional_details.company_info.activity',
    section: 'work',
    kind: 'text',
    required: employed,
    visible: employed,
  },
  {
    path: 'professional_details.company_info.company_contract_end_date',
    section: 'work',
    kind: 'date',
    required: temporary,
    visible: temporary,
  },
  {
    path: 'income.account_number',
    section: 'income',
    kind: 'iban',
    required: true,
    pattern: RULES.ibanPattern,
    patternError: 'iban',
    hint: 'iban',
    upperCase: true,
  },
  {
    path: 'income.net_income.type',
    section: 'income',
    kind: 'select',
    required: true,
    options: { values: RULES.netIncomeTypes, labels: 'netIncomeTypes' },
  },
  { path: 'income.net_income.amount', section: 'income', kind: 'money', required: true },
]

export function fieldsFor(requirement: 'basic' | 'full'): FieldSpec[] {
  return requirement === 'full' ? [...contact(true), ...fullOnly] : contact(false)
}

export const isVisible = (field: FieldSpec, values: Values) => field.visible?.(values) ?? true
export const isRequired = (field: FieldSpec, values: Values) =>
  typeof field.required === 'function' ? field.required(values) : field.required

/** What reading a typed value depends on: the page's locale (amounts) and the customer's country (phones). */
export interface InputContext {
  /** The page's number format, e.g. `es-ES` (i18n's LOCALES). */
  locale: string
  /** Where a phone number written without its country code is from. */
  phoneCountry: PhoneCountry
}

const EMAIL = new RegExp(RULES.emailPattern)
const DATE = /^\d{4}-\d{2}-\d{2}$/
const AMOUNT_ERRORS: Record<AmountProblem, ErrorKey> = {
  grouping: 'amountGrouping',
  decimals: 'amountDecimals',
  format: 'amountFormat',
  negative: 'amount',
}

type Reading = { ok: true; value: string | number } | { ok: false; error: ErrorKey }

/** A filled field's value as the request carries it (money in cents), or the error to show beside it. */
function read(field: FieldSpec, raw: string, context: InputContext): Reading {
  if (field.kind === 'money') {
    const amount = parseAmount(raw, context.locale)
    return amount.ok ? { ok: true, value: amount.cents } : { ok: false, error: AMOUNT_ERRORS[amount.problem] }
  }
  // Codes are sent upper-cased, so `esp` is fine to type.
  let value: string | undefined = field.upperCase ? raw.toUpperCase() : raw
  if (field.kind === 'tel') value = normalisePhone(raw, context.phoneCountry)
  if (field.kind === 'iban') value = normaliseIban(raw)
  if (value === undefined || (field.pattern && !new RegExp(field.pattern).test(value)))
    return { ok: false, error: field.patternError ?? 'invalid' }
  if (field.kind === 'email' && !EMAIL.test(value)) return { ok: false, error: 'email' }
  if (field.kind === 'date' && (!DATE.test(value) || Number.isNaN(Date.parse(value))))
    return { ok: false, error: 'date' }
  if (field.kind === 'number') {
    const number = Number(value.replace(',', '.'))
    return number >= 0 ? { ok: true, value: Math.trunc(number) } : { ok: false, error: 'amount' }
  }
  return { ok: true, value }
}

/** The browser's check: the contract's required fields, patterns and formats. Keys are error names. */
export function checkValues(
  fields: FieldSpec[],
  values: Values,
  context: InputContext,
): Partial<Record<FieldPath, ErrorKey>> {
  const errors: Partial<Record<FieldPath, ErrorKey>> = {}
  for (const field of fields) {
    if (!isVisible(field, values)) continue
    const raw = (values[field.path] ?? '').trim()
    if (raw === '') {
      if (isRequired(field, values)) errors[field.path] = 'required'
      continue
    }
    const reading = read(field, raw, context)
    if (!reading.ok) errors[field.path] = reading.error
  }
  return errors
}

/**
 * What a field shows once the customer leaves it: an amount in the page's format (2.500,5 → 2500,50), an
 * IBAN in groups of four. What cannot be read stays as typed, for the customer to correct.
 */
export function tidy(field: FieldSpec, typed: string, context: InputContext): string {
  if (field.kind === 'money') return tidyAmount(typed, context.locale)
  const iban = field.kind === 'iban' ? normaliseIban(typed) : undefined
  return iban ? formatIban(iban) : typed
}

/**
 * The amounts rewritten for a new language, so that switching from Spanish to English does not leave
 * "2.500" to be read as two and a half. What the old locale cannot read is left alone.
 */
export function relocalise(fields: FieldSpec[], values: Values, from: string, to: string): Values {
  const next = { ...values }
  for (const field of fields) {
    const typed = values[field.path]
    if (field.kind !== 'money' || !typed) continue
    const amount = parseAmount(typed, from)
    if (amount.ok) next[field.path] = formatAmount(amount.cents, to)
  }
  return next
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target
  for (const key of path.slice(0, -1)) {
    node[key] ??= {}
    node = node[key] as Record<string, unknown>
  }
  node[path[path.length - 1] as string] = value
}

/**
 * The request's customer object from the form: only visible, filled fields; money in cents, phone numbers and
 * IBANs normalised. A value the browser cannot read is sent as typed, for the API to name it (checkValues
 * keeps that from happening on the page).
 */
export function customerFrom(
  fields: FieldSpec[],
  values: Values,
  context: InputContext,
): Record<string, unknown> {
  const customer: Record<string, unknown> = {}
  for (const field of fields) {
    if (!isVisible(field, values)) continue
    const raw = (values[field.path] ?? '').trim()
    if (raw === '') continue
    const reading = read(field, raw, context)
    const value = reading.ok ? reading.value : raw
    if (field.path === 'income.net_income.amount') {
      const period = values['income.net_income.type'] ?? 'monthly'
      setPath(customer, ['income', 'net_income', period], { amount: value, currency: 'EUR' })
    } else if (field.path === 'main_residence_details.home_expenses.mortgage') {
      setPath(customer, ['main_residence_details', 'home_expenses'], { mortgage: value, currency: 'EUR' })
    } else if (field.kind === 'yesno') {
      setPath(customer, field.path.split('.'), value === 'yes')
    } else {
      setPath(customer, field.path.split('.'), value)
    }
  }
  return customer
}

/**
 * The form field a server error names: `/customer/income/net_income/monthly/amount` is the income amount;
 * a missing object (`/customer/document_details`) is its first visible field.
 */
export function fieldOfError(fields: FieldSpec[], values: Values, error: SchemaError): FieldPath | undefined {
  if (!error.field.startsWith('/customer')) return undefined
  const path = error.field
    .replace(/^\/customer\/?/, '')
    .split('/')
    .join('.')
    .replace(/^income\.net_income\.(annual|monthly)(\.amount)?$/, 'income.net_income.amount')
    .replace(
      /^main_residence_details\.home_expenses(\.\w+)?$/,
      'main_residence_details.home_expenses.mortgage',
    )
  const visible = fields.filter((f) => isVisible(f, values))
  return (
    visible.find((f) => f.path === path)?.path ??
    visible.find((f) => path !== '' && f.path.startsWith(`${path}.`))?.path
  )
}

/** The localized message of a server error on a field. */
export function errorKeyOf(field: FieldSpec | undefined, error: SchemaError): ErrorKey {
  if (error.keyword === 'required') return 'required'
  if (error.keyword === 'pattern') return field?.patternError ?? 'invalid'
  if (error.keyword === 'format') return error.message.includes('email') ? 'email' : 'date'
  if (error.keyword === 'minLength') return 'required'
  return 'invalid'
}
