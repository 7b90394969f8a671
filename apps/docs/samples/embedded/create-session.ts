// expect: EmbeddedCreateResponseSchema
// Your server's side of the embedded checkout: create the session and hand only its client_secret to the page.
import type { EmbeddedCheckoutSessionRequest, EmbeddedCreateResponse } from '@plazo/contract'

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

// 1. Log in; keep the token on your server, never in the page.
const { access_token: token } = await call<{ access_token: string }>('POST', '/auth/login/', undefined, {
  username: USERNAME,
  password: PASSWORD,
})

// 2. Create the session: ui.mode "embedded" (also the default when ui is left out).
const request: EmbeddedCheckoutSessionRequest = {
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
  ui: { mode: 'embedded' },
}
const session = await call<EmbeddedCreateResponse>('POST', '/checkout/', token, request)

// 3. Store checkout_session_id with your order; answer your page with { clientSecret: session.client_secret }.
console.log(JSON.stringify(session, null, 2))
