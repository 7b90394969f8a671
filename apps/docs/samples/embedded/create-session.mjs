// expect: EmbeddedCreateResponseSchema
// Your server's side of the embedded checkout: create the session and hand only its client_secret to the page.
import { Plazo } from '@plazo/node'

// 1. The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 2. Create the session: ui.mode "embedded" (also the default when ui is left out).
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
  ui: { mode: 'embedded' },
}
const session = await plazo.checkoutSessions.create(request)

// 3. Store checkout_session_id with your order; answer your page with { clientSecret: session.client_secret }.
console.log(JSON.stringify(session, null, 2))
