// expect: GetSessionResponseSchema
// A hosted-page checkout with @plazo/node: no login, token, Idempotency-Key or retry to write by hand.
import { Plazo } from '@plazo/node'

// The API URL comes from PLAZO_API_URL (default: the local sandbox). The SDK logs in on the first call.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. Create the session.
const session = await plazo.checkoutSessions.create({
  merchant: { order_reference_1: 'ORDER-100045', checkout_mode: 'auto_capture' },
  cart: {
    total_price_with_tax: 12900,
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
        units: 1,
        total_discount: 0,
        total_price_with_tax: 12900,
      },
    ],
  },
  ui: { mode: 'hpp' },
})
// 2. Send the customer to session.redirect_url.
console.error(`Pay at ${session.redirect_url}`)

// Sandbox only: the customer pays and the lender approves.
await plazo.testHelpers.customerAction(session.checkout_session_id, { action: 'approve' })

// 3. Read the session from your server before you fulfil the order.
const current = await plazo.checkoutSessions.retrieve(session.checkout_session_id)
console.log(JSON.stringify(current, null, 2))
