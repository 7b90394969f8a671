// expect: GetSessionResponseSchema
// Creates a hosted-page session, plays the customer paying on the page (sandbox test helper), then reads the
// session as your server would before shipping the order.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

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
const { checkout_session_id: sessionId } = await plazo.checkoutSessions.create(request)

// Sandbox only: the customer chooses "pay in 3" on the page and the lender approves.
await plazo.testHelpers.customerAction(sessionId, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

/** On your success_url: trust the session read on your server, not the query string. */
async function isPaid(checkoutSessionId) {
  return plazo.checkoutSessions.retrieve(checkoutSessionId)
}

const answer = await isPaid(sessionId)
console.error(`Session ${answer.payload.status}, hosted page ${answer.payload.hpp?.status}`)
console.log(JSON.stringify(answer, null, 2))
