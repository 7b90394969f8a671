// expect: ClientSessionSchema
// Offers two payment methods with their own options in an embedded session, then reads the session as the
// customer's checkout does (with the client secret) to show the loan conditions of every term.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. Your server creates the session with the methods to offer, in the order the checkout shows them.
//    Options left out (here, everything but periods for BNPL) come from your agent's pricing of that type.
const request = {
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
const { client_secret: clientSecret } = await plazo.checkoutSessions.create(request)

// 2. What the embedded checkout shows the customer: each method with one offer per term (instalments,
//    interest, APR, total cost, schedule). checkout-js's checkoutSession({ clientSecret }) makes this call.
const headers = { 'x-client-secret': clientSecret } // the browser's call, not your server's: no SDK method
const view = await (await fetch(`${plazo.apiUrl}/client/embedded`, { headers })).json()
for (const method of view.payment_methods) {
  const terms = method.offers.map((o) => `${o.period} m: ${o.conditions.user_defined_quota / 100} €`)
  console.error(`${method.type}: ${terms.join(', ')}`)
}
console.log(JSON.stringify(view, null, 2))
