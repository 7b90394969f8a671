// expect: ClientOutcomeSchema
// Creates a hosted-page session with your return URLs, then completes it through the hosted page's own client
// API, as the customer's browser does: the answer's redirect_url is where the page sends the customer.
import type {
  ClientOutcomeSchema,
  HppCheckoutSessionRequest,
  HppCreateResponse,
  Static,
} from '@plazo/contract'

type ClientOutcome = Static<typeof ClientOutcomeSchema>

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

// 1. Both URLs, or neither. Your own query (here ?lang=es) and fragment are kept.
const request: HppCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100081' },
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
        success_url: 'https://shop.example.com/checkout/success?lang=es',
        cancel_url: 'https://shop.example.com/checkout/cancel',
      },
    },
  },
}
const { redirect_url: redirectUrl } = await call<HppCreateResponse>('POST', '/checkout/', token, request)
const hppId = new URL(redirectUrl).pathname.split('/').pop() ?? ''

// 2. The customer chooses "pay in 3", gives their details and confirms on the page (sandbox lender: approved).
const outcome = await call<ClientOutcome>('POST', `/client/hpp/${hppId}/complete`, undefined, {
  payment_method_type: 'bnpl_instalments',
  period: 3,
  customer: {
    first_name: 'Ana',
    last_name: 'García',
    email: 'ana@example.com',
    phone_number: '+34600123456',
  },
})
console.error(`The page now sends the customer to ${outcome.redirect_url}`)
console.log(JSON.stringify(outcome, null, 2))
