// expect: OperationResponseSchema
// Refund the order lines the customer sent back.
import { Plazo } from '@plazo/node'

const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. An order in auto_capture mode: captured as soon as the lender approves.
const order = {
  merchant: { order_reference_1: 'ORDER-100045', checkout_mode: 'auto_capture' },
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

// 2. Read the order lines: their ids are what a refund by item takes.
const { payload: session } = await plazo.checkoutSessions.retrieve(id)
const socks = session.cart.order_lines.find((line) => line.article.reference === '8412345678912')
if (!socks) throw new Error('The socks are not in the order')

// 3. Refund that line.
const refund = { description: 'Socks returned', refunded_item_ids: [socks.id] }
const refunded = await plazo.orders.refund(id, refund)
console.log(JSON.stringify(refunded, null, 2))
