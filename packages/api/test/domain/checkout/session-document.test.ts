import { type CheckoutSessionRequest, CheckoutSessionSchema, examples, validate } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import {
  expiresAt,
  newSessionDocument,
  offeredPaymentMethods,
  orderLines,
  type SessionContext,
} from '../../../src/domain/checkout/session-document.ts'

const NOW = new Date('2026-06-01T12:00:00.000Z')
const context = (overrides: Partial<SessionContext> = {}): SessionContext => ({
  id: '11111111-1111-4111-8111-111111111111',
  now: NOW,
  userId: '22222222-2222-4222-8222-222222222222',
  merchantId: '33333333-3333-4333-8333-333333333333',
  agentId: '44444444-4444-4444-8444-444444444444',
  defaultCountry: 'FRA',
  hppId: null,
  defaultExpiresAt: new Date('2026-06-02T12:00:00.000Z'),
  ...overrides,
})

function request(type = 'product'): CheckoutSessionRequest {
  return structuredClone(examples.embeddedRequestExample(type)) as CheckoutSessionRequest
}

describe('the read shape of a new session', () => {
  it.each(examples.ARTICLE_TYPES)('is a valid CheckoutSession for the %s examples, in both modes', (type) => {
    const embedded = newSessionDocument(request(type), context())
    const hpp = newSessionDocument(
      examples.hppRequestExample(type),
      context({ hppId: '55555555-5555-4555-8555-555555555555' }),
    )
    for (const session of [embedded, hpp]) {
      const result = validate(CheckoutSessionSchema, session)
      expect(result.ok ? [] : result.errors).toEqual([])
    }
    expect(embedded.hpp).toBeNull()
    expect(hpp.hpp).toMatchObject({
      id: '55555555-5555-4555-8555-555555555555',
      checkout_session_id: embedded.id,
    })
  })

  it('turns cart items into order lines with their own ids and money objects', () => {
    const body = structuredClone(examples.DISCOUNT_CART_EXAMPLE) as CheckoutSessionRequest
    delete (body.cart.items[0] as { total_discount?: number }).total_discount
    const lines = orderLines(body)
    expect(lines).toHaveLength(2)
    expect(lines[0]?.id).not.toBe(lines[1]?.id)
    expect(lines[0]).toMatchObject({
      article: { type: 'product', name: 'Rain jacket', price: { amount: 12900, currency: 'EUR' } },
      units: 1,
      total_discount: { amount: 0, currency: 'EUR' },
      total_price_with_tax: { amount: 12900, currency: 'EUR' },
      captured: false,
      refunded: false,
    })
    expect(lines[0]?.article).not.toHaveProperty('unit_price_with_tax')
    expect(lines[1]?.article.price).toEqual({ amount: -1000, currency: 'EUR' })
    // A second reading of the same cart gets new ids (an update replaces the order lines).
    expect(orderLines(body).map((l) => l.id)).not.toContain(lines[0]?.id)
  })

  it("takes the merchant's country when purchase_country is omitted", () => {
    const body = request()
    delete body.purchase_country
    expect(newSessionDocument(body, context()).purchase_country).toBe('FRA')
    expect(newSessionDocument(request(), context()).purchase_country).toBe('ESP')
  })

  it('reads shipping and billing with business_name and a nested customer', () => {
    const address = {
      street_address: 'Calle Mayor 10',
      postal_code: '28013',
      city: 'Madrid',
      country: 'ESP' as const,
    }
    const session = newSessionDocument(
      {
        ...request(),
        shipping: { name: 'Home', first_name: 'Luis', last_name: 'Pérez', company: 'LP SL', address },
        billing: { first_name: 'Marta', last_name: 'Ruiz', phone_number: '+34622333444', address },
      },
      context(),
    )
    expect(session.shipping).toEqual({
      name: 'Home',
      method: null,
      business_name: 'LP SL',
      customer: { name: { first: 'Luis', last: 'Pérez' }, email: null, phone: null },
      address,
    })
    expect(session.billing).toEqual({
      business_name: null,
      corporate_id_number: null,
      customer: { name: { first: 'Marta', last: 'Ruiz' }, email: null, phone: '+34622333444' },
      address,
    })
  })

  it('reads only the basic customer, even from a full one', () => {
    const session = newSessionDocument(examples.PAYMENT_INTENT_REQUEST_EXAMPLE, context())
    expect(session.customer).toEqual({
      full_name: { first_name: 'Ana', last_name: 'García' },
      email: 'ana.garcia@example.com',
      phone_number: '+34600123456',
      document_number: '12345678Z',
    })
    expect(JSON.stringify(session)).not.toMatch(/birth_date|income|account_number/)
  })

  it('finances the cart total minus the down payment', () => {
    const body = request()
    body.down_payment = { down_payment_collection: 'upfront', amount: 5800 }
    const session = newSessionDocument(body, context())
    expect(session.payment_intents.map((i) => i.conditions?.principal)).toEqual([20000, 20000])
    expect(session.down_payment).toMatchObject({
      down_payment_collection: 'upfront',
      payment_methods: ['card_payment', 'a2a_payment'],
      amount: { amount: 5800, currency: 'EUR' },
    })
  })

  it('gives a card payment no loan conditions', () => {
    const session = newSessionDocument(
      { ...request(), payment_methods: [{ type: 'card_payment' }] },
      context(),
    )
    expect(session.payment_intents).toHaveLength(1)
    expect(session.payment_intents[0]).toMatchObject({
      payment_method_type: 'card_payment',
      conditions: null,
    })
  })

  it('opens every intent in status initial with its own id', () => {
    const intents = newSessionDocument(request(), context()).payment_intents
    expect(intents.every((i) => i.status === 'initial' && i.provider_name === null)).toBe(true)
    expect(new Set(intents.map((i) => i.payment_method_id)).size).toBe(intents.length)
  })
})

describe('offeredPaymentMethods', () => {
  it('offers what the request lists', () => {
    expect(offeredPaymentMethods(request())).toEqual(
      examples.embeddedRequestExample('product').payment_methods,
    )
  })

  it('offers every priced type by default, auto loans only for a vehicle', () => {
    const body = request()
    delete body.payment_methods
    const types = offeredPaymentMethods(body).map((m) => m.type)
    expect(types).toEqual([
      'bnpl_instalments',
      'bnpl_split_pay',
      'consumer_loan_instalments',
      'consumer_loan_split_pay',
      'credit_line',
      'subscription',
    ])
    const car = request('automobile')
    delete car.payment_methods
    expect(offeredPaymentMethods(car).map((m) => m.type)).toContain('auto_loan')
  })
})

describe('expiresAt', () => {
  const fallback = new Date('2026-06-02T12:00:00.000Z')

  it("takes the earlier of the request's expires_at and the hosted page's, else the default", () => {
    const hpp = structuredClone(examples.hppRequestExample('product')) as CheckoutSessionRequest & {
      ui: { hpp: { expires_at?: string } }
    }
    expect(expiresAt(hpp, fallback)).toBe(fallback.toISOString())
    hpp.ui.hpp.expires_at = '2026-06-05T00:00:00Z'
    expect(expiresAt(hpp, fallback)).toBe('2026-06-05T00:00:00Z')
    hpp.expires_at = '2026-06-04T00:00:00Z'
    expect(expiresAt(hpp, fallback)).toBe('2026-06-04T00:00:00Z')
    hpp.expires_at = '2026-06-06T00:00:00Z'
    expect(expiresAt(hpp, fallback)).toBe('2026-06-05T00:00:00Z')
  })
})
