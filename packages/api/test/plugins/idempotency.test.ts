import { randomUUID } from 'node:crypto'
import {
  EmbeddedCreateResponseSchema,
  ERRORS,
  ErrorBodySchema,
  examples,
  operationsByDocument,
  ValidationErrorBodySchema,
} from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

const DAY_MS = 24 * 60 * 60 * 1000

let keys = 0
/** A key no other test uses: the tests of one engine share an app. */
const newKey = (label: string) => `${label}-${++keys}-${Math.random().toString(36).slice(2)}`

function request(reference: string) {
  const body = structuredClone(examples.embeddedRequestExample('product'))
  body.merchant.order_reference_1 = reference
  return body
}

describe.each(testEngines())('Idempotency-Key on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const post = (key: string | undefined, payload: object, options: { url?: string; headers?: object } = {}) =>
    t.app.inject({
      method: 'POST',
      url: options.url ?? '/api/v2/checkout/',
      headers: { ...t.demo, ...(key === undefined ? {} : { 'idempotency-key': key }), ...options.headers },
      payload,
    })
  /** Sessions of a merchant with this order reference, as stored. */
  const sessionsWithReference = async (
    reference: string,
    merchantId: string = SANDBOX.demoStore.merchantId,
  ) => {
    const rows = await t.t.db.query<{ id: string; document: { merchant: { order_reference_1: string } } }>(
      'SELECT id, document FROM checkout_sessions WHERE merchant_id = $1',
      [merchantId],
    )
    return rows.filter((row) => row.document.merchant.order_reference_1 === reference).map((row) => row.id)
  }

  it('replays the first answer to the same key and body, and creates one session only', async () => {
    const key = newKey('replay')
    const body = request(key)
    const first = await post(key, body)
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const created = expectBody(first, EmbeddedCreateResponseSchema) as { checkout_session_id: string }

    for (let i = 0; i < 2; i++) {
      const again = await post(key, body)
      expect(again.statusCode).toBe(201)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.headers['content-type']).toMatch(/^application\/json/)
      expect(again.json()).toEqual(first.json())
      expectBody(again, EmbeddedCreateResponseSchema)
    }
    expect(await sessionsWithReference(key)).toEqual([created.checkout_session_id])
  })

  it('creates a new session for each request without a key', async () => {
    const reference = newKey('no-key')
    const a = await post(undefined, request(reference))
    const b = await post(undefined, request(reference))
    expect(a.json().checkout_session_id).not.toBe(b.json().checkout_session_id)
    expect(await sessionsWithReference(reference)).toHaveLength(2)
  })

  it('replays a 409 answer too', async () => {
    const key = newKey('conflict')
    const first = await post(key, examples.CART_MISMATCH_REQUEST_EXAMPLE)
    expect(first.statusCode).toBe(409)
    const again = await post(key, examples.CART_MISMATCH_REQUEST_EXAMPLE)
    expect(again.statusCode).toBe(409)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(expectBody(again, ErrorBodySchema)).toEqual(first.json())
  })

  it('answers 422 key_reused to the same key with another body, and creates nothing', async () => {
    const key = newKey('reused')
    expect((await post(key, request(key))).statusCode).toBe(201)
    const res = await post(key, request(`${key}-other`))
    expect(res.statusCode).toBe(422)
    expect(expectBody(res, ErrorBodySchema)).toEqual({
      status: 'ko',
      exception: 'plazo.idempotency.key_reused',
      error: ERRORS.IDEMPOTENCY_MISMATCH.message,
    })
    expect(await sessionsWithReference(`${key}-other`)).toEqual([])
  })

  /** Send a body as this exact text, so that key order and spacing are the test's to choose. */
  const postText = (key: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { ...t.demo, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: text,
    })

  /** The same JSON with its keys in reverse order at every level, and numbers and strings spelt otherwise. */
  function reserialised(value: unknown, indent: string): string {
    if (Array.isArray(value)) return `[ ${value.map((item) => reserialised(item, indent)).join(' ,\n ')} ]`
    if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value).reverse()
      return `{${indent}${entries.map(([k, v]) => `${JSON.stringify(k)} :  ${reserialised(v, `${indent}  `)}`).join(`,${indent}`)}\n}`
    }
    if (typeof value === 'number' && Number.isInteger(value)) return `${value}.0`
    if (typeof value === 'string')
      return JSON.stringify(value).replace(/[a-z]/, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)
    return JSON.stringify(value)
  }

  it('replays a retry whose body is the same JSON written otherwise (key order, spacing, escapes)', async () => {
    const key = newKey('reserialised')
    const body = request(key)
    const first = await postText(key, JSON.stringify(body))
    expect(first.statusCode).toBe(201)
    const text = reserialised(body, '\n  ')
    expect(text).not.toBe(JSON.stringify(body))
    expect(JSON.parse(text)).toEqual(body)
    const again = await postText(key, text)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await sessionsWithReference(key)).toEqual([first.json().checkout_session_id])
  })

  it('answers 422 to a retry whose JSON differs in one value only, however it is written', async () => {
    const key = newKey('one-value')
    const body = request(key)
    expect((await postText(key, JSON.stringify(body))).statusCode).toBe(201)
    const changed = structuredClone(body)
    const item = changed.cart.items[0]
    if (item) item.units += 1
    const res = await postText(key, JSON.stringify(changed))
    expect(res.statusCode).toBe(422)
    expect(res.json().exception).toBe('plazo.idempotency.key_reused')
  })

  it('answers 422 to the same key on another call', async () => {
    const key = newKey('other-call')
    expect((await post(key, request(key))).statusCode).toBe(201)
    const res = await post(key, examples.PAYMENT_INTENT_REQUEST_EXAMPLE, {
      url: '/api/v2/checkout/payment-intent/',
    })
    expect(res.statusCode).toBe(422)
    expectBody(res, ErrorBodySchema)
  })

  it('treats the path with and without its trailing slash as the same request', async () => {
    const key = newKey('slash')
    const body = request(key)
    const first = await post(key, body, { url: '/api/v2/checkout' })
    expect(first.statusCode).toBe(201)
    const again = await post(key, body, { url: '/api/v2/checkout/' })
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const doubled = await post(key, body, { url: '/api/v2//checkout/' })
    expect(doubled.headers['idempotent-replayed']).toBe('true')
    expect(await sessionsWithReference(key)).toEqual([first.json().checkout_session_id])
  })

  it('keeps keys per merchant: the other merchant may use the same key', async () => {
    const key = newKey('per-merchant')
    const body = request(key)
    const demo = await post(key, body)
    const other = await post(key, body, { headers: t.other })
    expect(other.statusCode).toBe(201)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect(other.json().checkout_session_id).not.toBe(demo.json().checkout_session_id)
    expect(await sessionsWithReference(key, SANDBOX.otherShop.merchantId)).toEqual([
      other.json().checkout_session_id,
    ])
    // Each merchant's own retry replays its own session.
    expect((await post(key, body, { headers: t.other })).json()).toEqual(other.json())
    expect((await post(key, body)).json()).toEqual(demo.json())
  })

  it('does not keep the key of a request that failed validation', async () => {
    const key = newKey('invalid-first')
    const invalid = await post(key, { merchant: {} })
    expect(invalid.statusCode).toBe(400)
    const valid = await post(key, request(key))
    expect(valid.statusCode).toBe(201)
    expect(valid.headers['idempotent-replayed']).toBeUndefined()
  })

  it('does not keep the key of an unauthenticated request', async () => {
    const key = newKey('unauthenticated')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { 'idempotency-key': key },
      payload: request(key),
    })
    expect(res.statusCode).toBe(401)
    expect((await post(key, request(`${key}-b`))).statusCode).toBe(201)
  })

  it('accepts a key of 255 characters and answers 400 to a longer or empty one', async () => {
    const long = 'k'.repeat(254) + String(keys++ % 10)
    expect((await post(long, request(long.slice(0, 100)))).statusCode).toBe(201)
    for (const [key, keyword] of [
      [`${long}x`, 'maxLength'],
      ['', 'minLength'],
    ] as const) {
      const body = request('too-long')
      const res = await post(key, body)
      expect(res.statusCode).toBe(400)
      // The documented 400 body, which names the header and echoes the body as sent.
      expect(expectBody(res, ValidationErrorBodySchema)).toEqual({
        status: 'ko',
        exception: 'plazo.request.bad_request',
        error: 'The Idempotency-Key header must be 1 to 255 characters.',
        schema_errors: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 characters', keyword }],
        original_data: body,
      })
    }
    expect(await sessionsWithReference('too-long')).toEqual([])
  })

  it('lets concurrent requests with one key create one session: the others replay it or get 409 in_progress', async () => {
    for (let round = 0; round < 5; round++) {
      const key = newKey('concurrent')
      const body = request(key)
      const answers = await Promise.all(Array.from({ length: 6 }, () => post(key, body)))
      const created = answers.filter((res) => res.statusCode === 201)
      const busy = answers.filter((res) => res.statusCode === 409)
      expect(created.length + busy.length).toBe(answers.length)
      expect(created.length).toBeGreaterThanOrEqual(1)
      expect(created.filter((res) => res.headers['idempotent-replayed'] === undefined)).toHaveLength(1)
      const ids = new Set(created.map((res) => res.json().checkout_session_id))
      expect(ids.size).toBe(1)
      for (const res of busy) {
        expect(expectBody(res, ErrorBodySchema)).toEqual({
          status: 'ko',
          exception: 'plazo.idempotency.in_progress',
          error: ERRORS.IDEMPOTENCY_IN_PROGRESS.message,
        })
      }
      expect(await sessionsWithReference(key)).toEqual([...ids])
      // Once the first has finished, a retry replays it.
      const retry = await post(key, body)
      expect(retry.headers['idempotent-replayed']).toBe('true')
      expect(retry.json().checkout_session_id).toBe([...ids][0])
    }
  })

  it('forgets a key after 24 hours', async () => {
    const own = await testApp(engine)
    try {
      const start = new Date()
      own.setNow(start)
      const send = (payload: object) =>
        own.app.inject({
          method: 'POST',
          url: '/api/v2/checkout/',
          headers: { ...own.demo, 'idempotency-key': 'daily-key' },
          payload,
        })
      const first = await send(request('day-1'))
      own.setNow(new Date(start.getTime() + DAY_MS - 1000))
      expect((await send(request('day-1'))).json()).toEqual(first.json())
      expect((await send(request('day-2'))).statusCode).toBe(422)

      own.setNow(new Date(start.getTime() + DAY_MS))
      const later = await send(request('day-2'))
      expect(later.statusCode).toBe(201)
      expect(later.headers['idempotent-replayed']).toBeUndefined()
      expect(later.json().checkout_session_id).not.toBe(first.json().checkout_session_id)
    } finally {
      await own.close()
    }
  })
})

// The contract marks the calls that take an Idempotency-Key (the OpenAPI documents show the header and its
// 422); each one of them must really replay. Run on a fresh app per engine: the clock helper moves the clock.
describe.each(testEngines())('every call the contract marks idempotent, on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const idempotent = [
    ...new Map(
      Object.values(operationsByDocument)
        .flat()
        .filter((op) => op.idempotent)
        .map((op) => [`${op.method} ${op.path}`, op]),
    ).values(),
  ]

  it('covers the calls that change something', () => {
    expect(idempotent.map((op) => `${op.method} ${op.path}`).sort()).toEqual([
      'post /checkout',
      'post /checkout/hpp/{hpp_id}/distribute',
      'post /checkout/payment-intent',
      'post /checkout/{checkout_session_id}/capture',
      'post /checkout/{checkout_session_id}/confirm',
      'post /checkout/{checkout_session_id}/refund',
      'post /test-helpers/checkout/{checkout_session_id}/customer-action',
      'post /test-helpers/clock/advance',
      'post /test-helpers/integration-checks',
      'post /test-helpers/integration-checks/{integration_check_id}/answers',
      'post /webhooks/events/{event_id}/redeliver',
    ])
  })

  it.each(idempotent.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    '%s replays its first answer to a retry with the same key',
    async (_name, op) => {
      // Unknown ids make the session, page and event calls answer 404, which is kept and replayed like any
      // answer below 500; the others do their work once.
      const url = `/api/v2${op.path.replace(/\{\w+\}/g, () => randomUUID())}/`
      const payload = Object.values(op.request?.examples ?? {})[0]?.value
      const key = newKey(op.id)
      const send = () =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { ...t.demo, 'idempotency-key': key },
          ...(payload === undefined ? {} : { payload: payload as object }),
        })
      const first = await send()
      expect(first.statusCode, first.body).toBeLessThan(500)
      expect(first.statusCode, first.body).not.toBe(400)
      expect(first.headers['idempotent-replayed']).toBeUndefined()
      const again = await send()
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.statusCode).toBe(first.statusCode)
      expect(again.body).toBe(first.body)
    },
  )
})
