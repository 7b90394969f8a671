// expect: GetSessionResponseSchema
// Chooses the payment methods of a session on your server: only the terms whose instalment fits your rule
// (at most 100 € a month here), interest-free methods first, then creates the session with that list and
// reads back what it offers.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})
const agentId = process.env.PLAZO_AGENT_ID ?? 'a0a09c08-ec9b-4994-8a89-ddaf1e736565'

const amount = 89900 // cents: the cart total
const maxInstalment = 10000 // your rule: at most 100,00 € a month

// 1. Every offer your agent makes for this amount (the public call behind checkout-js's simulator).
//    The SDK has no method for it, so plazo.request sends it, with the same retries and errors.
const { offers } = await plazo.request({
  method: 'POST',
  path: '/client/simulate',
  body: { agent_id: agentId, amount },
})

// 2. Keep the terms that pass your rule; a method stays when at least one of its terms does.
const terms = new Map()
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
  .map(([type, { periods }]) => ({ type, options: { periods } }))

// 3. Create the session with that list.
const request = {
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
const { checkout_session_id: id } = await plazo.checkoutSessions.create(request)

// 4. payload.payment_methods is your list, in your order; one payment intent per method.
const session = await plazo.checkoutSessions.retrieve(id)
for (const method of session.payload.payment_methods) {
  console.error(method.type, method.options?.periods?.join(', '))
}
console.log(JSON.stringify(session, null, 2))
