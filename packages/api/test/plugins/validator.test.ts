import { AJV_OPTIONS, CheckoutSessionRequestSchema, configureAjv, examples } from '@plazo/contract'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { twoPassValidatorCompiler } from '../../src/plugins/validator.ts'

const compile = (schema: object) =>
  twoPassValidatorCompiler()({ schema, method: 'POST', url: '/x', httpPart: 'body' })
const reference = configureAjv(new Ajv(AJV_OPTIONS)).compile(CheckoutSessionRequestSchema)

describe('the two-pass request validator', () => {
  const validate = compile(CheckoutSessionRequestSchema) as ReturnType<typeof compile> & {
    errors: unknown[] | null
  }

  it('accepts a valid body with no errors and the defaults applied, as one full pass does', () => {
    const body = structuredClone(examples.hppRequestExample('product'))
    const copy = structuredClone(body)
    expect(validate(body)).toBe(true)
    expect(validate.errors).toBeNull()
    expect(reference(copy)).toBe(true)
    expect(body).toEqual(copy)
  })

  it('reports every error of an invalid body, exactly as one full pass does', () => {
    // A copy: the examples share nested objects between calls.
    const body = structuredClone(examples.hppRequestExample('product')) as unknown as Record<
      string,
      Record<string, unknown>
    >
    delete body.merchant?.order_reference_1
    ;(body.cart as Record<string, unknown>).currency = 'USD'
    body.surprise = {}
    expect(validate(structuredClone(body))).toBe(false)
    expect(reference(structuredClone(body))).toBe(false)
    expect(validate.errors).toEqual(reference.errors)
    // allErrors: the three mistakes are all reported, not only the first.
    expect((validate.errors as Array<{ keyword: string }>).length).toBeGreaterThanOrEqual(3)
  })

  it('forgets the errors of a rejected body once a valid one passes', () => {
    expect(validate({})).toBe(false)
    expect(validate.errors).not.toBeNull()
    expect(validate(examples.embeddedRequestExample('product'))).toBe(true)
    expect(validate.errors).toBeNull()
  })
})
