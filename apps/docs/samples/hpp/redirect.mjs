// expect: ClientOutcomeSchema
// Creates a hosted-page session with your return URLs, then completes it through the hosted page's own client
// API, as the customer's browser does: the answer's redirect_url is where the page sends the customer.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. Both URLs, or neither. Your own query (here ?lang=es) and fragment are kept.
const request = {
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
const { redirect_url: redirectUrl } = await plazo.checkoutSessions.create(request)
const hppId = new URL(redirectUrl).pathname.split('/').pop() // the last path segment of redirect_url

// 2. The customer chooses "pay in 3", gives their details and confirms on the page (sandbox lender: approved).
const answer = await fetch(`${plazo.apiUrl}/client/hpp/${hppId}/complete`, {
  method: 'POST', // the browser's call, not your server's: no SDK method
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    payment_method_type: 'bnpl_instalments',
    period: 3,
    customer: {
      first_name: 'Ana',
      last_name: 'García',
      email: 'ana@example.com',
      phone_number: '+34600123456',
    },
  }),
})
const outcome = await answer.json()
console.error(`The page now sends the customer to ${outcome.redirect_url}`)
console.log(JSON.stringify(outcome, null, 2))
