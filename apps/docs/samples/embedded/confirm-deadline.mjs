// expect: GetSessionResponseSchema
// Delegated mode: an approved order you do not confirm within max_interval_in_minutes_for_confirm is cancelled.
// The sandbox clock helper moves time forward so you can see it at once.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

const request = {
  merchant: {
    order_reference_1: 'ORDER-100052',
    checkout_mode: 'delegated',
    max_interval_in_minutes_for_confirm: 60,
  },
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
}
const { checkout_session_id: id } = await plazo.checkoutSessions.create(request)

await plazo.testHelpers.customerAction(id, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

// Sandbox only: 61 minutes pass without a confirmation.
await plazo.testHelpers.advanceClock({ minutes: 61 })

// The session is now "cancelled", and its approved payment intent too.
const session = await plazo.checkoutSessions.retrieve(id)
console.error(`Session ${session.payload.status}`)
console.log(JSON.stringify(session, null, 2))
