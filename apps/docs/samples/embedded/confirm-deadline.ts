// expect: GetSessionResponseSchema
// Delegated mode: an approved order you do not confirm within max_interval_in_minutes_for_confirm is cancelled.
// The sandbox clock helper moves time forward so you can see it at once.
import type {
  EmbeddedCheckoutSessionRequest,
  EmbeddedCreateResponse,
  GetSessionResponse,
} from '@plazo/contract'

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

const request: EmbeddedCheckoutSessionRequest = {
  merchant: {
    order_reference_1: 'ORDER-100052',
    checkout_mode: 'delegated',
    max_interval_in_minutes_for_confirm: 60,
  },
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
}
const { checkout_session_id: id } = await call<EmbeddedCreateResponse>('POST', '/checkout/', token, request)

await call('POST', `/test-helpers/checkout/${id}/customer-action/`, token, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

// Sandbox only: 61 minutes pass without a confirmation.
await call('POST', '/test-helpers/clock/advance/', token, { minutes: 61 })

// The session is now "cancelled", and its approved payment intent too.
const session = await call<GetSessionResponse>('GET', `/checkout/${id}/`, token)
console.error(`Session ${session.payload.status}`)
console.log(JSON.stringify(session, null, 2))
