import { ERRORS, ErrorBodySchema, examples, ValidationErrorBodySchema } from '@plazo/contract'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

const MiB = 1024 * 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const JSON_TYPE = { 'content-type': 'application/json' }

/**
 * A 400 of any cause has the documented body: what was wrong named in `schema_errors`, the body echoed as sent.
 */
function expect400(
  res: LightMyRequestResponse,
  exception: string,
  schemaError: { field: string; keyword: string; message?: string | RegExp },
  echoed: unknown,
) {
  expect(res.statusCode).toBe(400)
  const body = expectBody(res, ValidationErrorBodySchema) as {
    exception: string
    schema_errors: Array<{ field: string; keyword: string; message: string }>
    original_data: unknown
  }
  expect(body.exception).toBe(exception)
  expect(body.schema_errors).toHaveLength(1)
  const [entry] = body.schema_errors
  expect(entry).toMatchObject({ field: schemaError.field, keyword: schemaError.keyword })
  if (schemaError.message !== undefined) expect(entry?.message).toMatch(schemaError.message)
  expect(body.original_data).toEqual(echoed)
  return body
}

/** Every error but 401 has the body of spec §8; a 400 from validation also names the fields. */
function expectError(res: LightMyRequestResponse, status: number, exception: string) {
  expect(res.statusCode).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  const body = expectBody(res, ErrorBodySchema) as { exception: string; error: string }
  expect(body.exception).toBe(exception)
  expect(body.error.length).toBeGreaterThan(0)
  return body
}

describe.each(testEngines())('error answers on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const post = (payload: string | object | undefined, headers: Record<string, string> = JSON_TYPE) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { ...t.demo, ...headers },
      ...(payload === undefined ? {} : { payload }),
    })

  describe('bodies that are not JSON objects', () => {
    it.each([
      ['a truncated object', '{"merchant": {'],
      ['a trailing comma', '{"a": 1,}'],
      ['single quotes', "{'a': 1}"],
      ['plain text', 'hello'],
      ['a prototype-poisoning key', '{"__proto__": {"admin": true}}'],
      ['a constructor-poisoning key', '{"constructor": {"prototype": {"admin": true}}}'],
    ])(
      'answers 400 plazo.request.malformed_json for %s, naming the body and echoing the text',
      async (_, payload) => {
        const res = await post(payload)
        const body = expectError(res, 400, 'plazo.request.malformed_json')
        expect(body.error).toBe(ERRORS.MALFORMED_JSON.message)
        expect400(res, 'plazo.request.malformed_json', { field: '/', keyword: 'json' }, payload)
      },
    )

    it("gives the parser's reason for a body that is not JSON", async () => {
      const res = await post('{"a": 1,}')
      expect400(
        res,
        'plazo.request.malformed_json',
        { field: '/', keyword: 'json', message: /^is not valid JSON: .*position 8/ },
        '{"a": 1,}',
      )
      expect400(
        await post('{"__proto__": {"admin": true}}'),
        'plazo.request.malformed_json',
        { field: '/', keyword: 'json', message: 'has a forbidden __proto__ or constructor.prototype key' },
        '{"__proto__": {"admin": true}}',
      )
    })

    it('echoes a body over 16 KiB as its first 16 KiB and a note, keeping the answer small', async () => {
      const big = `{"merchant": ${JSON.stringify('x'.repeat(200_000))},`
      const res = await post(big)
      expect(res.body.length).toBeLessThan(17 * 1024)
      const body = expect400(
        res,
        'plazo.request.malformed_json',
        { field: '/', keyword: 'json' },
        expect.any(String),
      )
      const echoed = body.original_data as string
      expect(big.startsWith(echoed.split('… [truncated')[0] ?? '')).toBe(true)
      expect(echoed).toMatch(/… \[truncated: 200016 bytes sent, the first \d+ shown\]$/)
      expect(Buffer.byteLength(JSON.stringify(echoed))).toBeLessThanOrEqual(16 * 1024)
    })

    it('keeps the echo within 16 KiB for text that grows when escaped', async () => {
      const controls = `{"a": "${'\u0001'.repeat(15_000)}`
      const escaped = await post(controls)
      expect(escaped.body.length).toBeLessThan(17 * 1024)
      expect(escaped.json().original_data).toMatch(/truncated: 15007 bytes sent/)
    })

    it('answers 400 malformed_json on login too', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login/',
        headers: JSON_TYPE,
        payload: '{"username": "demo@plazo.test", "password": ',
      })
      expectError(res, 400, 'plazo.request.malformed_json')
    })

    it.each([
      ['a JSON array', '[]', []],
      ['a JSON string', '"checkout"', 'checkout'],
      ['a JSON number', '42', 42],
      ['JSON null', 'null', null],
      [
        'an array of valid requests',
        JSON.stringify([examples.CART_MISMATCH_REQUEST_EXAMPLE]),
        [examples.CART_MISMATCH_REQUEST_EXAMPLE],
      ],
    ])('answers 400 naming the root for %s, echoing it', async (_, payload, echoed) => {
      const res = await post(payload)
      expect(res.statusCode).toBe(400)
      expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
        status: 'ko',
        exception: ERRORS.VALIDATION.exception,
        schema_errors: [{ field: '/', keyword: 'type' }],
        original_data: echoed,
      })
    })

    it('answers 400 for an empty body without a content type', async () => {
      const res = await post(undefined, {})
      expect(res.statusCode).toBe(400)
      expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
        schema_errors: [{ field: '/', keyword: 'type' }],
      })
    })

    it('answers 400 for an empty body declared as JSON, as for no body', async () => {
      const res = await post('')
      expect(res.statusCode).toBe(400)
      expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
        exception: ERRORS.VALIDATION.exception,
        schema_errors: [{ field: '/', keyword: 'type' }],
        original_data: null,
      })
    })

    it('answers 400 for an empty object, naming merchant and cart', async () => {
      const res = await post({})
      expect(res.statusCode).toBe(400)
      const body = expectBody(res, ValidationErrorBodySchema) as { schema_errors: Array<{ field: string }> }
      expect(body.schema_errors.map((e) => e.field).sort()).toEqual(['/cart', '/merchant'])
    })
  })

  describe('deeply nested bodies', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    const withPayload = (value: string) =>
      JSON.stringify(examples.embeddedRequestExample('product')).replace(
        '"channel":"web"',
        `"channel":${value}`,
      )

    it.each([65, 10_000, 400_000])('answers 400 for a body nested %i levels deep', async (depth) => {
      const res = await post(nested(depth))
      const body = expectError(res, 400, 'plazo.request.bad_request')
      expect(body.error).toBe('The body nests more than 64 levels deep.')
      const text = nested(depth)
      const echoed = text.length <= 16 * 1024 ? text : expect.stringMatching(/^\[\[\[.*… \[truncated: /)
      expect400(
        res,
        'plazo.request.bad_request',
        { field: '/', keyword: 'maxDepth', message: 'nests more than 64 levels deep' },
        echoed,
      )
    })

    it.each([65, 10_000, 400_000])(
      'answers 400, not 500, for a free-form field nested %i levels deep',
      async (depth) => {
        expectError(await post(withPayload(nested(depth))), 400, 'plazo.request.bad_request')
      },
    )

    it('answers 400 on login too', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login/',
        headers: JSON_TYPE,
        payload: `{"username":${nested(10_000)},"password":"x"}`,
      })
      expectError(res, 400, 'plazo.request.bad_request')
    })

    it('accepts 64 levels, and brackets inside strings do not count', async () => {
      // The request itself is 2 levels deep around the payload (body, merchant, payload object).
      const deepest = `${'['.repeat(61)}"[[[{{{\\"]]]"${']'.repeat(61)}`
      const res = await post(withPayload(deepest))
      expect(res.statusCode).toBe(201)
    })
  })

  describe('content type and size', () => {
    it.each([
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ])('answers 415 for %s', async (type) => {
      const body = expectError(
        await post('a=1', { 'content-type': type }),
        415,
        'plazo.request.unsupported_media_type',
      )
      expect(body.error).toBe(`Content-Type ${type} is not supported: send application/json.`)
    })

    it('accepts application/json with a charset', async () => {
      const res = await post(JSON.stringify(examples.embeddedRequestExample('product')), {
        'content-type': 'application/json; charset=utf-8',
      })
      expect(res.statusCode).toBe(201)
    })

    it('answers 413 for a body over 1 MiB, JSON or not', async () => {
      const big = { ...examples.embeddedRequestExample('product'), padding: 'x'.repeat(MiB) }
      const body = expectError(await post(JSON.stringify(big)), 413, 'plazo.request.payload_too_large')
      expect(body.error).toBe(ERRORS.PAYLOAD_TOO_LARGE.message)
      expectError(await post('x'.repeat(MiB + 1)), 413, 'plazo.request.payload_too_large')
    })

    it('answers 413 on login too', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login/',
        headers: JSON_TYPE,
        payload: JSON.stringify({ username: 'x'.repeat(MiB), password: 'y' }),
      })
      expectError(res, 413, 'plazo.request.payload_too_large')
    })

    it('handles a body just under 1 MiB as usual', async () => {
      const request = examples.embeddedRequestExample('product')
      const size = JSON.stringify(request).length
      const padded = {
        ...request,
        merchant: { ...request.merchant, notification_additional_payload: { pad: '' } },
      }
      padded.merchant.notification_additional_payload.pad = 'x'.repeat(MiB - size - 200)
      const res = await post(JSON.stringify(padded))
      expect(JSON.stringify(padded).length).toBeLessThan(MiB)
      expect(res.statusCode).toBe(201)
    })
  })

  describe('unknown routes', () => {
    it.each([
      ['GET', '/api/v2/nothing'],
      ['POST', '/api/v2/checkout/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11/unknown'],
      ['GET', '/api/v1/checkout/'],
      ['GET', '/'],
    ])('answers 404 with the error body for %s %s', async (method, url) => {
      const res = await t.app.inject({ method: method as 'GET', url, headers: t.demo })
      const body = expectError(res, 404, 'plazo.route.not_found')
      expect(body.error).toBe(`Route ${method} ${url} not found.`)
    })

    it.each([
      ['PATCH', '/api/v2/checkout/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11/', 'DELETE, GET, HEAD, PUT'],
      ['PATCH', '/api/v2//checkout/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11', 'DELETE, GET, HEAD, PUT'],
      ['DELETE', '/api/v2/checkout/', 'GET, HEAD, POST'],
      ['DELETE', '/api/v2/auth/login', 'POST'],
      ['POST', '/api/v2/client/embedded/', 'GET, HEAD, OPTIONS'],
      ['PUT', '/checkout.js', 'GET, HEAD'],
    ])('answers 405 with Allow and the error body for %s %s', async (method, url, allow) => {
      const res = await t.app.inject({ method: method as 'GET', url, headers: t.demo })
      const body = expectError(res, 405, 'plazo.route.method_not_allowed')
      expect(res.headers.allow).toBe(allow)
      expect(body.error).toBe(`Method ${method} is not allowed on ${url}: use ${allow}.`)
      expect(res.headers['x-request-id']).toMatch(UUID)
    })

    it.each([
      ['a malformed percent-encoding', '/api/v2/checkout/%zz/', 'The URL has a malformed percent-encoding.'],
      ['a truncated UTF-8 sequence', '/api/v2/%E0%A4%A', 'The URL has a malformed percent-encoding.'],
      [
        'a path parameter over 100 characters',
        `/api/v2/checkout/${'a'.repeat(101)}/`,
        'A path parameter of the URL is too long.',
      ],
    ])('answers 400 with the error body and a request id for %s', async (_, url, message) => {
      const res = await t.app.inject({ method: 'GET', url, headers: t.demo })
      const body = expectError(res, 400, 'plazo.request.bad_request')
      expect(body.error).toBe(message)
      expect(res.headers['x-request-id']).toMatch(UUID)
      expect400(
        res,
        'plazo.request.bad_request',
        { field: 'URL', keyword: expect.any(String) as never },
        null,
      )
    })

    it('answers the documented 400 for a malformed percent-encoding on a POST with a body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/checkout/%zz/capture',
        headers: { ...t.demo, ...JSON_TYPE },
        payload: '{"a": 1}',
      })
      expect400(res, 'plazo.request.bad_request', { field: 'URL', keyword: 'encoding' }, null)
    })

    it('answers the documented 400 for an invalid Content-Type header', async () => {
      const res = await post('{}', { 'content-type': 'application/json; =' })
      expect(res.statusCode).toBe(400)
      expectBody(res, ValidationErrorBodySchema)
    })

    it('does not echo the query string in the message', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/nothing?token=secret' })
      const body = expectError(res, 404, 'plazo.route.not_found')
      expect(body.error).toBe('Route GET /api/v2/nothing not found.')
    })
  })

  describe('x-request-id', () => {
    const id = '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'
    it.each([
      ['201', () => post(examples.embeddedRequestExample('product'))],
      ['400', () => post('{')],
      ['401', () => t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/` })],
      [
        '403',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v2/auth/login/',
            payload: { username: 'a', password: 'b' },
          }),
      ],
      ['404', () => t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers: t.demo })],
      ['409', () => post(examples.CART_MISMATCH_REQUEST_EXAMPLE)],
      ['413', () => post('x'.repeat(MiB + 1))],
      ['415', () => post('x', { 'content-type': 'text/plain' })],
    ])('is set on a %s answer', async (status, send) => {
      const res = await send()
      expect(String(res.statusCode)).toBe(status)
      expect(res.headers['x-request-id']).toMatch(UUID)
    })

    it('gives each request its own id', async () => {
      const a = await post('{')
      const b = await post('{')
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
    })

    it.each(['req-123', 'a1b2c3d4', 'trace:42.7_x', 'x'.repeat(128)])(
      'echoes a safe incoming id %s',
      async (incoming) => {
        const res = await post(examples.embeddedRequestExample('product'), {
          ...JSON_TYPE,
          'x-request-id': incoming,
        })
        expect(res.statusCode).toBe(201)
        expect(res.headers['x-request-id']).toBe(incoming)
      },
    )

    it.each([
      ['spaces', 'a b'],
      ['markup', '<script>'],
      ['quotes', '"x"'],
      ['too long', 'x'.repeat(129)],
      ['empty', ''],
    ])('replaces an incoming id with %s by a new UUID', async (_, incoming) => {
      const res = await post('{', { ...JSON_TYPE, 'x-request-id': incoming })
      expect(res.headers['x-request-id']).toMatch(UUID)
    })
  })
})
