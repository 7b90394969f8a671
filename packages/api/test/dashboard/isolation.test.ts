// Two sandbox accounts never see each other's data (issue 38): the second account's every answer, from the API
// with its token and from the dashboard with its cookie, has none of the first account's sessions, events,
// deliveries or logged calls, and acting on them is a 404. On every engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { type Browser, browser, signUp } from './kit.ts'

const CART = {
  total_price_with_tax: 7900,
  currency: 'EUR',
  items: [
    {
      article: {
        type: 'product',
        category: 'physical',
        name: 'Shoes',
        reference: 'SKU-1',
        unit_price_with_tax: 7900,
      },
      units: 1,
      total_discount: 0,
      total_price_with_tax: 7900,
    },
  ],
}

describe.each(testEngines())('account isolation on $name', (engine) => {
  let t: TestApp
  let first: Browser
  let second: Browser
  let firstBearer: Record<string, string>
  let secondBearer: Record<string, string>
  let sessionId: string
  let eventId: string

  const bearerOf = async (email: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: email, password },
    })
    return { authorization: `Bearer ${res.json().access_token}` }
  }

  beforeEach(async () => {
    t = await testApp(engine)
    first = browser(t.app)
    second = browser(t.app, { address: '203.0.113.99' })
    const a = await signUp(first)
    const b = await signUp(second)
    firstBearer = await bearerOf(String(a.body.email), String(a.body.password))
    secondBearer = await bearerOf(String(b.body.email), String(b.body.password))
    // The first account's integration: a session, approved, so it has events and logged calls.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout',
      headers: firstBearer,
      payload: { merchant: { order_reference_1: 'FIRST-ORDER-1' }, cart: CART, ui: { mode: 'hpp' } },
    })
    sessionId = created.json().checkout_session_id
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/test-helpers/checkout/${sessionId}/customer-action`,
      headers: firstBearer,
      payload: { action: 'approve' },
    })
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/events?checkout_session_id=${sessionId}`,
      headers: firstBearer,
    })
    eventId = events.json().payload[0].event_id
  })
  afterEach(() => t.close())

  /** Every read the dashboard makes, as [path under /api/v2, what the first account finds there]. */
  const reads = () => [
    // First: the second account's own calls below would be in its log, naming the ids it asked for.
    '/test-helpers/request-log?limit=1000',
    '/checkout',
    '/checkout?limit=100',
    '/webhooks/events/latest?limit=500',
    `/checkout/${sessionId}`,
    `/webhooks/events?checkout_session_id=${sessionId}`,
  ]

  it('the first account sees its own data (the check below has something to miss)', async () => {
    for (const path of reads()) {
      const res = await first.call('GET', `/dashboard/api/v2${path}`)
      expect(res.statusCode, path).toBe(200)
      expect(res.body, path).toContain(path.includes('request-log') ? 'FIRST-ORDER-1' : sessionId)
    }
    const search = await first.call('GET', '/dashboard/api/sessions/search?q=first-order')
    expect(search.json().payload.map((s: { id: string }) => s.id)).toEqual([sessionId])
  })

  it('the second account finds none of it, through the API and through the dashboard', async () => {
    for (const path of reads()) {
      for (const [how, res] of [
        ['api', await t.app.inject({ method: 'GET', url: `/api/v2${path}`, headers: secondBearer })],
        ['dashboard', await second.call('GET', `/dashboard/api/v2${path}`)],
      ] as const) {
        if (res.statusCode === 404) {
          // Asked by its id, the session is not found, exactly as an id that never existed.
          expect(res.json().exception, `${how} ${path}`).toBe('plazo.checkout.not_found')
          continue
        }
        expect(res.statusCode, `${how} ${path}`).toBe(200)
        expect(res.json().payload, `${how} ${path}`).toEqual([])
      }
    }
    for (const q of [sessionId, 'FIRST-ORDER', 'first-order-1']) {
      const search = await second.call('GET', `/dashboard/api/sessions/search?q=${encodeURIComponent(q)}`)
      expect(search.json()).toEqual({ status: 'ok', payload: [] })
    }
  })

  it('the second account cannot act on the first one\u2019s session or event', async () => {
    const actions: Array<[string, string, unknown]> = [
      ['POST', `/checkout/${sessionId}/confirm`, undefined],
      ['POST', `/checkout/${sessionId}/capture`, {}],
      ['POST', `/checkout/${sessionId}/refund`, { refunded_amount: 100 }],
      ['DELETE', `/checkout/${sessionId}`, undefined],
      ['POST', `/test-helpers/checkout/${sessionId}/customer-action`, { action: 'deny' }],
      ['POST', `/webhooks/events/${eventId}/redeliver`, undefined],
    ]
    const before = (await first.call('GET', `/dashboard/api/v2/checkout/${sessionId}`)).json().payload
    for (const [method, path, body] of actions) {
      const res = await second.call(method as 'POST', `/dashboard/api/v2${path}`, body)
      expect(res.statusCode, `${method} ${path}`).toBe(404)
    }
    const still = await first.call('GET', `/dashboard/api/v2/checkout/${sessionId}`)
    expect(still.json().payload).toEqual(before)
  })
})
