// expect: GetSessionResponseSchema
// Sandbox only: an asynchronous lender (customer e-mail tag +async) and the clock. The capture is pending, and
// the lender approves it a minute later on the sandbox clock: capture_approved is sent then.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. The +async tag in the customer's e-mail chooses the sandbox lender that answers captures and refunds later.
const order = {
  merchant: { order_reference_1: 'ORDER-100051', checkout_mode: 'auto_confirm' },
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
  customer: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia+async@example.com' },
  ui: { mode: 'hpp' },
}
const { checkout_session_id: id } = await plazo.checkoutSessions.create(order)
await plazo.testHelpers.customerAction(id, { action: 'approve' })

// 2. Capture: accepted, but pending until the lender answers.
const capture = await plazo.orders.capture(id)
console.error(`capture ${capture.payload.status}`) // pending

// 3. One minute later on the sandbox clock, the lender approves it.
await plazo.testHelpers.advanceClock({ minutes: 1 })
const session = await plazo.checkoutSessions.retrieve(id)
console.error(
  `capture ${session.payload.captures[0]?.status}, captured ${session.payload.captured_amount.amount}`,
)
console.log(JSON.stringify(session, null, 2))
