// expect: ClientSessionSchema
// Offers three payment methods on the hosted page, in your order and with your terms, then reads what the page
// shows: each method with one offer (instalment, interest, APR, total cost) per term.
import type {
  ClientSessionSchema,
  HppCheckoutSessionRequest,
  HppCreateResponse,
  Static,
} from '@plazo/contract'

type ClientSession = Static<typeof ClientSessionSchema>

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
  merchant: { order_reference_1: 'ORDER-100101' },
  cart: {
    total_price_with_tax: 64900,
    currency: 'EUR',
    items: [
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Smartphone',
          reference: '8412345678936',
          unit_price_with_tax: 64900,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: 64900,
      },
    ],
  },
  payment_methods: [
    { type: 'bnpl_instalments', options: { periods: [3, 6, 12] } },
    { type: 'consumer_loan_instalments', options: { periods: [18, 24] } },
    { type: 'card_payment' },
  ],
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
const { redirect_url: redirectUrl } = await call<HppCreateResponse>('POST', '/checkout/', token, request)

// What the hosted page loads when the customer opens redirect_url (no token: the page id is the key).
const hppId = new URL(redirectUrl).pathname.split('/').pop() ?? ''
const page = await call<ClientSession>('GET', `/client/hpp/${hppId}`)
for (const method of page.payment_methods) {
  console.error(
    method.type,
    method.offers.map((offer) => `${offer.period} × ${offer.conditions.user_defined_quota}`),
  )
}
console.log(JSON.stringify(page, null, 2))
