import {
  AJV_OPTIONS,
  CheckoutSessionRequestSchema,
  configureAjv,
  examples,
  formatSchemaErrors,
  PaymentIntentRequestSchema,
} from '@plazo/contract'
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

  it('bounds the errors of a body full of mistakes by the schema, not by the body', () => {
    const body = structuredClone(examples.hppRequestExample('product')) as unknown as {
      cart: { items: unknown[] }
    } & Record<string, unknown>
    body.cart.items = Array.from({ length: 100_000 }, () => ({}))
    for (let i = 0; i < 50_000; i++) body[`unknown${i}`] = i
    expect(validate(body)).toBe(false)
    const errors = validate.errors as Array<{ instancePath: string; keyword: string }>
    // One too many items is there to show the list is too long; the unknown keys past the most a request
    // object declares are not read.
    expect(errors.some((e) => e.keyword === 'maxItems' && e.instancePath === '/cart/items')).toBe(true)
    expect(errors.some((e) => e.keyword === 'additionalProperties')).toBe(true)
    expect(errors.length).toBeLessThan(10_000)
    expect(errors.every((e) => !/^\/cart\/items\/(\d{4,})/.test(e.instancePath))).toBe(true)
  })

  it('forgets the errors of a rejected body once a valid one passes', () => {
    expect(validate({})).toBe(false)
    expect(validate.errors).not.toBeNull()
    expect(validate(examples.embeddedRequestExample('product'))).toBe(true)
    expect(validate.errors).toBeNull()
  })
})

// The two passes equal one full pass only while no default that the fast pass fills in (before failing) is
// inspected by a keyword of the full pass (if, oneOf, const…). True of today's contract; this keeps it so: bodies
// broken at random places must get the same verdict and the same errors both ways, and the same defaults applied
// when they are accepted.
describe('the two-pass validator against one full pass, on broken bodies', () => {
  let seed = 20261121
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const junk = () =>
    pick<unknown>([null, 1, -5, 0, 'x', '', true, {}, [], 'hpp', 'embedded', 'EUR', 'USD', 'upfront', 1.5])
  const paths = (
    value: unknown,
    path: Array<string | number> = [],
    out: Array<Array<string | number>> = [],
  ) => {
    out.push(path)
    if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        paths(
          (value as Record<string, unknown>)[key],
          [...path, Array.isArray(value) ? Number(key) : key],
          out,
        )
      }
    }
    return out
  }
  const mutate = (body: Record<string, unknown>) => {
    for (let i = 0, n = 1 + Math.floor(random() * 3); i < n; i++) {
      const path = pick(paths(body).filter((p) => p.length > 0))
      if (!path) continue
      let parent = body as Record<string | number, unknown>
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
      const last = path[path.length - 1] as string | number
      const roll = random()
      if (roll < 0.4 && !Array.isArray(parent)) delete parent[last]
      else if (roll < 0.8) parent[last] = junk()
      else if (!Array.isArray(parent)) parent[`extra${Math.floor(random() * 3)}`] = junk()
    }
    return body
  }
  const cases = [
    {
      name: 'CheckoutSessionRequest',
      schema: CheckoutSessionRequestSchema,
      make: () =>
        pick([
          () => examples.hppRequestExample(pick(examples.ARTICLE_TYPES)),
          () => examples.embeddedRequestExample(pick(examples.ARTICLE_TYPES)),
        ])(),
    },
    {
      name: 'PaymentIntentRequest',
      schema: PaymentIntentRequestSchema,
      make: () => examples.PAYMENT_INTENT_REQUEST_EXAMPLE,
    },
  ]

  it.each(cases.map((c) => [c.name, c] as const))('%s: 2000 broken bodies', (_name, c) => {
    const twoPass = compile(c.schema) as ReturnType<typeof compile> & { errors: unknown }
    const full = configureAjv(new Ajv(AJV_OPTIONS)).compile(c.schema)
    let rejected = 0
    for (let i = 0; i < 2000; i++) {
      const body = mutate(structuredClone(c.make()) as Record<string, unknown>)
      const a = structuredClone(body)
      const b = structuredClone(body)
      const verdict = twoPass(a)
      expect(verdict).toBe(full(b))
      // The full pass of a rejected body reads a bounded copy of it: a rejected body's defaults go nowhere.
      if (verdict) expect(a).toEqual(b)
      expect(formatSchemaErrors(twoPass.errors as never)).toEqual(formatSchemaErrors(full.errors))
      if (!verdict) rejected++
    }
    // Most broken bodies are rejected, so the full pass really ran.
    expect(rejected).toBeGreaterThan(1000)
  })
})
