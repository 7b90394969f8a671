// expect: SessionResponseSchema
// Cancel a confirmed order that will not be shipped.
import type { CheckoutSession, CreateResponse, HppCheckoutSessionRequest } from '@plazo/contract'

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'

/** Calls the API and returns the parsed body; any status but a 2xx throws with the error body. */
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

// 1. An order confirmed and not captured yet (auto_confirm mode).
const order: HppCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100045', checkout_mode: 'auto_confirm' },
  cart: {
    total_price_with_tax: 28700,
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
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Running socks (3 pairs)',
          reference: '8412345678912',
          unit_price_with_tax: 2900,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: 2900,
      },
    ],
  },
  ui: { mode: 'hpp' },
}
const { checkout_session_id: id } = await call<CreateResponse>('POST', '/checkout/', token, order)

// Sandbox only: play the customer, who completes the checkout, and the lender, who approves.
await call('POST', `/test-helpers/checkout/${id}/customer-action/`, token, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

// 2. Cancel it. This cannot be undone.
const cancelled = await call<{ status: 'ok'; payload: CheckoutSession; identifier: string }>(
  'DELETE',
  `/checkout/${id}/`,
  token,
)
console.log(JSON.stringify(cancelled, null, 2))
