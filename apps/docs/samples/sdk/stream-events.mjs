// expect: EventStreamMessageSchema
// Sandbox only: your events as they are written, with no public URL (what plazo listen forwards), resumed after
// a disconnection from the last one handled. To see some, it creates a session the sandbox lender approves.
import { Plazo } from '@plazo/node'

// The API URL comes from PLAZO_API_URL (default: the local sandbox). The SDK logs in on the first call.
const plazo = new Plazo({
  username: process.env.PLAZO_USERNAME ?? 'demo@plazo.test',
  password: process.env.PLAZO_PASSWORD ?? 'plazo-sandbox',
})

// 1. Iterate the stream: { event: 'ready' } once it is open, then { event: 'message', data } for each event.
const stream = plazo.webhooks.streamEvents()
for await (const item of stream) {
  if (item.event === 'ready') {
    // Sandbox only: the customer pays and the lender approves (auto_capture): four events.
    const session = await plazo.checkoutSessions.create({
      merchant: { order_reference_1: 'ORDER-100048' },
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
    continue
  }
  // data.payload is the notification body, typed by data.type, as webhooks.verify answers it.
  console.error(`${item.data.type} ${item.data.event_id}`)
  break // leaving the loop closes the stream, as a lost connection would
}

// 2. A new stream from lastEventId (sent as Last-Event-ID) goes on where the other stopped: nothing is missed.
const resumed = plazo.webhooks.streamEvents({ lastEventId: stream.lastEventId })
for await (const item of resumed) {
  if (item.event !== 'message') continue
  console.log(JSON.stringify(item.data, null, 2))
  break
}
