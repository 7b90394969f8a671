import {
  EmbeddedCreateResponseSchema,
  ERRORS,
  ErrorBodySchema,
  examples,
  HppCreateResponseSchema,
  type Static,
} from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { type Body, createCalls, requestExample, setField, UUID } from '../helpers/checkout-create.ts'
import { testEngines } from '../helpers/engines.ts'

describe.each(testEngines())('POST /api/v2/checkout/ on $name', (engine) => {
  // One app per engine: every test creates its own sessions and only reads those.
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const { create, read, expectValidationError } = createCalls(() => t)

  describe.each(examples.ARTICLE_TYPES)('a %s cart', (type) => {
    it('creates an embedded session: 201 with checkout_session_id and client_secret', async () => {
      const res = await create(requestExample('embedded', type))
      expect(res.statusCode).toBe(201)
      const body = expectBody(res, EmbeddedCreateResponseSchema) as Static<
        typeof EmbeddedCreateResponseSchema
      >
      expect(Object.keys(body).sort()).toEqual(['checkout_session_id', 'client_secret'])
      expect(body.checkout_session_id).toMatch(UUID)
      expect(body.client_secret.length).toBeGreaterThanOrEqual(32)

      const session = await read(body.checkout_session_id)
      expect(session).toMatchObject({ id: body.checkout_session_id, mode: 'embedded', status: 'initial' })
      expect(session.hpp).toBeNull()
      expect(session.cart.order_lines[0]?.article.type).toBe(type)
    })

    it('creates a hosted-page session: 201 with the three hosted page URLs of its hpp id', async () => {
      const res = await create(requestExample('hpp', type))
      expect(res.statusCode).toBe(201)
      const body = expectBody(res, HppCreateResponseSchema) as Static<typeof HppCreateResponseSchema>
      expect(Object.keys(body).sort()).toEqual([
        'checkout_session_id',
        'distribution_url',
        'qr_code_url',
        'redirect_url',
      ])

      const session = await read(body.checkout_session_id)
      expect(session.mode).toBe('hpp')
      const hppId = session.hpp?.id as string
      expect(hppId).toMatch(UUID)
      expect(hppId).not.toBe(body.checkout_session_id)
      expect(body.redirect_url).toBe(`http://localhost:4000/hpp/${hppId}`)
      expect(body.qr_code_url).toBe(`${body.redirect_url}/qr`)
      expect(body.distribution_url).toBe(`${body.redirect_url}/distribute`)
      expect(session.hpp).toMatchObject({
        checkout_session_id: body.checkout_session_id,
        status: 'initial',
        merchant_urls: examples.hppRequestExample(type).ui.hpp?.merchant_urls,
        customization: examples.hppRequestExample(type).ui.hpp?.customization,
      })
    })
  })

  it('numbers sessions with time-ordered UUIDv7 ids, and gives hosted pages random UUIDv4 ids', async () => {
    const ids: string[] = []
    const hppIds: string[] = []
    for (let i = 0; i < 5; i++) {
      const res = await create(requestExample('hpp', 'product'))
      expect(res.statusCode).toBe(201)
      const { checkout_session_id } = res.json() as { checkout_session_id: string }
      ids.push(checkout_session_id)
      hppIds.push((await read(checkout_session_id)).hpp?.id as string)
    }
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    // Created one after another, so their ids sort in creation order (what keeps the index append-only).
    expect([...ids].sort()).toEqual(ids)
    for (const id of hppIds)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('builds the hosted page URLs on PLAZO_PUBLIC_URL', async () => {
    const own = await testApp(engine, { PLAZO_PUBLIC_URL: 'https://pay.example.com/sandbox/' })
    try {
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/v2/checkout/',
        headers: own.demo,
        payload: requestExample('hpp', 'product'),
      })
      expect(res.statusCode).toBe(201)
      const body = expectBody(res, HppCreateResponseSchema) as Static<typeof HppCreateResponseSchema>
      const get = await own.app.inject({
        method: 'GET',
        url: `/api/v2/checkout/${body.checkout_session_id}`,
        headers: own.demo,
      })
      const hppId = get.json().payload.hpp.id
      expect(body.redirect_url).toBe(`https://pay.example.com/sandbox/hpp/${hppId}`)
      expect(body.qr_code_url).toBe(`https://pay.example.com/sandbox/hpp/${hppId}/qr`)
      expect(body.distribution_url).toBe(`https://pay.example.com/sandbox/hpp/${hppId}/distribute`)
    } finally {
      await own.close()
    }
  })

  it('creates an embedded session when ui is omitted', async () => {
    const request = requestExample('embedded', 'product')
    delete request.ui
    const res = await create(request)
    expect(res.statusCode).toBe(201)
    const body = expectBody(res, EmbeddedCreateResponseSchema) as { checkout_session_id: string }
    expect((await read(body.checkout_session_id)).mode).toBe('embedded')
  })

  it('answers 409 with the exact message when the cart total is not the sum of the items', async () => {
    const res = await create(examples.CART_MISMATCH_REQUEST_EXAMPLE)
    expect(res.statusCode).toBe(409)
    expect(expectBody(res, ErrorBodySchema)).toEqual({
      status: 'ko',
      exception: ERRORS.CART_TOTAL_MISMATCH.exception,
      error: 'The total price of the cart (79) differs from the sum of all the items total price (75).',
    })
  })

  it('answers 409 on a multi-line cart whose lines do not add up', async () => {
    const request = requestExample('hpp', 'product') as {
      cart: { items: Body[]; total_price_with_tax: number }
    }
    request.cart.items.push(structuredClone(request.cart.items[0] as Body))
    const res = await create(request)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe(
      'The total price of the cart (25800) differs from the sum of all the items total price (51600).',
    )
  })

  it('answers 409 to lines that only add up to the total when rounded past 2^53', async () => {
    const max = Number.MAX_SAFE_INTEGER
    const line = (price: number, category = 'physical') => ({
      article: { type: 'product', category, name: 'Thing', reference: 'T-1', unit_price_with_tax: price },
      units: 1,
      total_discount: 0,
      total_price_with_tax: price,
    })
    const request = {
      merchant: { order_reference_1: 'BIG-1' },
      cart: { total_price_with_tax: max, currency: 'EUR', items: [line(max), line(2), line(-1, 'discount')] },
      payment_methods: [{ type: 'card_payment' }],
    }
    const res = await create(request)
    expect(res.statusCode).toBe(409)
    expect(expectBody(res, ErrorBodySchema)).toMatchObject({
      error: `The total price of the cart (${max}) differs from the sum of all the items total price (9007199254740992).`,
    })
  })

  it('answers 400 naming an amount past 2^53', async () => {
    const request = requestExample('embedded', 'product') as {
      cart: { total_price_with_tax: number; items: Array<{ total_price_with_tax: number }> }
    }
    request.cart.total_price_with_tax = 1e308
    ;(request.cart.items[0] as { total_price_with_tax: number }).total_price_with_tax = 1e308
    const body = expectValidationError(await create(request), '/cart/total_price_with_tax', request)
    expect(body.schema_errors.map((e) => e.field)).toContain('/cart/items/0/total_price_with_tax')
  })

  it.each([
    ['the same day as', '2026-09-01'],
    ['before', '2026-08-31'],
  ])('answers 400 naming end_date when a service ends %s its start_date', async (_, endDate) => {
    const request = requestExample('embedded', 'service') as {
      cart: { items: Array<{ article: Body }> }
    }
    const article = request.cart.items[0]?.article as Body
    article.start_date = '2026-09-01'
    article.end_date = endDate
    const res = await create(request)
    const body = expectValidationError(res, '/cart/items/0/article/end_date', request)
    expect(body.schema_errors).toEqual([
      { field: '/cart/items/0/article/end_date', message: 'must be later than start_date', keyword: 'rule' },
    ])
  })

  it("answers 400 naming /agent_id for the other merchant's agent", async () => {
    const request = { ...requestExample('embedded', 'product'), agent_id: SANDBOX.otherShop.agents.online.id }
    const res = await create(request)
    expectValidationError(res, '/agent_id', request)
  })

  it('answers 400 naming /agent_id for an agent that does not exist', async () => {
    const request = { ...requestExample('hpp', 'product'), agent_id: '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11' }
    expectValidationError(await create(request), '/agent_id', request)
  })

  it("accepts the merchant's own second agent and returns it", async () => {
    const agentId = SANDBOX.demoStore.agents.store.id
    const res = await create({ ...requestExample('embedded', 'product'), agent_id: agentId })
    expect(res.statusCode).toBe(201)
    const session = await read(res.json().checkout_session_id)
    expect(session.agent_id).toBe(agentId)
  })

  it('accepts an agent id in upper case and returns it in lower case', async () => {
    const agentId = SANDBOX.demoStore.agents.store.id
    const res = await create({ ...requestExample('embedded', 'product'), agent_id: agentId.toUpperCase() })
    expect(res.statusCode).toBe(201)
    expect((await read(res.json().checkout_session_id)).agent_id).toBe(agentId)
  })

  it('uses the oldest agent when agent_id is omitted and the merchant has no default agent', async () => {
    const { online, store } = SANDBOX.demoStore.agents
    const db = t.t.db
    const before = await db.one<{ created_at: string }>('SELECT created_at FROM agents WHERE id = $1', [
      store.id,
    ])
    await db.run('UPDATE agents SET is_default = 0 WHERE merchant_id = $1', [SANDBOX.demoStore.merchantId])
    await db.run('UPDATE agents SET created_at = $2 WHERE id = $1', [store.id, '2000-01-01T00:00:00.000Z'])
    try {
      const res = await create(requestExample('embedded', 'product'))
      expect(res.statusCode).toBe(201)
      expect((await read(res.json().checkout_session_id)).agent_id).toBe(store.id)
    } finally {
      await db.run('UPDATE agents SET created_at = $2 WHERE id = $1', [store.id, before?.created_at ?? null])
      await db.run('UPDATE agents SET is_default = 1 WHERE id = $1', [online.id])
    }
  })

  it("uses the merchant's default agent when agent_id is omitted", async () => {
    const res = await create(requestExample('embedded', 'product'))
    const session = await read(res.json().checkout_session_id)
    expect(session).toMatchObject({
      agent_id: SANDBOX.demoStore.agents.online.id,
      merchant_id: SANDBOX.demoStore.merchantId,
      user_id: SANDBOX.demoStore.userId,
    })
  })

  it("defaults purchase_country to the merchant's country (ESP) and keeps FRA when sent", async () => {
    const request = requestExample('embedded', 'product')
    delete request.purchase_country
    const defaulted = await read((await create(request)).json().checkout_session_id)
    expect(defaulted.purchase_country).toBe('ESP')

    const french = await read(
      (await create({ ...request, purchase_country: 'FRA' })).json().checkout_session_id,
    )
    expect(french.purchase_country).toBe('FRA')
  })

  it('answers 400 for a purchase country other than ESP and FRA', async () => {
    const request = { ...requestExample('embedded', 'product'), purchase_country: 'PRT' }
    expectValidationError(await create(request), '/purchase_country', request)
  })

  it('accepts a discount line with a negative price and returns it as an order line', async () => {
    const res = await create(examples.DISCOUNT_CART_EXAMPLE)
    expect(res.statusCode).toBe(201)
    expectBody(res, EmbeddedCreateResponseSchema)
    const session = await read(res.json().checkout_session_id)
    expect(session.total_price).toEqual({ amount: 11900, currency: 'EUR' })
    expect(session.cart.order_lines.map((l) => [l.article.category, l.total_price_with_tax.amount])).toEqual([
      ['physical', 12900],
      ['discount', -1000],
    ])
    expect(session.cart.order_lines[1]?.article.price).toEqual({ amount: -1000, currency: 'EUR' })
  })

  it('answers 400 for a discount line with a positive total', async () => {
    const request = structuredClone(examples.DISCOUNT_CART_EXAMPLE) as unknown as {
      cart: { items: Array<{ total_price_with_tax: number }>; total_price_with_tax: number }
    }
    const discount = request.cart.items[1] as { total_price_with_tax: number }
    discount.total_price_with_tax = 1000
    request.cart.total_price_with_tax = 13900
    expectValidationError(await create(request), '/cart/items/1/total_price_with_tax', request)
  })

  it('answers 400 naming each missing required field', async () => {
    const request = requestExample('embedded', 'product') as { merchant: Body; cart: { items: Body[] } }
    delete request.merchant.order_reference_1
    const res = await create(request)
    expectValidationError(res, '/merchant/order_reference_1', request)
  })

  it('answers 400 for a currency other than EUR', async () => {
    const request = requestExample('embedded', 'product') as { cart: Body }
    request.cart.currency = 'USD'
    expectValidationError(await create(request), '/cart/currency', request)
  })

  it('answers 400 for the same payment method type offered twice', async () => {
    const request = {
      ...requestExample('embedded', 'product'),
      payment_methods: [
        { type: 'bnpl_instalments', options: { periods: [3] } },
        { type: 'bnpl_instalments', options: { periods: [6] } },
      ],
    }
    expectValidationError(await create(request), '/payment_methods/1/type', request)
  })

  it('answers 400 for an expires_at in the past', async () => {
    const request = { ...requestExample('hpp', 'product'), expires_at: '2020-01-01T00:00:00Z' }
    expectValidationError(await create(request), '/expires_at', request)
  })

  // A notification URL of another scheme could never be delivered to, and a redirect or a link to one would
  // run on the hosted page (`javascript:`): every URL field takes http and https only.
  it.each([
    ['/merchant/notification_url', 'javascript:alert(1)', 'embedded'],
    ['/merchant/notification_url', 'file:///etc/passwd', 'embedded'],
    ['/ui/hpp/merchant_urls/success_url', 'javascript:alert(document.cookie)', 'hpp'],
    ['/ui/hpp/merchant_urls/cancel_url', 'ftp://shop.example.com/checkout/cancel', 'hpp'],
    ['/cart/items/0/article/url', 'javascript:alert(1)', 'embedded'],
    ['/cart/items/0/article/image_url', 'file:///var/www/shoes.png', 'embedded'],
  ] as const)('answers 400 naming %s when it is not http or https: %s', async (field, url, mode) => {
    const request = setField(requestExample(mode, 'product'), field, url)
    const body = expectValidationError(await create(request), field, request)
    expect(body).toMatchObject({
      status: 'ko',
      error: `The request is not valid: ${field} must be an http or https URL`,
      schema_errors: [{ field, message: 'must be an http or https URL', keyword: 'pattern' }],
    })
  })

  it('answers 400 naming a logo_url of another scheme, whatever its extension', async () => {
    const field = '/ui/hpp/customization/logo_url'
    const request = setField(requestExample('hpp', 'product'), field, 'file:///var/www/logo.png')
    const body = expectValidationError(await create(request), field, request)
    expect(body.schema_errors).toEqual([
      {
        field,
        message: 'must be an http or https URL whose path ends in .svg, .png, .jpg or .jpeg',
        keyword: 'pattern',
      },
    ])
  })

  it('accepts http and https URLs in any case', async () => {
    const request = setField(
      setField(
        requestExample('hpp', 'product'),
        '/merchant/notification_url',
        'HTTPS://shop.example.com/hook',
      ),
      '/ui/hpp/merchant_urls/success_url',
      'http://localhost:8080/ok',
    )
    const res = await create(request)
    expect(res.statusCode, res.body).toBe(201)
  })

  it('rejects the deprecated key spellings on /checkout/, whose customer has no such fields', async () => {
    const request = requestExample('embedded', 'product') as { customer: Body }
    request.customer.birt_date = '1990-04-12'
    expectValidationError(await create(request), '/customer/birt_date', request)
  })
})
