// expect: DistributeResponseSchema
// Sends the hosted page link to the customer by e-mail (or SMS for a phone number).
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

const request = {
  merchant: { order_reference_1: 'ORDER-100060' },
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
  customer: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com' },
  ui: { mode: 'hpp' },
}
const { redirect_url } = await plazo.checkoutSessions.create(request)

// The hosted page id is the last segment of redirect_url.
const hppId = new URL(redirect_url).pathname.split('/').pop() ?? ''
const send = { recipient: 'ana.garcia@example.com' } // or '+34600123456' for an SMS
const sent = await plazo.hpp.distribute(hppId, send)
console.log(JSON.stringify(sent, null, 2))
