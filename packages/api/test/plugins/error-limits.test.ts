import { CONSTANTS, examples, ValidationErrorBodySchema } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

// A rejected body costs the API about what it cost its sender: whatever the body, a 400 lists at most 100
// errors and weighs at most 64 KB. (bench/error-amplification.ts measures what a worst-case body does to the
// latency of the requests around it; a test asserts sizes and shapes only.)

const MAX_BYTES = CONSTANTS.ERROR_BODY_MAX_BYTES.value
const MAX_ENTRIES = CONSTANTS.SCHEMA_ERRORS_MAX.value

interface ErrorEntry {
  field: string
  message: string
  keyword: string
}

describe.each(testEngines())('the size of an error answer on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { ...t.demo, 'content-type': 'application/json' },
      payload,
    })

  function expectSmall400(res: Awaited<ReturnType<typeof post>>) {
    expect(res.statusCode).toBe(400)
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(MAX_BYTES)
    const body = expectBody(res, ValidationErrorBodySchema) as { schema_errors: ErrorEntry[]; error: string }
    expect(body.schema_errors.length).toBeLessThanOrEqual(MAX_ENTRIES + 1)
    return body
  }

  it('answers 300 KB of 100 000 empty cart items with 100 errors and a count of the others', async () => {
    const request = examples.embeddedRequestExample('product')
    const text = JSON.stringify({ ...request, cart: { ...request.cart, items: Array(100_000).fill({}) } })
    expect(text.length).toBeGreaterThan(300_000)
    const body = expectSmall400(await post(text))
    expect(body.schema_errors).toHaveLength(MAX_ENTRIES + 1)
    expect(body.schema_errors).toContainEqual({
      field: '/cart/items',
      message: 'must NOT have more than 500 items',
      keyword: 'maxItems',
    })
    const last = body.schema_errors.at(-1)
    expect(last).toMatchObject({ field: '/', keyword: 'maxErrors' })
    expect(last?.message).toMatch(/^\d+ more errors not listed$/)
    expect(Number.parseInt(last?.message ?? '', 10)).toBeGreaterThan(1000)
    expect((body as unknown as { original_data: string }).original_data).toMatch(/truncated: \d+ bytes sent/)
  })

  it('answers a body of 60 000 unknown keys within the limits, reading no more keys than a request has', async () => {
    const keys = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 0]))
    const body = expectSmall400(await post(JSON.stringify(keys)))
    expect(body.schema_errors).toContainEqual({
      field: '/k0',
      message: 'is not a known field',
      keyword: 'additionalProperties',
    })
    expect(body.schema_errors.filter((e) => e.keyword === 'additionalProperties').length).toBeLessThan(100)
  })

  it('cuts a field named by a key as long as the body, in the list and in the message', async () => {
    const key = 'x'.repeat(500_000)
    const body = expectSmall400(await post(JSON.stringify({ [key]: 1 })))
    const entry = body.schema_errors.find((e) => e.keyword === 'additionalProperties')
    expect(entry?.field.length).toBeLessThanOrEqual(300)
    expect(entry?.field).toMatch(/^\/x+…$/)
    expect(body.error.length).toBeLessThan(1000)
  })

  it('keeps within 64 KB entries full of characters JSON escapes, counting those it leaves out', async () => {
    const request = examples.embeddedRequestExample('product')
    const item = { [`${'\u0001'.repeat(299)}`]: 0 }
    const text = JSON.stringify({ ...request, cart: { ...request.cart, items: Array(200).fill(item) } })
    const res = await post(text)
    const body = expectSmall400(res)
    const last = body.schema_errors.at(-1)
    expect(last?.keyword).toBe('maxErrors')
    // Fewer than 100 fit in 64 KB; what the list left out is counted, not lost (4 errors an item).
    const listed = body.schema_errors.length - 1
    expect(listed).toBeLessThan(MAX_ENTRIES)
    expect(listed + Number.parseInt(last?.message ?? '', 10)).toBe(4 * 200)
  })

  it('still lists every error of an ordinary invalid body', async () => {
    const request = structuredClone(examples.embeddedRequestExample('product')) as unknown as Record<
      string,
      Record<string, unknown>
    >
    delete request.merchant?.order_reference_1
    ;(request.cart as Record<string, unknown>).currency = 'USD'
    const body = expectSmall400(await post(JSON.stringify(request)))
    expect(body.schema_errors.map((e) => e.field).sort()).toEqual([
      '/cart/currency',
      '/merchant/order_reference_1',
    ])
  })
})
