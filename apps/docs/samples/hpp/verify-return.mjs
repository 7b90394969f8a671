// expect: GetSessionResponseSchema
// Your success_url handler: the customer is back with ?order_reference=…&checkout_session_id=…. Anyone can type
// that URL, so read the session on your server and check it is yours, for this order, and paid.
import { Plazo } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

/** What your success page does with the URL it was opened with. */
async function verifyReturn(returnUrl) {
  const query = new URL(returnUrl).searchParams
  const sessionId = query.get('checkout_session_id') ?? ''
  const orderReference = query.get('order_reference') ?? ''
  // A PlazoNotFoundError (404) for an id that is not a session of yours: never trust the query alone.
  const session = await plazo.checkoutSessions.retrieve(sessionId)
  const payload = session.payload
  if (payload.merchant.order_reference_1 !== orderReference) throw new Error('Not the session of this order')
  const approved = payload.payment_intents.some(
    (intent) =>
      intent.payment_method_id === payload.selected_payment_method_id && intent.status === 'approved',
  )
  // confirmed = paid; initial + an approved intent = approved, waiting for your confirmation (delegated mode).
  return { paid: payload.status === 'confirmed' || (payload.status === 'initial' && approved), session }
}

// Set-up: a session for your order ORDER-100082, paid on the hosted page.
const request = {
  merchant: { order_reference_1: 'ORDER-100082' },
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
const { checkout_session_id: checkoutSessionId } = await plazo.checkoutSessions.create(request)

// Sandbox only: the customer chooses "pay in 3" on the page and the lender approves.
await plazo.testHelpers.customerAction(checkoutSessionId, {
  action: 'approve',
  payment_method_type: 'bnpl_instalments',
})

// The page then sends the customer to your success_url with the order and the session appended.
const returnUrl = new URL('https://shop.example.com/checkout/success')
returnUrl.searchParams.set('order_reference', 'ORDER-100082')
returnUrl.searchParams.set('checkout_session_id', checkoutSessionId)

const { paid, session } = await verifyReturn(returnUrl.href)
console.error(
  paid ? `Order ${session.payload.merchant.order_reference_1}: paid` : 'Not paid: show the cart again',
)
console.log(JSON.stringify(session, null, 2))
