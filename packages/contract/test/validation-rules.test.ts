import { describe, expect, it } from 'vitest'
import {
  CheckoutSessionRequestSchema,
  formatSchemaErrors,
  LoginRequestSchema,
  NotificationUrlRequestSchema,
  normalizeDeprecatedAliases,
  PaymentIntentRequestSchema,
  validate,
} from '../src/index.ts'
import { ARTICLE_ROWS } from './validation-rules/articles.ts'
import { CUSTOMER_ROWS } from './validation-rules/customer.ts'
import { type Body, clone, embedded, intent, setAt } from './validation-rules/fixtures.ts'
import { SESSION_ROWS } from './validation-rules/session.ts'
import { URL_AND_ORDER_ROWS } from './validation-rules/urls-and-orders.ts'

// The rows, one file per part of the request bodies (validation-rules/).
const rows = [...SESSION_ROWS, ...ARTICLE_ROWS, ...CUSTOMER_ROWS, ...URL_AND_ORDER_ROWS]

/**
 * One row per rule of spec §5 that JSON Schema can express: the invalid input is rejected with the
 * offending field named, and the matching valid input (same base, one value changed) is accepted.
 */
describe('spec §5 rules in the schemas', () => {
  it.each(rows.map((row) => [row.rule, row] as const))('%s', (_rule, row) => {
    const bad = validate(row.schema, setAt(row.base, row.path, row.bad))
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.errors.map((e) => e.field)).toContain(row.field)
    const good = validate(row.schema, setAt(row.base, row.path, row.good))
    expect(good.ok ? [] : good.errors).toEqual([])
  })
})

describe('deprecated aliases', () => {
  it('accepts birt_date and employment_sattus, renamed to the contract spelling', () => {
    const body = clone(intent) as { customer: { document_details: Body; professional_details: Body } }
    body.customer.document_details.birt_date = body.customer.document_details.birth_date
    delete body.customer.document_details.birth_date
    body.customer.professional_details.employment_sattus =
      body.customer.professional_details.employment_status
    delete body.customer.professional_details.employment_status
    const result = validate(PaymentIntentRequestSchema, body)
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(result.value.customer.document_details).toHaveProperty('birth_date', '1990-04-12')
      expect(result.value.customer.document_details).not.toHaveProperty('birt_date')
      expect(result.value.customer.professional_details).toHaveProperty('employment_status', 'employed')
      expect(result.value.customer.professional_details).not.toHaveProperty('employment_sattus')
    }
  })

  it('keeps the correct key when both are sent', () => {
    const body = { customer: { document_details: { birth_date: '1990-01-01', birt_date: '1980-01-01' } } }
    expect(normalizeDeprecatedAliases(body)).toEqual(['birt_date'])
    expect(body.customer.document_details).toEqual({ birth_date: '1990-01-01' })
  })
})

describe('schema_errors', () => {
  it('names every invalid field once, as a JSON pointer', () => {
    const result = validate(LoginRequestSchema, {})
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: '/username', message: 'is required', keyword: 'required' },
        { field: '/password', message: 'is required', keyword: 'required' },
      ],
    })
  })

  it('reports only the errors of the article type the tag selects', () => {
    const body = setAt(embedded('product'), '/cart/items/0/article', { type: 'flight', category: 'physical' })
    const result = validate(CheckoutSessionRequestSchema, body)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      const fields = result.errors.map((e) => e.field)
      expect(fields).toContain('/cart/items/0/article/passengers')
      expect(fields).not.toContain('/cart/items/0/article/specs')
    }
  })

  it('gives a URL that is neither http(s) nor a URI one message', () => {
    const result = validate(NotificationUrlRequestSchema, { notification_url: 'shop.example.com/webhooks' })
    expect(result).toEqual({
      ok: false,
      errors: [{ field: '/notification_url', message: 'must be an http or https URL', keyword: 'pattern' }],
    })
  })

  it('handles no errors', () => {
    expect(formatSchemaErrors(null)).toEqual([])
  })
})
