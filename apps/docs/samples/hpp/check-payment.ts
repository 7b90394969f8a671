// expect: GetSessionResponseSchema
// Creates a hosted-page session, plays the customer paying on the page (sandbox test helper), then reads the
// session as your server would before shipping the order.
import type { GetSessionResponse, HppCheckoutSessionRequest, HppCreateResponse } from '@plazo/contract'

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

const { access_token: token } = await call<{ access_token: string }>('POST', '/auth/login/', undefined, {
  username: USERNAME,
  password: PASSWORD,
})

const request: HppCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100045' },
  cart: {
    total_price_with_tax: 25800,
    currency: 'EUR',
    items: [
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Trail running shoes',
          reference: '8412345678905',
          unit_price_with_tax: 12900,
        },
        units: 2,
        total_discount: 0,
        total_price_with_tax: 25800,
      },
    ],
  },
  ui: {
    mode: 'hpp',
    hpp: {
      merchant_urls: {
        success_url: 'https://shop.example.com/checkout/success',
        cancel_url: 'https://shop.example.com/checkout/cancel',
      },
    },
  },
}
const { checkout_session_id: sessionId } = await call<HppCreateResponse>('POST', '/checkout/', token, request)

// Sandbox only: the customer chooses "pay in 3" on the page and the lender approves.
await call('POST', `/test-helpers/checkout/${sessionId}/customer-action/`, token, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

/** On your success_url: trust the session read on your server, not the query string. */
async function isPaid(checkoutSessionId: string): Promise<GetSessionResponse> {
  return call<GetSessionResponse>('GET', `/checkout/${encodeURIComponent(checkoutSessionId)}/`, token)
}

const answer = await isPaid(sessionId)
console.error(`Session ${answer.payload.status}, hosted page ${answer.payload.hpp?.status}`)
console.log(JSON.stringify(answer, null, 2))
