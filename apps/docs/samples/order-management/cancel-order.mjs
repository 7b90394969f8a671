// expect: SessionResponseSchema
// Cancel a confirmed order that will not be shipped.
import { Plazo } from '@plazo/node'

const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. An order confirmed and not captured yet (auto_confirm mode).
const order = {
  merchant: { order_reference_1: 'ORDER-100045', checkout_mode: 'auto_confirm' },
  cart: {
    total_price_with_tax: 28700,
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
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Running socks (3 pairs)',
          reference: '8412345678912',
          unit_price_with_tax: 2900,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: 2900,
      },
    ],
  },
  ui: { mode: 'hpp' },
}
const { checkout_session_id: id } = await plazo.checkoutSessions.create(order)

// Sandbox only: play the customer, who completes the checkout, and the lender, who approves.
await plazo.testHelpers.customerAction(id, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

// 2. Cancel it. This cannot be undone.
const cancelled = await plazo.checkoutSessions.cancel(id)
console.log(JSON.stringify(cancelled, null, 2))
