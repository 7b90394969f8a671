// expect: HppCreateResponseSchema
// Creates a checkout session for the hosted payment page and prints the answer.
import { Plazo } from '@plazo/node'

// 1. The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 2. Create the session: ui.mode "hpp", and where to send the customer back.
const request = {
  merchant: { order_reference_1: 'ORDER-100045' },
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
const session = await plazo.checkoutSessions.create(request)

// Keep checkout_session_id with your order, then send the customer to redirect_url.
console.log(JSON.stringify(session, null, 2))
