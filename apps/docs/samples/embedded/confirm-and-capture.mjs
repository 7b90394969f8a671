// expect: OperationResponseSchema
// Delegated mode: the lender approves, then your server confirms the order and captures it when it ships.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. A session in delegated mode: you confirm within 24 h of approval, and capture within 7 days of confirming.
const request = {
  merchant: {
    order_reference_1: 'ORDER-100050',
    checkout_mode: 'delegated',
    max_interval_in_minutes_for_confirm: 1440,
    max_interval_in_minutes_for_capture: 10080,
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
  ui: { mode: 'embedded' },
}
const { checkout_session_id: id } = await plazo.checkoutSessions.create(request)

// 2. Sandbox only: the customer pays in 3 and the lender approves. The session stays "initial".
await plazo.testHelpers.customerAction(id, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

// 3. Confirm the order: the session becomes "confirmed".
const confirmed = await plazo.orders.confirm(id)
console.error(`Session ${confirmed.payload.status}`)

// 4. Capture every order line not captured yet, when you ship. The key makes a retry safe.
const capture = { description: 'Shipped with tracking 1Z999AA10123456784' }
const operation = await plazo.orders.capture(id, capture, { 'Idempotency-Key': `capture-${id}` })
console.error(`Capture ${operation.payload.status}: ${operation.payload.amount.amount} cents`)
console.log(JSON.stringify(operation, null, 2))
