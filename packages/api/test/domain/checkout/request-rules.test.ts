import { type CheckoutSessionRequest, examples } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import { checkSessionRequest } from '../../../src/domain/checkout/request-rules.ts'
import { ApiError } from '../../../src/errors.ts'

const NOW = new Date('2026-06-01T12:00:00.000Z')
const MAX = Number.MAX_SAFE_INTEGER

type Item = CheckoutSessionRequest['cart']['items'][number]

function request(type = 'product'): CheckoutSessionRequest {
  return structuredClone(examples.embeddedRequestExample(type)) as CheckoutSessionRequest
}

function product(price: number, category: 'physical' | 'discount' = 'physical'): Item {
  return {
    article: { type: 'product', category, name: 'Thing', reference: 'T-1', unit_price_with_tax: price },
    units: 1,
    total_discount: 0,
    total_price_with_tax: price,
  }
}

function withItems(...items: Item[]): CheckoutSessionRequest {
  const base = request()
  base.cart.items = items
  base.cart.total_price_with_tax = items.reduce((sum, item) => sum + item.total_price_with_tax, 0)
  return base
}

/** What the rules throw: the status, and the fields of a 400 or the message of a 409. */
function failure(body: CheckoutSessionRequest): { status: number; fields: string[]; message: string } {
  try {
    checkSessionRequest(body, NOW)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return {
      status: error.status,
      fields: (error.schemaErrors ?? []).map((e) => e.field),
      message: error.message,
    }
  }
  throw new Error('expected the request to be refused')
}

describe('checkSessionRequest', () => {
  it.each(examples.ARTICLE_TYPES)('accepts the %s example in both modes', (type) => {
    expect(() => checkSessionRequest(request(type), NOW)).not.toThrow()
    expect(() => checkSessionRequest(examples.hppRequestExample(type), NOW)).not.toThrow()
  })

  it('accepts the discount and payment intent examples', () => {
    expect(() => checkSessionRequest(examples.DISCOUNT_CART_EXAMPLE, NOW)).not.toThrow()
    expect(() => checkSessionRequest(examples.PAYMENT_INTENT_REQUEST_EXAMPLE, NOW)).not.toThrow()
  })

  describe('cart total', () => {
    it('is a 409 with the exact message of spec §8', () => {
      expect(failure(examples.CART_MISMATCH_REQUEST_EXAMPLE)).toEqual({
        status: 409,
        fields: [],
        message: 'The total price of the cart (79) differs from the sum of all the items total price (75).',
      })
    })

    it('adds discount lines, which are negative', () => {
      const body = withItems(product(12900), product(-1000, 'discount'))
      expect(body.cart.total_price_with_tax).toBe(11900)
      expect(() => checkSessionRequest(body, NOW)).not.toThrow()
      body.cart.total_price_with_tax = 12900
      expect(failure(body).message).toBe(
        'The total price of the cart (12900) differs from the sum of all the items total price (11900).',
      )
    })

    it('is exact past 2^53, where adding numbers rounds', () => {
      // In floating point (2^53 - 1) + 2 - 1 rounds to 2^53 - 1, the stated total; the real sum is 2^53.
      const body = withItems(product(MAX), product(2), product(-1, 'discount'))
      body.cart.total_price_with_tax = MAX
      expect(failure(body)).toEqual({
        status: 409,
        fields: [],
        message: `The total price of the cart (${MAX}) differs from the sum of all the items total price (9007199254740992).`,
      })
    })

    it('reports a sum past 2^53 exactly', () => {
      const body = withItems(product(MAX), product(MAX))
      body.cart.total_price_with_tax = 1
      expect(failure(body).message).toBe(
        'The total price of the cart (1) differs from the sum of all the items total price (18014398509481982).',
      )
    })

    it.each([
      ['/cart/total_price_with_tax', (b: CheckoutSessionRequest) => (b.cart.total_price_with_tax = 1e308)],
      [
        '/cart/items/0/total_price_with_tax',
        (b: CheckoutSessionRequest) => ((b.cart.items[0] as Item).total_price_with_tax = 2 ** 53),
      ],
      [
        '/cart/items/0/article/unit_price_with_tax',
        (b: CheckoutSessionRequest) => ((b.cart.items[0] as Item).article.unit_price_with_tax = -(2 ** 60)),
      ],
      [
        '/cart/items/0/total_discount',
        (b: CheckoutSessionRequest) => ((b.cart.items[0] as Item).total_discount = 1e20),
      ],
      [
        '/down_payment/amount',
        (b: CheckoutSessionRequest) => {
          b.down_payment = { down_payment_collection: 'upfront', amount: 1e300 }
        },
      ],
    ])('refuses an amount past 2^53 with a 400 naming %s', (field, change) => {
      const body = request()
      change(body)
      const result = failure(body)
      expect(result.status).toBe(400)
      expect(result.fields).toContain(field)
    })

    it('accepts amounts up to 2^53 - 1', () => {
      expect(() => checkSessionRequest(withItems(product(MAX)), NOW)).not.toThrow()
    })
  })

  describe('dates', () => {
    it.each([
      ['the same day', '2026-09-01', 400],
      ['the day before', '2026-08-31', 400],
      ['the day after', '2026-09-02', undefined],
    ])('a service ending %s it starts', (_, endDate, status) => {
      const body = request('service')
      const article = (body.cart.items[0] as Item).article as { start_date?: string; end_date: string }
      article.start_date = '2026-09-01'
      article.end_date = endDate
      if (status === undefined) expect(() => checkSessionRequest(body, NOW)).not.toThrow()
      else expect(failure(body)).toMatchObject({ status, fields: ['/cart/items/0/article/end_date'] })
    })

    it('a service without start_date has nothing to compare', () => {
      const body = request('service')
      delete ((body.cart.items[0] as Item).article as { start_date?: string }).start_date
      expect(() => checkSessionRequest(body, NOW)).not.toThrow()
    })

    it('a trip may end the day it starts, not before', () => {
      const body = request('travel')
      const article = (body.cart.items[0] as Item).article as { start_date: string; end_date: string }
      article.end_date = article.start_date
      expect(() => checkSessionRequest(body, NOW)).not.toThrow()
      article.end_date = '2026-12-19'
      expect(failure(body).fields).toEqual(['/cart/items/0/article/end_date'])
    })

    it('an accommodation must check out after it checks in', () => {
      const body = request('accommodation')
      const article = (body.cart.items[0] as Item).article as { checkin_date: string; checkout_date: string }
      article.checkout_date = article.checkin_date
      expect(failure(body).fields).toEqual(['/cart/items/0/article/checkout_date'])
    })

    it.each([
      ['/expires_at', (b: CheckoutSessionRequest, at: string) => (b.expires_at = at)],
      [
        '/merchant/invitation_expires_on_date',
        (b: CheckoutSessionRequest, at: string) => (b.merchant.invitation_expires_on_date = at),
      ],
    ])('%s must be in the future', (field, set) => {
      const body = request()
      set(body, NOW.toISOString())
      expect(failure(body)).toMatchObject({ status: 400, fields: [field] })
      set(body, new Date(NOW.getTime() + 1000).toISOString())
      expect(() => checkSessionRequest(body, NOW)).not.toThrow()
    })

    it('the hosted page expiry must be in the future', () => {
      const body = structuredClone(examples.hppRequestExample('product'))
      body.ui.hpp = { ...body.ui.hpp, expires_at: '2026-06-01T11:59:59Z' }
      expect(failure(body)).toMatchObject({ status: 400, fields: ['/ui/hpp/expires_at'] })
    })
  })

  describe('payment methods and down payment', () => {
    it('names the second offer of a type', () => {
      const body = request()
      body.payment_methods = [
        { type: 'bnpl_instalments' },
        { type: 'credit_line' },
        { type: 'bnpl_instalments', options: { periods: [3] } },
      ]
      expect(failure(body)).toMatchObject({ status: 400, fields: ['/payment_methods/2/type'] })
    })

    it('requires the processed payment method to be offered, by default or explicitly', () => {
      const body = request()
      body.processed_payment_method = { type: 'credit_line' }
      expect(failure(body).fields).toEqual(['/processed_payment_method/type'])
      delete body.payment_methods
      // Without payment_methods every priced type is offered, credit lines included; auto loans need a vehicle.
      expect(() => checkSessionRequest(body, NOW)).not.toThrow()
      body.processed_payment_method = { type: 'auto_loan' }
      expect(failure(body).fields).toEqual(['/processed_payment_method/type'])
      expect(() =>
        checkSessionRequest(
          {
            ...request('automobile'),
            payment_methods: undefined,
            processed_payment_method: { type: 'auto_loan' },
          } as CheckoutSessionRequest,
          NOW,
        ),
      ).not.toThrow()
    })

    it('requires a down payment below the cart total', () => {
      const body = request()
      body.down_payment = { down_payment_collection: 'upfront', amount: body.cart.total_price_with_tax }
      expect(failure(body).fields).toEqual(['/down_payment/amount'])
      body.down_payment.amount = body.cart.total_price_with_tax - 1
      expect(() => checkSessionRequest(body, NOW)).not.toThrow()
    })

    it('reports every broken rule at once, before the cart total', () => {
      const body = request('service')
      ;((body.cart.items[0] as Item).article as { end_date: string }).end_date = '2000-01-01'
      body.expires_at = '2000-01-01T00:00:00Z'
      body.cart.total_price_with_tax += 1
      expect(failure(body)).toMatchObject({
        status: 400,
        fields: ['/cart/items/0/article/end_date', '/expires_at'],
      })
    })
  })
})
