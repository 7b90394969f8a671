import { examples } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boundedBody, cutText, scanJson } from '../../src/plugins/bounded-body.ts'
import { truncated } from '../../src/plugins/original-data.ts'
import { twoPassValidatorCompiler } from '../../src/plugins/validator.ts'
import type { TestApp } from '../helpers/app.ts'
import { testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

describe('scanJson', () => {
  it('finds the tail of each array over the limit, its nested arrays left out with it', () => {
    const text = Buffer.from('{"a":[[1,2,3],[4],"\\\\",5,6],"b":[7,8]}')
    const scan = scanJson(text, 64, 2)
    expect(scan.tooDeep).toBe(false)
    expect(JSON.parse(cutText(text, scan.cuts))).toEqual({ a: [[1, 2], [4]], b: [7, 8] })
  })

  it('reads brackets, commas and escaped quotes inside strings as text', () => {
    const text = Buffer.from('["a,b,c", "[\\"],", "x\\\\", ","]')
    expect(JSON.parse(cutText(text, scanJson(text, 64, 3).cuts))).toEqual(['a,b,c', '["],', 'x\\'])
    expect(scanJson(text, 64, 4).cuts).toEqual([])
  })

  it('takes no byte of a multi-byte character for a quote, bracket or comma', () => {
    const text = Buffer.from('["ñ,é", "€[", "😀]", 1, 2]')
    expect(JSON.parse(cutText(text, scanJson(text, 64, 3).cuts))).toEqual(['ñ,é', '€[', '😀]'])
  })

  it('stops at the depth limit', () => {
    expect(scanJson(Buffer.from(`${'['.repeat(65)}${']'.repeat(65)}`), 64, 10).tooDeep).toBe(true)
    expect(scanJson(Buffer.from(`${'['.repeat(64)}${']'.repeat(64)}`), 64, 10).tooDeep).toBe(false)
    expect(scanJson(Buffer.from('"[[[[[[[["'), 4, 10).tooDeep).toBe(false)
  })
})

describe('boundedBody', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    properties: { bounded: { type: 'array', maxItems: 2 }, free: { type: 'array' } },
  }
  twoPassValidatorCompiler()({ schema, method: 'POST', url: '/x', httpPart: 'body' })

  it('gives the cut value when the validator refuses it', () => {
    const text = Buffer.from(JSON.stringify({ bounded: [1, 2, 3, 4, 5, 6] }))
    expect(boundedBody(schema, text, scanJson(text, 64, 3).cuts)).toEqual({ bounded: [1, 2, 3] })
  })

  it('gives nothing (the whole text is parsed) when the cut value would pass', () => {
    const text = Buffer.from(JSON.stringify({ free: [1, 2, 3, 4, 5, 6] }))
    expect(boundedBody(schema, text, scanJson(text, 64, 3).cuts)).toBeUndefined()
  })

  it('gives nothing for a schema it did not compile', () => {
    const text = Buffer.from(JSON.stringify({ bounded: [1, 2, 3, 4, 5, 6] }))
    expect(boundedBody({ ...schema }, text, scanJson(text, 64, 3).cuts)).toBeUndefined()
  })
})

describe.each(testEngines())('a list far over its bound on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const withItems = (count: number, item: object = {}) => {
    const request = examples.embeddedRequestExample('product')
    return JSON.stringify({ ...request, cart: { ...request.cart, items: Array(count).fill(item) } })
  }
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { ...t.demo, 'content-type': 'application/json' },
      payload,
    })

  it('is refused with the 400 of a list just over it: the same errors, the body echoed as sent', async () => {
    // 501 items are not cut (one past the bound is what the full validator reads); 100 000 are, to 501.
    const [near, far] = [await post(withItems(501)), await post(withItems(100_000))]
    expect(far.statusCode).toBe(400)
    const { original_data: nearEcho, ...nearBody } = near.json()
    const { original_data: farEcho, ...farBody } = far.json()
    expect(farBody).toEqual(nearBody)
    expect(farBody.schema_errors[0]).toEqual({
      field: '/cart/items',
      message: 'must NOT have more than 500 items',
      keyword: 'maxItems',
    })
    expect(typeof farEcho).toBe('string')
    expect(farEcho).toContain('{},{},{}')
    expect(nearEcho).not.toEqual(farEcho)
  })

  it('echoes such a body as the whole text would be, cut from its first bytes without decoding the rest', async () => {
    const ascii = withItems(100_000)
    expect((await post(ascii)).json().original_data).toBe(truncated(ascii))
    // Multi-byte characters where the echo is cut: it ends on a whole character and counts the bytes sent.
    const text = withItems(10_000, { name: 'añ€😀'.repeat(3) })
    const echo: string = (await post(text)).json().original_data
    expect(echo).not.toContain('\uFFFD')
    expect(text.startsWith(echo.slice(0, echo.indexOf('… [truncated')))).toBe(true)
    expect(echo).toMatch(
      new RegExp(`\\[truncated: ${Buffer.byteLength(text)} bytes sent, the first \\d+ shown\\]$`),
    )
  })

  it('still refuses a prototype key in such a body as JSON it does not take', async () => {
    const res = await post(withItems(1_000).replace('"cart":', '"__proto__":{"x":1},"cart":'))
    expect(res.statusCode).toBe(400)
    expect(res.json().schema_errors[0]).toMatchObject({ keyword: 'json' })
  })

  it('still reports a broken text after the list as not JSON', async () => {
    const res = await post(`${withItems(1_000).slice(0, -1)},}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().schema_errors[0]).toMatchObject({ keyword: 'json' })
  })
})
