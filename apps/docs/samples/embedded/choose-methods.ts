// expect: GetSessionResponseSchema
// Chooses the payment methods of a session on your server: only the terms whose instalment fits your rule
// (at most 100 € a month here), interest-free methods first, then creates the session with that list and
// reads back what it offers.
import type {
  EmbeddedCheckoutSessionRequest,
  EmbeddedCreateResponse,
  GetSessionResponse,
  PaymentMethod,
  SimulationResponseSchema,
  Static,
} from '@plazo/contract'

type SimulationResponse = Static<typeof SimulationResponseSchema>

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'
const AGENT_ID = process.env.PLAZO_AGENT_ID ?? 'a0a09c08-ec9b-4994-8a89-ddaf1e736565'

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

const amount = 89900 // cents: the cart total
const maxInstalment = 10000 // your rule: at most 100,00 € a month

// 1. Every offer your agent makes for this amount (the public call behind checkout-js's simulator).
const { offers } = await call<SimulationResponse>('POST', '/client/simulate', undefined, {
  agent_id: AGENT_ID,
  amount,
})

// 2. Keep the terms that pass your rule; a method stays when at least one of its terms does.
const terms = new Map<string, { periods: number[]; interestFree: boolean }>()
for (const offer of offers) {
  if (offer.conditions.user_defined_quota > maxInstalment) continue
  if (offer.payment_method_type === 'auto_loan') continue // auto loans finance vehicles; this cart has none
  const entry = terms.get(offer.payment_method_type) ?? { periods: [], interestFree: true }
  entry.periods.push(offer.period)
  entry.interestFree &&= offer.conditions.apr === 0
  terms.set(offer.payment_method_type, entry)
}
// Interest-free methods first; otherwise your agent's order. The checkout shows them in this order.
const paymentMethods = [...terms]
  .sort(([, a], [, b]) => Number(b.interestFree) - Number(a.interestFree))
  .map(([type, { periods }]) => ({ type, options: { periods } }) as PaymentMethod)

// 3. Create the session with that list.
const { access_token: token } = await call<{ access_token: string }>('POST', '/auth/login/', undefined, {
  username: USERNAME,
  password: PASSWORD,
})
const request: EmbeddedCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100071' },
  cart: {
    total_price_with_tax: amount,
    currency: 'EUR',
    items: [
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Espresso machine',
          reference: '8412345678929',
          unit_price_with_tax: amount,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: amount,
      },
    ],
  },
  payment_methods: paymentMethods,
  ui: { mode: 'embedded' },
}
const { checkout_session_id: id } = await call<EmbeddedCreateResponse>('POST', '/checkout/', token, request)

// 4. payload.payment_methods is your list, in your order; one payment intent per method.
const session = await call<GetSessionResponse>('GET', `/checkout/${id}/`, token)
for (const method of session.payload.payment_methods) {
  console.error(method.type, method.options?.periods?.join(', '))
}
console.log(JSON.stringify(session, null, 2))
