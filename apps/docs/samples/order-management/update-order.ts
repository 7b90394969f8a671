// expect: SessionResponseSchema
// Update an order before it is captured: the customer added a second item to the basket.
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

const shoes = {
  article: {
    type: 'product',
    category: 'physical',
    name: 'Trail running shoes',
    reference: '8412345678905',
    unit_price_with_tax: 12900,
  },
  units: 1,
  total_discount: 0,
  total_price_with_tax: 12900,
} as const

// 1. The order as first created: one pair of shoes.
const order: HppCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100046' },
  cart: { total_price_with_tax: 12900, currency: 'EUR', items: [shoes] },
  ui: { mode: 'hpp' },
}
const { checkout_session_id: id } = await call<CreateResponse>('POST', '/checkout/', token, order)

// 2. PUT the whole order again, as it is now: it replaces the previous one.
const socks = {
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
} as const
const updated = await call<{ status: 'ok'; payload: CheckoutSession; identifier: string }>(
  'PUT',
  `/checkout/${id}/`,
  token,
  { ...order, cart: { total_price_with_tax: 15800, currency: 'EUR', items: [shoes, socks] } },
)
console.log(JSON.stringify(updated, null, 2))
