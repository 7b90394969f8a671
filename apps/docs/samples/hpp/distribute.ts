// expect: DistributeResponseSchema
// Sends the hosted page link to the customer by e-mail (or SMS for a phone number).
import type { DistributeRequest, HppCheckoutSessionRequest, HppCreateResponse } from '@plazo/contract'

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
  merchant: { order_reference_1: 'ORDER-100060' },
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
  customer: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com' },
  ui: { mode: 'hpp' },
}
const { redirect_url } = await call<HppCreateResponse>('POST', '/checkout/', token, request)

// The hosted page id is the last segment of redirect_url.
const hppId = new URL(redirect_url).pathname.split('/').pop() ?? ''
const send: DistributeRequest = { recipient: 'ana.garcia@example.com' } // or '+34600123456' for an SMS
const sent = await call('POST', `/checkout/hpp/${hppId}/distribute/`, token, send)
console.log(JSON.stringify(sent, null, 2))
