// The fields of the basic and the full customer (contract: BasicCustomerSchema, FullCustomerSchema), with
// the same required and conditional rules, and the conversion between the form and the request body.
import type { SchemaError } from '@plazo/contract'
import type { Dictionary } from '../../i18n/en.ts'
import { RULES } from '../../rules.ts'

export type FieldPath = keyof Dictionary['fields']
export type Values = Partial<Record<FieldPath, string>>
export type Section = 'contact' | 'identity' | 'family' | 'residence' | 'work' | 'income'
type ErrorKey = keyof Dictionary['errors']

export interface FieldSpec {
  path: FieldPath
  section: Section
  kind: 'text' | 'email' | 'tel' | 'date' | 'select' | 'number' | 'money' | 'yesno'
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
    kind: 'text',
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

const EMAIL = new RegExp(RULES.emailPattern)
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The browser's check: the contract's required fields, patterns and formats. Keys are error names. */
export function checkValues(fields: FieldSpec[], values: Values): Partial<Record<FieldPath, ErrorKey>> {
  const errors: Partial<Record<FieldPath, ErrorKey>> = {}
  for (const field of fields) {
    if (!isVisible(field, values)) continue
    const raw = (values[field.path] ?? '').trim()
    if (raw === '') {
      if (isRequired(field, values)) errors[field.path] = 'required'
      continue
    }
    // Codes are sent upper-cased (customerFrom), so `esp` or a lower-case IBAN is fine to type.
    const value = field.upperCase ? raw.toUpperCase() : raw
    if (field.pattern && !new RegExp(field.pattern).test(value))
      errors[field.path] = field.patternError ?? 'invalid'
    else if (field.kind === 'email' && !EMAIL.test(value)) errors[field.path] = 'email'
    else if (field.kind === 'date' && (!DATE.test(value) || Number.isNaN(Date.parse(value))))
      errors[field.path] = 'date'
    else if ((field.kind === 'money' || field.kind === 'number') && !(Number(value.replace(',', '.')) >= 0)) {
      errors[field.path] = 'amount'
    }
  }
  return errors
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target
  for (const key of path.slice(0, -1)) {
    node[key] ??= {}
    node = node[key] as Record<string, unknown>
  }
  node[path[path.length - 1] as string] = value
}

const toCents = (value: string) => Math.round(Number(value.replace(',', '.')) * 100)

/** The request's customer object from the form: only visible, filled fields; money in cents. */
export function customerFrom(fields: FieldSpec[], values: Values): Record<string, unknown> {
  const customer: Record<string, unknown> = {}
  for (const field of fields) {
    if (!isVisible(field, values)) continue
    const raw = (values[field.path] ?? '').trim()
    if (raw === '') continue
    const value = field.upperCase ? raw.toUpperCase() : raw
    if (field.path === 'income.net_income.amount') {
      const period = values['income.net_income.type'] ?? 'monthly'
      setPath(customer, ['income', 'net_income', period], { amount: toCents(value), currency: 'EUR' })
    } else if (field.path === 'main_residence_details.home_expenses.mortgage') {
      setPath(customer, ['main_residence_details', 'home_expenses'], {
        mortgage: toCents(value),
        currency: 'EUR',
      })
    } else if (field.kind === 'yesno') {
      setPath(customer, field.path.split('.'), value === 'yes')
    } else if (field.kind === 'number') {
      setPath(customer, field.path.split('.'), Math.trunc(Number(value)))
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
