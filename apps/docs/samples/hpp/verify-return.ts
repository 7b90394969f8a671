// expect: GetSessionResponseSchema
// Your success_url handler: the customer is back with ?order_reference=…&checkout_session_id=…. Anyone can type
// that URL, so read the session on your server and check it is yours, for this order, and paid.
import type {
  ClientOutcomeSchema,
  GetSessionResponse,
  HppCheckoutSessionRequest,
  HppCreateResponse,
  Static,
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

// Set-up: a session for your order ORDER-100082, paid on the hosted page.
const request: HppCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100082' },
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
const created = await call<HppCreateResponse>('POST', '/checkout/', token, request)
const hppId = new URL(created.redirect_url).pathname.split('/').pop() ?? ''
const outcome = await call<Static<typeof ClientOutcomeSchema>>(
  'POST',
  `/client/hpp/${hppId}/complete`,
  undefined,
  {
    payment_method_type: 'bnpl_instalments',
    customer: {
      first_name: 'Ana',
      last_name: 'García',
      email: 'ana@example.com',
      phone_number: '+34600123456',
    },
  },
)

/** What your success page does with the URL it was opened with. */
async function verifyReturn(returnUrl: string): Promise<{ paid: boolean; session: GetSessionResponse }> {
  const query = new URL(returnUrl).searchParams
  const sessionId = query.get('checkout_session_id') ?? ''
  const orderReference = query.get('order_reference') ?? ''
  // 404 for an id that is not a session of yours: never trust the query alone.
  const session = await call<GetSessionResponse>('GET', `/checkout/${encodeURIComponent(sessionId)}/`, token)
  const payload = session.payload
  if (payload.merchant.order_reference_1 !== orderReference) throw new Error('Not the session of this order')
  const approved = payload.payment_intents.some(
    (intent) =>
      intent.payment_method_id === payload.selected_payment_method_id && intent.status === 'approved',
  )
  // confirmed = paid; initial + an approved intent = approved, waiting for your confirmation (delegated mode).
  return { paid: payload.status === 'confirmed' || (payload.status === 'initial' && approved), session }
}

const { paid, session } = await verifyReturn(outcome.redirect_url ?? '')
console.error(
  paid ? `Order ${session.payload.merchant.order_reference_1}: paid` : 'Not paid: show the cart again',
)
console.log(JSON.stringify(session, null, 2))
