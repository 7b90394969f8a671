// expect: CheckoutSessionStatusChangedSchema
// A webhook receiver that verifies each notification with plazo.webhooks.verify and acts on each event once.
// To see it work, it creates a session that notifies it and plays the customer.
import { createServer } from 'node:http'
import { Plazo, PlazoSignatureVerificationError } from '@plazo/node'

const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. Your signing secret (whsec_…). Keep it on your server.
const { payload: signing } = await plazo.webhooks.secret()

// 2. Read the body as raw text: the signature covers the exact bytes sent.
const seen = new Set()
let onConfirmed = () => {}
const confirmed = new Promise((resolve) => {
  onConfirmed = resolve
})
const server = createServer((request, response) => {
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk) => {
    body += chunk
  })
  request.on('end', () => {
    let event
    try {
      event = plazo.webhooks.verify(body, request.headers, signing.secret)
    } catch (error) {
      if (!(error instanceof PlazoSignatureVerificationError)) throw error
      response.writeHead(400).end(error.reason)
      return
    }
    // Delivery is at least once: acknowledge every delivery, act on each event_id once.
    if (!seen.has(event.event_id)) {
      seen.add(event.event_id)
      if (event.event === 'checkout_session_status_changed' && event.status === 'confirmed')
        onConfirmed(event)
    }
    response.writeHead(204).end()
  })
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const notificationUrl = `http://127.0.0.1:${server.address().port}/webhooks/plazo`

// 3. A session that notifies the receiver; sandbox only: the customer pays.
const session = await plazo.checkoutSessions.create({
  merchant: { order_reference_1: 'ORDER-100047', notification_url: notificationUrl },
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
await plazo.testHelpers.customerAction(session.checkout_session_id, { action: 'approve' })

const timeout = setTimeout(() => {
  console.error('No confirmation arrived within 30 s: can the API reach 127.0.0.1?')
  process.exit(1)
}, 30_000)
const event = await confirmed
clearTimeout(timeout)
server.close()
console.log(JSON.stringify(event, null, 2))
