// Generated bodies against POST /api/v2/checkout/ on SQLite in memory: valid carts built from the contract's
// examples must be created (201), carts whose total is not the sum of their lines must get the exact 409, and
// anything else (random JSON, random text, valid bodies with a field deleted or replaced by junk) must get a
// documented 400 or 409. Never a 500, and every error body has the shape of spec §8.
import {
  CONSTANTS,
  cartTotalMismatchMessage,
  EmbeddedCreateResponseSchema,
  ErrorBodySchema,
  examples,
  GetSessionResponseSchema,
  HppCreateResponseSchema,
  ValidationErrorBodySchema,
  validate,
} from '@plazo/contract'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Body = { [key: string]: Json }
type Path = Array<string | number>

const sqliteMemory = testEngines()[0]
if (sqliteMemory?.name !== 'sqlite (memory)') throw new Error('expected SQLite in memory as the first engine')

const CART_MISMATCH =
  /^The total price of the cart \(-?\d+\) differs from the sum of all the items total price \(-?\d+\)\.$/

// ---------------------------------------------------------------------------------------------------------
// Valid bodies

const articleType = fc.constantFrom(...examples.ARTICLE_TYPES)
/**
 * Names and references in any script, emoji and control characters included (they are plain strings), but NUL,
 * which the API refuses in every string (a 400: PostgreSQL's jsonb cannot store it; json-text.test.ts).
 */
const text = (maxLength: number) =>
  fc.string({ unit: 'binary', minLength: 1, maxLength }).map((s) => s.replaceAll('\u0000', '\u0001'))

const line = fc
  .record({
    type: articleType,
    units: fc.integer({ min: 1, max: 5 }),
    unitPrice: fc.integer({ min: 100, max: 10_000_000 }),
    discount: fc.integer({ min: 0, max: 5_000 }),
    name: fc.option(text(60), { nil: undefined }),
    reference: fc.option(text(30), { nil: undefined }),
  })
  .map(({ type, units, unitPrice, discount, name, reference }) => {
    const item = structuredClone(examples.embeddedRequestExample(type).cart.items[0]) as unknown as {
      article: Body
      units: number
      total_discount: number
      total_price_with_tax: number
    }
    item.article.unit_price_with_tax = unitPrice
    if (name !== undefined) item.article.name = name
    if (reference !== undefined) item.article.reference = reference
    item.units = units
    item.total_discount = discount
    item.total_price_with_tax = units * unitPrice
    return { type, item }
  })

const validBody = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    mode: fc.constantFrom('embedded', 'hpp', 'omitted'),
    discountPercent: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
    country: fc.constantFrom('ESP', 'FRA', undefined),
    withPaymentMethods: fc.boolean(),
    withCustomer: fc.boolean(),
    orderReference: text(40),
  })
  .map(({ lines, mode, discountPercent, country, withPaymentMethods, withCustomer, orderReference }) => {
    const base = structuredClone(
      mode === 'hpp' ? examples.hppRequestExample('product') : examples.embeddedRequestExample('product'),
    ) as unknown as Body & { cart: { items: Json[]; total_price_with_tax: number } }
    const items = lines.map((l) => l.item)
    const positives = items.reduce((sum, item) => sum + item.total_price_with_tax, 0)
    if (discountPercent !== undefined) {
      const amount = -Math.floor((positives * discountPercent) / 100)
      items.push({
        article: {
          type: 'product',
          category: 'discount',
          name: 'Discount',
          reference: 'DISC',
          unit_price_with_tax: amount,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: amount,
      })
    }
    base.cart.items = items as unknown as Json[]
    base.cart.total_price_with_tax = items.reduce((sum, item) => sum + item.total_price_with_tax, 0)
    ;(base.merchant as Body).order_reference_1 = orderReference
    if (country === undefined) delete base.purchase_country
    else base.purchase_country = country
    // Without payment_methods the agent's pricings are offered (auto loans only for a vehicle). The examples'
    // methods do not include auto loans, so a vehicle among other lines needs it added.
    if (!withPaymentMethods) delete base.payment_methods
    else if (lines.some((l) => l.type === 'automobile')) {
      base.payment_methods = [{ type: 'auto_loan' }, { type: 'bnpl_instalments' }]
    }
    if (!withCustomer) delete base.customer
    if (mode === 'omitted') delete base.ui
    return base
  })

// ---------------------------------------------------------------------------------------------------------
// Invalid bodies

/** Every path inside a JSON value (not the root). */
function paths(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return []
  const entries: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value)
  return entries.flatMap(([key, child]) => [[...prefix, key], ...paths(child, [...prefix, key])])
}

function mutate(body: Body, path: Path, replacement: { value: Json } | 'delete'): Body {
  const copy = structuredClone(body)
  let parent: Json = copy
  for (const key of path.slice(0, -1)) parent = (parent as Record<string, Json>)[key as string] as Json
  const last = path[path.length - 1] as string | number
  if (replacement === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1)
    else delete (parent as Record<string, Json>)[last as string]
  } else {
    ;(parent as Record<string | number, Json>)[last] = replacement.value
  }
  return copy
}

const nested = (depth: number): Json => (depth === 0 ? 'bottom' : [nested(depth - 1)])

/** Values that are wrong somewhere in a request: wrong types, extremes, huge or unusual strings, junk. */
const junk: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<Json>,
  fc.constantFrom<Json>(null, true, false, 0, -1, 0.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, '', ' ', [], {}),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer({ min: 256, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 80 }).map(nested),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue() as fc.Arbitrary<Json>, { maxKeys: 5 }),
)

const mutation = fc.oneof(
  { arbitrary: fc.constant<'delete'>('delete'), weight: 1 },
  { arbitrary: junk.map((value) => ({ value })), weight: 3 },
)

const mutatedBody = fc.tuple(validBody, fc.nat(), mutation).map(([body, index, change]) => {
  const all = paths(body)
  return mutate(body, all[index % all.length] as Path, change)
})

/** Bodies valid for JSON Schema that break a rule the API checks itself (spec §5), with the field it names. */
const ownAgents = new Set<string>(Object.values(SANDBOX.demoStore.agents).map((agent) => agent.id))
const day = 24 * 60 * 60 * 1000
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const breaks = (body: object, field: string) => ({ body: body as Body, field })
const ruleBreaker: fc.Arbitrary<{ body: Body; field: string }> = fc.oneof(
  fc
    .tuple(
      validBody,
      fc.uuid().filter((id) => !ownAgents.has(id)),
    )
    .map(([body, agentId]) => breaks({ ...body, agent_id: agentId }, '/agent_id')),
  fc
    .tuple(
      validBody,
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 11, 31) }),
      fc.integer({ min: 0, max: 400 }),
    )
    .map(([body, start, daysBack]) => {
      const cart = body.cart as { items: Json[]; total_price_with_tax: number }
      const service = structuredClone(
        examples.embeddedRequestExample('service').cart.items[0],
      ) as unknown as {
        article: Body
        total_price_with_tax: number
      }
      service.article.start_date = isoDate(start)
      service.article.end_date = isoDate(start - daysBack * day)
      cart.items.push(service as unknown as Json)
      cart.total_price_with_tax += service.total_price_with_tax
      return breaks(body, `/cart/items/${cart.items.length - 1}/article/end_date`)
    }),
  fc
    .tuple(validBody, fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.now() - 60_000 }))
    .map(([body, at]) => breaks({ ...body, expires_at: new Date(at).toISOString() }, '/expires_at')),
  fc
    .tuple(validBody, fc.constantFrom('bnpl_instalments', 'consumer_loan_instalments', 'card_payment'))
    .map(([body, type]) =>
      // Different options, or JSON Schema's uniqueItems would refuse the list before the API's own rule.
      breaks(
        {
          ...body,
          payment_methods: [{ type }, { type: 'bnpl_split_pay' }, { type, options: { periods: [12] } }],
        },
        '/payment_methods/2/type',
      ),
    ),
  fc.tuple(validBody, fc.integer({ min: 0, max: 1_000_000 })).map(([body, extra]) => {
    const total = (body.cart as { total_price_with_tax: number }).total_price_with_tax
    return breaks(
      { ...body, down_payment: { down_payment_collection: 'upfront', amount: total + extra } },
      '/down_payment/amount',
    )
  }),
)

// ---------------------------------------------------------------------------------------------------------

describe('POST /api/v2/checkout/ with generated bodies (SQLite in memory)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(sqliteMemory)
  })
  afterAll(() => t.close())

  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { ...t.demo, 'content-type': 'application/json' },
      payload,
    })

  /** The error body of spec §8 for a 400/409, with the fields a merchant needs; returns what it found. */
  function expectDocumentedError(res: LightMyRequestResponse, sent: string) {
    expect(res.headers['x-request-id']).toBeTruthy()
    const body = res.json()
    expect(validate(ErrorBodySchema, body).ok ? [] : body).toEqual([])
    if (res.statusCode === 409) {
      expect(body.exception).toBe('plazo.checkout.cart_total_mismatch')
      expect(body.error).toMatch(CART_MISMATCH)
      return
    }
    expect(res.statusCode).toBe(400)
    // Every 400 has the documented body, whatever was wrong.
    const result = validate(ValidationErrorBodySchema, body)
    expect(result.ok ? [] : result.errors).toEqual([])
    expect(body.schema_errors.length).toBeGreaterThan(0)
    if (body.exception === 'plazo.request.validation_failed') {
      for (const error of body.schema_errors) expect(error.field).toMatch(/^\//)
      // original_data is the body as sent (JSON.parse of the same text; -0 and the like read back alike), or
      // past 16 KiB its first part and a note.
      if (Buffer.byteLength(sent) <= CONSTANTS.ORIGINAL_DATA_MAX_BYTES.value) {
        expect(body.original_data).toEqual(JSON.parse(sent))
      } else {
        expect(body.original_data).toMatch(/… \[truncated: \d+ bytes sent, the first \d+ shown\]$/)
      }
    } else {
      expect(['plazo.request.malformed_json', 'plazo.request.bad_request']).toContain(body.exception)
    }
  }

  it('creates a session for every valid cart (201), and reads it back', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        const sent = JSON.stringify(body)
        const res = await post(sent)
        if (res.statusCode !== 201) throw new Error(`expected 201, got ${res.statusCode}: ${res.body}`)
        const schema =
          (body.ui as Body | undefined)?.mode === 'hpp'
            ? HppCreateResponseSchema
            : EmbeddedCreateResponseSchema
        const created = validate(schema, res.json())
        expect(created.ok ? [] : created.errors).toEqual([])

        const get = await t.app.inject({
          method: 'GET',
          url: `/api/v2/checkout/${res.json().checkout_session_id}/`,
          headers: t.demo,
        })
        const read = validate(GetSessionResponseSchema, get.json())
        expect(read.ok ? [] : read.errors).toEqual([])
        const cart = body.cart as { total_price_with_tax: number; items: unknown[] }
        expect(get.json().payload.total_price.amount).toBe(cart.total_price_with_tax)
        expect(get.json().payload.cart.order_lines).toHaveLength(cart.items.length)
        expect(get.json().payload.purchase_country).toBe(body.purchase_country ?? 'ESP')
      }),
      { numRuns: 350 },
    )
  })

  it('answers the exact 409 for every cart whose total is not the sum of its lines', async () => {
    const mismatched = fc
      .tuple(
        validBody,
        fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((d) => d !== 0),
      )
      .map(([body, delta]) => {
        const cart = body.cart as { total_price_with_tax: number }
        const sum = cart.total_price_with_tax
        cart.total_price_with_tax = Math.max(1, sum + delta)
        if (cart.total_price_with_tax === sum) cart.total_price_with_tax = sum + 1
        return { body, sum }
      })
    await fc.assert(
      fc.asyncProperty(mismatched, async ({ body, sum }) => {
        const res = await post(JSON.stringify(body))
        expect(res.statusCode).toBe(409)
        const total = (body.cart as { total_price_with_tax: number }).total_price_with_tax
        expect(res.json()).toEqual({
          status: 'ko',
          exception: 'plazo.checkout.cart_total_mismatch',
          error: cartTotalMismatchMessage(total, sum),
        })
      }),
      { numRuns: 200 },
    )
  })

  it('answers 400 naming the field, and echoing the body, when a body breaks a rule of the API', async () => {
    await fc.assert(
      fc.asyncProperty(ruleBreaker, async ({ body, field }) => {
        const sent = JSON.stringify(body)
        const res = await post(sent)
        expectDocumentedError(res, sent)
        expect(res.statusCode).toBe(400)
        expect(res.json().schema_errors.map((e: { field: string }) => e.field)).toContain(field)
      }),
      { numRuns: 200 },
    )
  })

  it('answers a documented 400 to any JSON value that is not a request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const sent = JSON.stringify(value)
        const res = await post(sent)
        expectDocumentedError(res, sent)
        expect(res.statusCode).toBe(400)
      }),
      { numRuns: 250 },
    )
  })

  it('answers a documented 400 to any text that is not JSON', async () => {
    const notJson = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)),
      fc.jsonValue().map((v) => `${JSON.stringify(v)}}`),
    )
    await fc.assert(
      fc.asyncProperty(notJson, async (sent) => {
        const res = await post(sent)
        expect(res.statusCode).toBe(400)
        let parses = true
        try {
          JSON.parse(sent)
        } catch {
          parses = false
        }
        if (parses || sent === '') expectDocumentedError(res, sent === '' ? 'null' : sent)
        else expect(res.json()).toMatchObject({ status: 'ko', exception: 'plazo.request.malformed_json' })
      }),
      { numRuns: 250 },
    )
  })

  it('answers 201, a documented 400 or the 409 to a valid body with one field deleted or replaced by junk', async () => {
    const seen = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(mutatedBody, async (body) => {
        const sent = JSON.stringify(body)
        const res = await post(sent)
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1)
        if (res.statusCode === 201) {
          expect(res.json().checkout_session_id).toMatch(/^[0-9a-f-]{36}$/)
          return
        }
        expectDocumentedError(res, sent)
      }),
      { numRuns: 650 },
    )
    // The generator reaches every answer, or the property says little.
    expect(seen.get(400)).toBeGreaterThan(300)
    expect(seen.get(201)).toBeGreaterThan(10)
    expect(seen.get(409)).toBeGreaterThan(0)
  })
})
