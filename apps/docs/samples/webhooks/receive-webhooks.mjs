// expect: CheckoutSessionStatusChangedSchema
// A webhook receiver: checks each notification's signature, drops duplicates by event_id, and acknowledges it.
// To see it work, it creates a session whose notification_url points to itself and plays the customer; it
// prints the notification that tells it the order is confirmed.
import { createServer } from 'node:http'
import { Plazo, PlazoSignatureVerificationError } from '@plazo/node'

// The client logs in on its first call: your credentials stay on your server.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. Your signing secret. Keep it on your server, like your password.
const { payload: signing } = await plazo.webhooks.secret()

// 2. The receiver. Read the body as raw text: the signature covers the exact bytes sent.
const seen = new Set()
let confirmed = () => {}
const orderConfirmed = new Promise((resolve) => {
  confirmed = resolve
})
const server = createServer((request, response) => {
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk) => {
    body += chunk
  })
  request.on('end', () => {
    // Steps 2 to 5 of the page: the signature of every v1 entry, in constant time, and a timestamp at most
    // 5 minutes away. It answers the parsed event, or throws PlazoSignatureVerificationError with a reason.
    let event
    try {
      event = plazo.webhooks.verify(body, request.headers, signing.secret)
    } catch (error) {
      if (!(error instanceof PlazoSignatureVerificationError)) throw error
      response.writeHead(400).end(error.reason)
      return
    }
    // Delivery is at least once: the same event_id can arrive again. Acknowledge it, act on it once.
    if (!seen.has(event.event_id)) {
      seen.add(event.event_id)
      console.error(`received ${event.event}: ${event.status}`)
      if (event.event === 'checkout_session_status_changed' && event.status === 'confirmed') confirmed(event)
    }
    response.writeHead(204).end()
  })
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const notificationUrl = `http://127.0.0.1:${server.address().port}/webhooks/plazo`

// 3. A session that notifies the receiver.
const order = {
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
}
const { checkout_session_id: id } = await plazo.checkoutSessions.create(order)

// 4. Sandbox only: the customer completes the checkout and the lender approves.
await plazo.testHelpers.customerAction(id, { action: 'approve' })

const timeout = setTimeout(() => {
  console.error('No confirmation arrived within 30 s: is the API able to reach 127.0.0.1?')
  process.exit(1)
}, 30_000)
const event = await orderConfirmed
clearTimeout(timeout)
// Close idle keep-alive connections too, so the process ends at once.
server.close()
server.closeAllConnections()
console.log(JSON.stringify(event, null, 2))
