// What is stored is what was sent (security review, issue 36, finding 5): a body in another charset, bytes that
// are not UTF-8, a key given twice, a NUL or a lone surrogate in a string, and `units: 1e300` are refused with
// the documented 400 or 415, on both engines, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../../../test-support/seeded-random.ts'
import { scanJson } from '../../src/plugins/bounded-body.ts'
import { firstDuplicateKey, textRuleError } from '../../src/plugins/json-text.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

const item = (units: string) =>
  `{"article":{"type":"product","category":"physical","name":"Cap","reference":"C","unit_price_with_tax":1000},"units":${units},"total_discount":0,"total_price_with_tax":1000}`
const body = ({ name = '"Ana"', units = '1', extra = '' } = {}) =>
  `{"merchant":{"order_reference_1":"TXT-1"},${extra}"customer":{"first_name":${name},"last_name":"García"},"cart":{"total_price_with_tax":1000,"currency":"EUR","items":[${item(units)}]},"ui":{"mode":"hpp"}}`

describe.each(testEngines())('JSON bodies stored as sent on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
  })
  afterAll(() => t.close())

  const sessions = async () =>
    Number((await t.t.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM checkout_sessions'))[0]?.n)
  const create = (payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: { ...t.demo, 'content-type': contentType },
      payload,
    })
  async function refused(payload: string | Buffer, status: number, contentType?: string) {
    const before = await sessions()
    const res = await create(payload, contentType)
    expect(res.statusCode, res.body).toBe(status)
    expect(await sessions()).toBe(before)
    return res.json()
  }

  it('takes UTF-8 however it is named, and a surrogate pair (an emoji)', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset="UTF8"',
    ]) {
      expect((await create(body(), type)).statusCode, type).toBe(201)
    }
    const emoji = await create(body({ name: '"Ana \\ud83d\\ude00"' }))
    expect(emoji.statusCode).toBe(201)
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${emoji.json().checkout_session_id}/`,
      headers: t.demo,
    })
    expect(stored.json().payload.customer.full_name.first_name).toBe('Ana 😀')
  })

  it('answers 415 to a body declared in another charset, rather than decoding it as something it is not', async () => {
    const latin1 = Buffer.from(body({ name: '"Mónica"' }), 'latin1')
    const answer = await refused(latin1, 415, 'application/json; charset=iso-8859-1')
    expect(answer).toMatchObject({ status: 'ko', exception: 'plazo.request.unsupported_media_type' })
    expect(answer.error).toContain('charset=iso-8859-1')
  })

  it('answers 400 to bytes that are not UTF-8, instead of storing replacement characters', async () => {
    const latin1 = Buffer.from(body({ name: '"Mónica"' }), 'latin1')
    const answer = await refused(latin1, 400)
    expect(answer.schema_errors).toEqual([{ field: '/', message: 'is not valid UTF-8', keyword: 'encoding' }])
  })

  it.each([
    ['a key of the body', body({ extra: '"merchant":{"order_reference_1":"TXT-2"},' }), '/merchant'],
    ['a nested key', body({ units: '1,"units":2' }), '/cart/items/0/units'],
    ['the same key written with an escape', body({ units: '1,"\\u0075nits":2' }), '/cart/items/0/units'],
  ])('answers 400 naming %s given twice', async (_label, payload, field) => {
    const answer = await refused(payload, 400)
    expect(answer.schema_errors).toEqual([
      { field, message: 'is given more than once', keyword: 'uniqueKeys' },
    ])
    expect(answer.original_data).toBe(payload)
  })

  it.each([
    ['a NUL character', '"A\\u0000na"', 'contains a NUL character'],
    ['a lone high surrogate', '"Ana\\ud800"', 'contains a lone surrogate'],
    ['a lone low surrogate', '"\\udc00Ana"', 'contains a lone surrogate'],
  ])('answers 400 to %s in a string', async (_label, name, message) => {
    const answer = await refused(body({ name }), 400)
    expect(answer.schema_errors).toEqual([{ field: '/customer/first_name', message, keyword: 'string' }])
  })

  it('answers 400 to units beyond 100,000 (1e300 was stored and shown)', async () => {
    for (const units of ['1e300', '100001']) {
      const answer = await refused(body({ units }), 400)
      expect(answer.schema_errors).toContainEqual(
        expect.objectContaining({ field: '/cart/items/0/units', keyword: 'maximum' }),
      )
    }
  })
})

describe('firstDuplicateKey, fuzzed against a reference', () => {
  it('finds exactly the bodies with a repeated key, and names it (5,000 seeded cases)', () => {
    const random = seededRandom(5)
    const keys = ['a', 'b', 'c', 'a/b', 'ñ']
    // A random object written by hand, and the pointer of its first repeated key (depth first, as written).
    function write(depth: number, pointer: string): { text: string; duplicate: string | undefined } {
      const seen = new Set<string>()
      let duplicate: string | undefined
      const members: string[] = []
      for (let i = 0, n = Math.floor(random() * 4); i < n; i++) {
        const key = keys[Math.floor(random() * keys.length)] as string
        const at = `${pointer}/${key.replace('/', '~1')}`
        let value = String(Math.floor(random() * 10))
        if (depth < 3 && random() < 0.4) {
          const inner = write(depth + 1, at)
          value = inner.text
          duplicate ??= inner.duplicate
        }
        if (seen.has(key)) duplicate ??= at
        seen.add(key)
        const space = random() < 0.3 ? ' \n' : ''
        members.push(`${JSON.stringify(key)}${space}:${space}${value}`)
      }
      return { text: `{${members.join(',')}}`, duplicate }
    }
    let withDuplicates = 0
    for (let n = 0; n < 5_000; n++) {
      const { text, duplicate } = write(0, '')
      if (duplicate) withDuplicates++
      expect(firstDuplicateKey(text) === undefined, text).toBe(duplicate === undefined)
      // The parser's own test: the keys the scan counted against the keys the parsed objects hold.
      const keyCount = scanJson(Buffer.from(text), 64, 1_000).keys
      expect(textRuleError(text, JSON.parse(text), keyCount) === undefined, text).toBe(
        duplicate === undefined,
      )
    }
    expect(withDuplicates).toBeGreaterThan(500)
  })
})
