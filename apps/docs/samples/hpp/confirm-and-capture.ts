// expect: OperationResponseSchema
// Delegated mode: the lender approves, then your server confirms the order and captures it when it ships.
import type {
  CaptureRequest,
  GetSessionResponse,
  HppCheckoutSessionRequest,
  HppCreateResponse,
  Operation,
} from '@plazo/contract'

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'

async function call<T>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...headers,
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

// 1. A session in delegated mode: you confirm within 24 h of approval, and capture within 7 days of confirming.
const request: HppCheckoutSessionRequest = {
  merchant: {
    order_reference_1: 'ORDER-100050',
    checkout_mode: 'delegated',
    max_interval_in_minutes_for_confirm: 1440,
    max_interval_in_minutes_for_capture: 10080,
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
const { checkout_session_id: id } = await call<HppCreateResponse>('POST', '/checkout/', token, request)

// 2. Sandbox only: the customer pays in 3 on the hosted page and the lender approves. The session stays "initial".
await call('POST', `/test-helpers/checkout/${id}/customer-action/`, token, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

// 3. Confirm the order: the session becomes "confirmed".
const confirmed = await call<GetSessionResponse>('POST', `/checkout/${id}/confirm/`, token)
console.error(`Session ${confirmed.payload.status}`)

// 4. Capture every order line not captured yet, when you ship. The key makes a retry safe.
const capture: CaptureRequest = { description: 'Shipped with tracking 1Z999AA10123456784' }
const operation = await call<{ status: 'ok'; payload: Operation; identifier: string }>(
  'POST',
  `/checkout/${id}/capture/`,
  token,
  capture,
  { 'Idempotency-Key': `capture-${id}` },
)
console.error(`Capture ${operation.payload.status}: ${operation.payload.amount.amount} cents`)
console.log(JSON.stringify(operation, null, 2))
