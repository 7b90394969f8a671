// expect: ClientSessionSchema
// Creates an embedded session in your shop's colours and shape, then reads it as the checkout iframe does:
// `customization` is what the iframe paints itself with.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. ui.customization: colours as '#' + 3 or 6 hex digits, and the shape of buttons, inputs and cards.
//    Keep it in one place of your code and send it with every session.
const brand = {
  color_text: '#1c1917',
  color_brand: '#b45309',
  color_brand_foreground: '#fff',
  color_border: '#d6d3d1',
  color_background: '#fffbeb',
  shape: 'pill',
}
const request = {
  merchant: { order_reference_1: 'ORDER-100061' },
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
  ui: { mode: 'embedded', customization: brand },
}
const { client_secret: clientSecret } = await plazo.checkoutSessions.create(request)

// 2. The session as the embedded checkout receives it (the same call as checkoutSession({ clientSecret })).
const headers = { 'x-client-secret': clientSecret } // the browser's call, not your server's: no SDK method
const view = await (await fetch(`${plazo.apiUrl}/client/embedded`, { headers })).json()
console.log(JSON.stringify(view, null, 2))
