import {
  EmbeddedCreateResponseSchema,
  ERRORS,
  ErrorBodySchema,
  examples,
  GetSessionResponseSchema,
  LoginResponseSchema,
  SessionResponseSchema,
  type Static,
  type TSchema,
  ValidationErrorBodySchema,
} from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

type Session = Static<typeof GetSessionResponseSchema>['payload']
type Body = Record<string, unknown>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const UNKNOWN_ID = '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'

const SHIPPING = {
  name: 'Home delivery',
  method: 'home',
  first_name: 'Luis',
  last_name: 'Pérez',
  company: 'Pérez Consulting SL',
  email: 'luis.perez@example.com',
  phone_number: '+34611222333',
  address: { street_address: 'Calle Mayor 10', postal_code: '28013', city: 'Madrid', country: 'ESP' },
}
const BILLING = {
  first_name: 'Marta',
  last_name: 'Ruiz',
  company: 'Ruiz Diseño SL',
  corporate_id_number: 'B12345678',
  email: 'marta.ruiz@example.com',
  phone_number: '+34622333444',
  address: { street_address: 'Avenida Diagonal 1', postal_code: '08019', city: 'Barcelona', country: 'ESP' },
}

function embedded(type = 'product'): Body {
  return structuredClone(examples.embeddedRequestExample(type)) as unknown as Body
}
function hpp(type = 'product'): Body {
  return structuredClone(examples.hppRequestExample(type)) as unknown as Body
}

/** A request whose cart is two lines of the example product, with a new total. */
function biggerCart(request: Body): Body {
  const cart = request.cart as {
    items: Array<Body & { total_price_with_tax: number }>
    total_price_with_tax: number
  }
  const line = cart.items[0] as Body & { total_price_with_tax: number }
  cart.items.push({ ...structuredClone(line), units: 1, total_price_with_tax: 12900 })
  cart.total_price_with_tax = line.total_price_with_tax + 12900
  return request
}

describe.each(testEngines())('checkout session by id on $name', (engine) => {
  // One app per engine: every test creates its own sessions and only reads and changes those.
  let t: TestApp
  beforeAll(async () => {
    t = await testApp(engine)
  })
  afterAll(() => t.close())

  const create = async (payload: Body, headers = t.demo): Promise<string> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/checkout/', headers, payload })
    expect(res.statusCode).toBe(201)
    return res.json().checkout_session_id
  }
  const get = (id: string, headers = t.demo) =>
    t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers })
  const put = (id: string, payload: Body, headers = t.demo) =>
    t.app.inject({ method: 'PUT', url: `/api/v2/checkout/${id}/`, headers, payload })
  const del = (id: string, headers = t.demo) =>
    t.app.inject({ method: 'DELETE', url: `/api/v2/checkout/${id}/`, headers })
  const read = async (id: string): Promise<Session> => {
    const res = await get(id)
    expect(res.statusCode).toBe(200)
    return (expectBody(res, GetSessionResponseSchema) as { payload: Session }).payload
  }
  const notFound = (id: string) => ({
    status: 'ko',
    exception: ERRORS.SESSION_NOT_FOUND.exception,
    error: `Checkout session ${id} not found.`,
  })

  describe('GET /api/v2/checkout/{id}/', () => {
    it('answers 200 {status, payload, identifier} with the full read shape', async () => {
      const request = { ...hpp(), shipping: SHIPPING, billing: BILLING }
      const id = await create(request)
      const res = await get(id)
      expect(res.statusCode).toBe(200)
      const body = expectBody(res, GetSessionResponseSchema) as { status: string; identifier: string }
      expect(body.status).toBe('ok')
      expect(body.identifier).toBe(id)
      const session = (body as unknown as { payload: Session }).payload

      expect(session).toMatchObject({
        id,
        status: 'initial',
        mode: 'hpp',
        total_price: { amount: 25800, currency: 'EUR' },
        purchase_country: 'ESP',
        selected_payment_method_type: null,
        selected_payment_method_id: null,
        downpayment_checkout_session_id: null,
      })

      const line = session.cart.order_lines[0]
      expect(session.cart.order_lines).toHaveLength(1)
      expect(line?.id).toMatch(UUID)
      expect(line).toMatchObject({
        units: 2,
        total_discount: { amount: 0, currency: 'EUR' },
        total_price_with_tax: { amount: 25800, currency: 'EUR' },
        article: {
          type: 'product',
          name: 'Trail running shoes',
          brand: 'Montaña',
          price: { amount: 12900, currency: 'EUR' },
        },
      })
      expect(line?.article).not.toHaveProperty('unit_price_with_tax')
      expect(session.cart).toMatchObject({
        reference: 'CART-PRODUCT-001',
        total_price_with_tax: { amount: 25800, currency: 'EUR' },
        merchant_order_reference_1: 'ORDER-100045',
        merchant_order_reference_2: 'WEB',
      })

      expect(session.payment_intents.length).toBeGreaterThanOrEqual(1)
      expect(session.payment_intents.map((i) => i.payment_method_type)).toEqual([
        'bnpl_instalments',
        'consumer_loan_instalments',
      ])
      for (const intent of session.payment_intents) {
        expect(intent.payment_method_id).toMatch(UUID)
        expect(intent.status).toBe('initial')
        expect(intent.conditions?.principal).toBe(25800)
      }

      expect(session.hpp?.id).toMatch(UUID)
      expect(session.hpp?.checkout_session_id).toBe(id)
      expect(Date.parse(session.options.expires_at as string)).toBeGreaterThan(Date.now())
      expect(session.customer).toEqual({
        full_name: { first_name: 'Ana', last_name: 'García' },
        email: 'ana.garcia@example.com',
        phone_number: null,
        document_number: null,
      })
      expect(session.shipping).toEqual({
        name: 'Home delivery',
        method: 'home',
        business_name: 'Pérez Consulting SL',
        customer: {
          name: { first: 'Luis', last: 'Pérez' },
          email: 'luis.perez@example.com',
          phone: '+34611222333',
        },
        address: SHIPPING.address,
      })
      expect(session.billing).toEqual({
        business_name: 'Ruiz Diseño SL',
        corporate_id_number: 'B12345678',
        customer: {
          name: { first: 'Marta', last: 'Ruiz' },
          email: 'marta.ruiz@example.com',
          phone: '+34622333444',
        },
        address: BILLING.address,
      })
      expect(res.body).not.toMatch(/"company"|"first_name":"Luis"/)
    })

    it('gives every order line its own id', async () => {
      const session = await read(await create(biggerCart(embedded())))
      const ids = session.cart.order_lines.map((l) => l.id)
      expect(ids).toHaveLength(2)
      expect(new Set(ids).size).toBe(2)
    })

    it('has no hosted page in embedded mode, and keeps the customization', async () => {
      const session = await read(await create(embedded()))
      expect(session.hpp).toBeNull()
      expect(session.mode).toBe('embedded')
      expect(session.options.customization).toEqual(
        examples.embeddedRequestExample('product').ui?.customization,
      )
      expect(session.shipping).toBeNull()
      expect(session.billing).toBeNull()
    })

    it('returns the expires_at the request set', async () => {
      const expiresAt = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString()
      const session = await read(await create({ ...hpp(), expires_at: expiresAt }))
      expect(Date.parse(session.options.expires_at as string)).toBe(Date.parse(expiresAt))
      expect(Date.parse(session.hpp?.expires_at as string)).toBe(Date.parse(expiresAt))
    })

    it('finds a session by its id in upper case, as SQL Server and .NET print UUIDs', async () => {
      const id = await create(embedded())
      const res = await get(id.toUpperCase())
      expect(res.statusCode).toBe(200)
      expect(expectBody(res, GetSessionResponseSchema)).toMatchObject({ identifier: id, payload: { id } })
      expect((await put(id.toUpperCase(), biggerCart(embedded()))).statusCode).toBe(201)
      expect((await del(id.toUpperCase())).statusCode).toBe(201)
    })

    it('answers 404 for an unknown id', async () => {
      const res = await get(UNKNOWN_ID)
      expect(res.statusCode).toBe(404)
      expect(expectBody(res, ErrorBodySchema)).toEqual(notFound(UNKNOWN_ID))
    })

    it("answers 404 with exactly the same body for the other merchant's session", async () => {
      const id = await create(embedded(), t.other)
      const res = await get(id)
      expect(res.statusCode).toBe(404)
      expect(expectBody(res, ErrorBodySchema)).toEqual(notFound(id))
      expect(Object.keys(res.json())).toEqual(Object.keys((await get(UNKNOWN_ID)).json()))
      // The owner still sees it.
      expect((await get(id, t.other)).statusCode).toBe(200)
    })

    it.each(['not-a-uuid', '123', '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c1'])(
      'answers 400 naming checkout_session_id for %s',
      async (id) => {
        const res = await get(id)
        expect(res.statusCode).toBe(400)
        expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
          status: 'ko',
          exception: ERRORS.VALIDATION.exception,
          schema_errors: [{ field: '/checkout_session_id', keyword: 'format' }],
          original_data: { checkout_session_id: id },
        })
      },
    )
  })

  describe('PUT /api/v2/checkout/{id}/', () => {
    it('answers 201 with the new cart: new total, new order lines, same session', async () => {
      const id = await create(embedded())
      const before = await read(id)
      const res = await put(id, biggerCart(embedded()))
      expect(res.statusCode).toBe(201)
      const body = expectBody(res, SessionResponseSchema) as {
        payload: Session
        identifier: string
        status: string
      }
      expect(body.status).toBe('ok')
      expect(body.identifier).toBe(id)
      expect(body.payload.id).toBe(id)
      expect(body.payload.total_price).toEqual({ amount: 38700, currency: 'EUR' })
      expect(body.payload.cart.total_price_with_tax).toEqual({ amount: 38700, currency: 'EUR' })
      expect(body.payload.cart.order_lines).toHaveLength(2)
      const oldIds = before.cart.order_lines.map((l) => l.id)
      for (const line of body.payload.cart.order_lines) expect(oldIds).not.toContain(line.id)
      expect(body.payload.payment_intents.every((i) => i.conditions?.principal === 38700)).toBe(true)
      expect(body.payload.created_at).toBe(before.created_at)

      expect(await read(id)).toEqual(body.payload)
    })

    it('keeps the hosted page id of an hpp session and takes its new options', async () => {
      const id = await create(hpp())
      const before = await read(id)
      const request = hpp() as { ui: { hpp: { customization: Body } } }
      request.ui.hpp.customization = { page_title: 'New title' }
      const res = await put(id, request as unknown as Body)
      expect(res.statusCode).toBe(201)
      const after = (expectBody(res, SessionResponseSchema) as { payload: Session }).payload
      expect(after.hpp?.id).toBe(before.hpp?.id)
      expect(after.hpp?.customization).toEqual({ page_title: 'New title' })
    })

    it('answers 409 with the exact message on a cart mismatch, and changes nothing', async () => {
      const id = await create(embedded())
      const before = await read(id)
      const request = embedded() as { cart: { total_price_with_tax: number } }
      request.cart.total_price_with_tax = 30000
      const res = await put(id, request as unknown as Body)
      expect(res.statusCode).toBe(409)
      expect(expectBody(res, ErrorBodySchema)).toEqual({
        status: 'ko',
        exception: ERRORS.CART_TOTAL_MISMATCH.exception,
        error:
          'The total price of the cart (30000) differs from the sum of all the items total price (25800).',
      })
      expect(await read(id)).toEqual(before)
    })

    it('answers 400 naming /ui/mode when the mode would change, both ways', async () => {
      const embeddedId = await create(embedded())
      const toHpp = hpp()
      const res = await put(embeddedId, toHpp)
      expect(res.statusCode).toBe(400)
      expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
        schema_errors: [{ field: '/ui/mode' }],
        original_data: toHpp,
      })

      const hppId = await create(hpp())
      const toEmbedded = embedded()
      delete toEmbedded.ui
      const back = await put(hppId, toEmbedded)
      expect(back.statusCode).toBe(400)
      expect(expectBody(back, ValidationErrorBodySchema)).toMatchObject({
        schema_errors: [{ field: '/ui/mode' }],
      })
      expect((await read(hppId)).mode).toBe('hpp')
    })

    it('answers 400 for an invalid body, naming the field', async () => {
      const id = await create(embedded())
      const request = embedded() as { cart: { items: Array<{ units: number }> } }
      ;(request.cart.items[0] as { units: number }).units = 0
      const res = await put(id, request as unknown as Body)
      expect(res.statusCode).toBe(400)
      expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
        schema_errors: [{ field: '/cart/items/0/units', keyword: 'minimum' }],
        original_data: request,
      })
    })

    it("answers 400 naming /agent_id for the other merchant's agent", async () => {
      const id = await create(embedded())
      const res = await put(id, { ...embedded(), agent_id: '6a6094af-d3a8-4e72-8d7e-2dc1375898bd' })
      expect(res.statusCode).toBe(400)
      expect(expectBody(res, ValidationErrorBodySchema)).toMatchObject({
        schema_errors: [{ field: '/agent_id' }],
      })
    })

    it('answers 409 after a cancel, saying it is cancelled', async () => {
      const id = await create(embedded())
      expect((await del(id)).statusCode).toBe(201)
      const res = await put(id, biggerCart(embedded()))
      expect(res.statusCode).toBe(409)
      const body = expectBody(res, ErrorBodySchema) as { exception: string; error: string }
      expect(body.exception).toBe(ERRORS.INVALID_TRANSITION.exception)
      expect(body.error).toMatch(/cancelled/)
      expect((await read(id)).total_price.amount).toBe(25800)
    })

    it("answers 404 for the other merchant's session and leaves it unchanged", async () => {
      const id = await create(embedded(), t.other)
      const res = await put(id, biggerCart(embedded()))
      expect(res.statusCode).toBe(404)
      expect(expectBody(res, ErrorBodySchema)).toEqual(notFound(id))
      const own = await get(id, t.other)
      expect(own.json().payload.total_price.amount).toBe(25800)
    })

    it('answers 404 for an unknown id and 400 for a non-UUID id', async () => {
      expect((await put(UNKNOWN_ID, embedded())).statusCode).toBe(404)
      const res = await put('nope', embedded())
      expect(res.statusCode).toBe(400)
      expectBody(res, ValidationErrorBodySchema)
    })
  })

  describe('DELETE /api/v2/checkout/{id}/', () => {
    it('answers 201 and cancels the session, its payment intents and its hosted page', async () => {
      const id = await create(hpp())
      const res = await del(id)
      expect(res.statusCode).toBe(201)
      const body = expectBody(res, SessionResponseSchema) as { payload: Session; identifier: string }
      expect(body.identifier).toBe(id)
      expect(body.payload.status).toBe('cancelled')
      expect(body.payload.payment_intents.map((i) => i.status)).toEqual(['cancelled', 'cancelled'])
      expect(body.payload.hpp?.status).toBe('cancelled')

      const session = await read(id)
      expect(session.status).toBe('cancelled')
      expect(session.hpp?.status).toBe('cancelled')
      expect(session.payment_intents.every((i) => i.status === 'cancelled')).toBe(true)
    })

    it('cancels an embedded session', async () => {
      const id = await create(embedded())
      const res = await del(id)
      expect(res.statusCode).toBe(201)
      expect((expectBody(res, SessionResponseSchema) as { payload: Session }).payload).toMatchObject({
        status: 'cancelled',
        hpp: null,
      })
    })

    it('accepts a DELETE that declares a JSON body but sends none', async () => {
      const id = await create(embedded())
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v2/checkout/${id}/`,
        headers: { ...t.demo, 'content-type': 'application/json' },
      })
      expect(res.statusCode).toBe(201)
      expect((expectBody(res, SessionResponseSchema) as { payload: Session }).payload.status).toBe(
        'cancelled',
      )
    })

    it('answers 409 to a second DELETE, saying it is cancelled', async () => {
      const id = await create(embedded())
      expect((await del(id)).statusCode).toBe(201)
      const res = await del(id)
      expect(res.statusCode).toBe(409)
      const body = expectBody(res, ErrorBodySchema) as { exception: string; error: string }
      expect(body.exception).toBe(ERRORS.INVALID_TRANSITION.exception)
      expect(body.error).toMatch(/cancelled/)
    })

    it("answers 404 for the other merchant's session and leaves it open", async () => {
      const id = await create(hpp(), t.other)
      const res = await del(id)
      expect(res.statusCode).toBe(404)
      expect(expectBody(res, ErrorBodySchema)).toEqual(notFound(id))
      expect((await get(id, t.other)).json().payload.status).toBe('initial')
    })

    it('answers 404 for an unknown id and 400 for a non-UUID id', async () => {
      const res = await del(UNKNOWN_ID)
      expect(res.statusCode).toBe(404)
      expect(expectBody(res, ErrorBodySchema)).toEqual(notFound(UNKNOWN_ID))
      const bad = await del('nope')
      expect(bad.statusCode).toBe(400)
      expectBody(bad, ValidationErrorBodySchema)
    })
  })

  describe('paths with and without the trailing slash', () => {
    const routes: Array<{
      method: 'GET' | 'POST' | 'PUT' | 'DELETE'
      path: string
      status: number
      schema: TSchema
    }> = [
      { method: 'POST', path: '/api/v2/checkout', status: 201, schema: EmbeddedCreateResponseSchema },
      {
        method: 'POST',
        path: '/api/v2/checkout/payment-intent',
        status: 201,
        schema: EmbeddedCreateResponseSchema,
      },
      { method: 'GET', path: '/api/v2/checkout/{id}', status: 200, schema: GetSessionResponseSchema },
      { method: 'PUT', path: '/api/v2/checkout/{id}', status: 201, schema: SessionResponseSchema },
      { method: 'DELETE', path: '/api/v2/checkout/{id}', status: 201, schema: SessionResponseSchema },
    ]

    it.each(routes.flatMap((route) => ['', '/'].map((slash) => ({ ...route, slash }))))(
      '$method $path$slash answers $status',
      async ({ method, path, status, schema, slash }) => {
        const id = await create(embedded())
        const url = `${path.replace('{id}', id)}${slash}`
        const payload =
          method === 'GET' || method === 'DELETE'
            ? undefined
            : url.includes('payment-intent')
              ? (structuredClone(examples.PAYMENT_INTENT_REQUEST_EXAMPLE) as unknown as Body)
              : embedded()
        const res = await t.app.inject({ method, url, headers: t.demo, ...(payload ? { payload } : {}) })
        expect(res.statusCode).toBe(status)
        expectBody(res, schema)
      },
    )

    it.each(['/api/v2/auth/login', '/api/v2/auth/login/'])('POST %s answers 200', async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { username: 'demo@plazo.test', password: 'plazo-sandbox' },
      })
      expect(res.statusCode).toBe(200)
      expectBody(res, LoginResponseSchema)
    })

    it.each(['/api/v2/auth/refresh', '/api/v2/auth/refresh/'])('POST %s answers 200', async (url) => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { username: 'demo@plazo.test', password: 'plazo-sandbox' },
      })
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { refresh_token: login.json().refresh_token },
      })
      expect(res.statusCode).toBe(200)
      expectBody(res, LoginResponseSchema)
    })
  })
})
