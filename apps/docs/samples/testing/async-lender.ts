// expect: GetSessionResponseSchema
// Sandbox only: an asynchronous lender (customer e-mail tag +async) and the clock. The capture is pending, and
// the lender approves it a minute later on the sandbox clock: capture_approved is sent then.
import type {
  CreateResponse,
  GetSessionResponse,
  HppCheckoutSessionRequest,
  Operation,
} from '@plazo/contract'

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

// 1. The +async tag in the customer's e-mail chooses the sandbox lender that answers captures and refunds later.
const order: HppCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100051', checkout_mode: 'auto_confirm' },
  cart: {
    total_price_with_tax: 12900,
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
        units: 1,
        total_discount: 0,
        total_price_with_tax: 12900,
      },
    ],
  },
  customer: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia+async@example.com' },
  ui: { mode: 'hpp' },
}
const { checkout_session_id: id } = await call<CreateResponse>('POST', '/checkout/', token, order)
await call('POST', `/test-helpers/checkout/${id}/customer-action/`, token, { action: 'approve' })

// 2. Capture: accepted, but pending until the lender answers.
const capture = await call<{ payload: Operation }>('POST', `/checkout/${id}/capture/`, token, {})
console.error(`capture ${capture.payload.status}`) // pending

// 3. One minute later on the sandbox clock, the lender approves it.
await call('POST', '/test-helpers/clock/advance/', token, { minutes: 1 })
const session = await call<GetSessionResponse>('GET', `/checkout/${id}/`, token)
console.error(
  `capture ${session.payload.captures[0]?.status}, captured ${session.payload.captured_amount.amount}`,
)
console.log(JSON.stringify(session, null, 2))
