import { examples, ValidationErrorBodySchema } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

type Body = Record<string, unknown>

/** A copy of `body` with the value at the JSON pointer `field` replaced. */
function setField(body: object, field: string, value: unknown): Body {
  const copy = structuredClone(body) as Body
  const keys = field.split('/').slice(1)
  let node = copy
  for (const key of keys.slice(0, -1)) node = node[key] as Body
  node[keys[keys.length - 1] as string] = value
  return copy
}

// Every place a country goes takes the ISO 3166-1 alpha-3 codes only: `ZZZ` has the right shape and is no
// country (it was accepted while the rule was a pattern).
const places = [
  ['/checkout/', examples.embeddedRequestExample('accommodation'), '/cart/items/0/article/address/country'],
  ['/checkout/', examples.embeddedRequestExample('flight'), '/cart/items/0/article/country_departure_code'],
  ['/checkout/', examples.embeddedRequestExample('flight'), '/cart/items/0/article/country_destination_code'],
  ['/checkout/', examples.embeddedRequestExample('flight'), '/cart/items/0/article/passengers/0/nationality'],
  [
    '/checkout/payment-intent/',
    examples.PAYMENT_INTENT_REQUEST_EXAMPLE,
    '/customer/document_details/nationality',
  ],
  [
    '/checkout/payment-intent/',
    examples.PAYMENT_INTENT_REQUEST_EXAMPLE,
    '/customer/document_details/expeditor',
  ],
  [
    '/checkout/payment-intent/',
    examples.PAYMENT_INTENT_REQUEST_EXAMPLE,
    '/customer/main_residence_details/address/country',
  ],
] as const

describe.each(testEngines())('country codes on $name', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const post = (url: string, payload: Body) =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: t.demo, payload })

  it.each(places)('%s refuses ZZZ at %s', async (url, example, field) => {
    const res = await post(url, setField(example, field, 'ZZZ'))
    expect(res.statusCode).toBe(400)
    const body = expectBody(res, ValidationErrorBodySchema) as { schema_errors: unknown[] }
    expect(body.schema_errors).toEqual([
      { field, message: 'must be an ISO 3166-1 alpha-3 country code (ESP, FRA, PRT…)', keyword: 'enum' },
    ])
  })

  it.each(places)('%s accepts a real country (PRT) at %s', async (url, example, field) => {
    const res = await post(url, setField(example, field, 'PRT'))
    expect(res.statusCode, res.body).toBe(201)
  })
})
