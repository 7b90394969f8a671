// expect: SessionResponseSchema
// Update an order before it is captured: the customer added a second item to the basket.
import { Plazo } from '@plazo/node'

const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

const shoes = {
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
}

// 1. The order as first created: one pair of shoes.
const order = {
  merchant: { order_reference_1: 'ORDER-100046' },
  cart: { total_price_with_tax: 12900, currency: 'EUR', items: [shoes] },
  ui: { mode: 'hpp' },
}
const { checkout_session_id: id } = await plazo.checkoutSessions.create(order)

// 2. PUT the whole order again, as it is now: it replaces the previous one.
const socks = {
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
}
const updated = await plazo.checkoutSessions.update(id, {
  ...order,
  cart: { total_price_with_tax: 15800, currency: 'EUR', items: [shoes, socks] },
})
console.log(JSON.stringify(updated, null, 2))
