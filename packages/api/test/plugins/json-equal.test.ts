import { isDeepStrictEqual } from 'node:util'
import { createAjv, examples, jsonEqual, ValidationErrorBodySchema } from '@plazo/contract'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

// Ajv compares values for `uniqueItems`, `enum` and `const` with a deep equality that, as shipped, calls an
// object's own `toString`/`valueOf` and throws when JSON named a property so (ajv-validator/ajv#2624). The
// contract replaces it with jsonEqual: a body like that must get a 400, never a 500.

/** JSON values as a request body has them (parsed from text: own properties only, `__proto__` included). */
const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown)

describe('jsonEqual', () => {
  it('is deep equality on JSON values', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(jsonEqual(a, b)).toBe(isDeepStrictEqual(a, b))
        expect(jsonEqual(a, structuredClone(a))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('compares toString and valueOf as the properties JSON makes them', () => {
    expect(jsonEqual({ toString: 0 }, {})).toBe(false)
    expect(jsonEqual({}, { valueOf: null })).toBe(false)
    expect(jsonEqual({ toString: 'a' }, { toString: 'a' })).toBe(true)
    expect(jsonEqual({ toString: 'a' }, { toString: 'b' })).toBe(false)
    expect(jsonEqual([{ valueOf: '' }], [{ valueOf: '' }])).toBe(true)
  })

  it('leaves objects JSON does not give (dates, patterns) to the equality Ajv had', () => {
    expect(jsonEqual(new Date(0), new Date(0))).toBe(true)
    expect(jsonEqual(new Date(0), new Date(1))).toBe(false)
    expect(jsonEqual([new Date(0)], [{}])).toBe(false)
    expect(jsonEqual(/a/, /b/)).toBe(false)
  })

  it('is the equality Ajv compiles into uniqueItems, enum and const', () => {
    const ajv = createAjv()
    const unique = ajv.compile({ type: 'array', uniqueItems: true })
    expect(unique([{}, { toString: 0 }])).toBe(true)
    expect(unique([{ toString: 0 }, { toString: 0 }])).toBe(false)
    const oneOf = ajv.compile({ enum: [{ a: 1 }, { valueOf: 0 }] })
    expect(oneOf({ valueOf: null })).toBe(false)
    expect(oneOf({ valueOf: 0 })).toBe(true)
    expect(ajv.compile({ const: { a: 1 } })({ toString: '' })).toBe(false)
  })
})

describe.each(testEngines())('bodies with toString or valueOf properties, on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  it.each([
    [
      'a payment method',
      (body: Record<string, unknown>) => {
        body.payment_methods = [{ type: 'bnpl_instalments' }, { toString: 0 }]
      },
    ],
    [
      'two payment methods',
      (body: Record<string, unknown>) => {
        body.payment_methods = [{ valueOf: null }, { toString: '' }]
      },
    ],
  ])('answer 400 with the field named, for %s', async (_case, change) => {
    const body = structuredClone(examples.hppRequestExample('product')) as unknown as Record<string, unknown>
    change(body)
    for (const [method, url] of [
      ['POST', '/api/v2/checkout/'],
      ['PUT', '/api/v2/checkout/00000000-0000-4000-8000-000000000000/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.demo, payload: body })
      expect(res.statusCode, res.body).toBe(400)
      const error = expectBody(res, ValidationErrorBodySchema) as { schema_errors: Array<{ field: string }> }
      expect(error.schema_errors.map((e) => e.field).join(' ')).toMatch(/^\/payment_methods\//)
    }
  })
})
