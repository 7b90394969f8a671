import { EMAIL_PATTERN, EmailSchema, examples } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

// The documents give e-mail fields `format: email` and the API's rule as a `pattern`: an address is accepted by
// the API exactly when it matches that pattern. `format: email` alone (RFC 5321) takes a dotless domain, which
// the API refuses: the pattern is what says so to a client.
const addresses = [
  'ana.garcia@example.com',
  'Ana.Garcia+shop@Mail.Example.ES',
  "o'brien@example.ie",
  'a@b.co',
  'ana@localhost',
  'ana@example',
  'ana..garcia@example.com',
  '.ana@example.com',
  '"ana garcia"@example.com',
  'ana@[192.0.2.1]',
  'ana@-example.com',
  'ana garcia@example.com',
  'ana@exa_mple.com',
]

describe.each(testEngines())('the e-mail rule on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const create = (email: string) => {
    const body = structuredClone(examples.PAYMENT_INTENT_REQUEST_EXAMPLE) as unknown as {
      customer: { email: string }
    }
    body.customer.email = email
    return t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/payment-intent/',
      headers: t.demo,
      payload: body,
    })
  }

  it('is the pattern the documents carry', () => {
    expect((EmailSchema as unknown as { pattern: string }).pattern).toBe(EMAIL_PATTERN)
  })

  it.each(addresses)('accepts %s exactly when the documented pattern does', async (email) => {
    const documented = new RegExp(EMAIL_PATTERN).test(email)
    const res = await create(email)
    if (documented) {
      expect(res.statusCode, res.body).toBe(201)
    } else {
      expect(res.statusCode).toBe(400)
      expect(res.json().schema_errors).toEqual([
        {
          field: '/customer/email',
          message: 'must be an e-mail address with a dot in its domain, e.g. ana.garcia@example.com',
          keyword: expect.stringMatching(/^(pattern|format)$/),
        },
      ])
    }
  })

  it('refuses a dotless domain, which format: email alone allows', async () => {
    expect(new RegExp(EMAIL_PATTERN).test('ana@localhost')).toBe(false)
    expect((await create('ana@localhost')).statusCode).toBe(400)
  })
})
