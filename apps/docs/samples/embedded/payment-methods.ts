// expect: ClientSessionSchema
// Offers two payment methods with their own options in an embedded session, then reads the session as the
// customer's checkout does (with the client secret) to show the loan conditions of every term.
import type {
  ClientSessionSchema,
  EmbeddedCheckoutSessionRequest,
  EmbeddedCreateResponse,
  Static,
} from '@plazo/contract'

type ClientSession = Static<typeof ClientSessionSchema>

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'

/** Calls the API and returns the parsed body; any status but a 2xx throws with the error body. */
async function call<T>(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

const { access_token: token } = await call<{ access_token: string }>(
  'POST',
  '/auth/login/',
  {},
  {
    username: USERNAME,
    password: PASSWORD,
  },
)
const auth = { Authorization: `Bearer ${token}` }

// 1. Your server creates the session with the methods to offer, in the order the checkout shows them.
//    Options left out (here, everything but periods for BNPL) come from your agent's pricing of that type.
const request: EmbeddedCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100052' },
  cart: {
    total_price_with_tax: 129900,
    currency: 'EUR',
    items: [
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Road bike',
          reference: '8412345678912',
          unit_price_with_tax: 129900,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: 129900,
      },
    ],
  },
  payment_methods: [
    { type: 'bnpl_instalments', options: { periods: [3, 6] } },
    {
      type: 'consumer_loan_instalments',
      options: {
        periods: [12, 24, 36],
        annual_interest: 0.0799,
        setup_fee: { payment_type: 'type_upfront', fee_type: 'fix_amount', amount: 15.5 },
        max_grace_period: 3,
        merchant_fee: 0.02,
      },
    },
  ],
  ui: { mode: 'embedded' },
}
const { client_secret: clientSecret } = await call<EmbeddedCreateResponse>(
  'POST',
  '/checkout/',
  auth,
  request,
)

// 2. What the embedded checkout shows the customer: each method with one offer per term (instalments,
//    interest, APR, total cost, schedule). checkout-js's checkoutSession({ clientSecret }) makes this call.
const view = await call<ClientSession>('GET', '/client/embedded', { 'x-client-secret': clientSecret })
for (const method of view.payment_methods) {
  const terms = method.offers.map((o) => `${o.period} m: ${o.conditions.user_defined_quota / 100} €`)
  console.error(`${method.type}: ${terms.join(', ')}`)
}
console.log(JSON.stringify(view, null, 2))
