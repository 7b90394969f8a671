// expect: ClientSessionSchema
// Offers three payment methods on the hosted page, in your order and with your terms, then reads what the page
// shows: each method with one offer (instalment, interest, APR, total cost) per term.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

const request = {
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
const { redirect_url: redirectUrl } = await plazo.checkoutSessions.create(request)

// What the hosted page loads when the customer opens redirect_url (no token: the page id is the key).
const hppId = new URL(redirectUrl).pathname.split('/').pop() // the last path segment of redirect_url
const url = `${plazo.apiUrl}/client/hpp/${hppId}` // the browser's call, not your server's: no SDK method
const page = await (await fetch(url)).json()
for (const method of page.payment_methods) {
  console.error(
    method.type,
    method.offers.map((offer) => `${offer.period} × ${offer.conditions.user_defined_quota}`),
  )
}
console.log(JSON.stringify(page, null, 2))
