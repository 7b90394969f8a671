// expect: ClientSessionSchema
// Creates a hosted-page session with your title, logo, colours and shape, then reads it as the page does.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

const request = {
  merchant: { order_reference_1: 'ORDER-100091' },
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
  purchase_country: 'ESP',
  ui: {
    mode: 'hpp',
    customization: {
      color_brand: '#0b3d91',
      color_brand_foreground: '#ffffff',
      color_background: '#f8fafc',
      shape: 'rectangular',
    },
    hpp: {
      customization: {
        page_title: 'Montaña Shop · Checkout',
        logo_url: 'https://shop.example.com/assets/logo.svg',
      },
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
console.error(`Title "${page.page_title}", logo ${page.logo_url}`)
console.log(JSON.stringify(page, null, 2))
