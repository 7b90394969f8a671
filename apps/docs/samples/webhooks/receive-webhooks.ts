// expect: CheckoutSessionStatusChangedSchema
// A webhook receiver: checks each notification's signature, drops duplicates by event_id, and acknowledges it.
// To see it work, it creates a session whose notification_url points to itself and plays the customer; it
// prints the notification that tells it the order is confirmed.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CreateResponse, HppCheckoutSessionRequest, WebhookEvent } from '@plazo/contract'

const API = process.env.PLAZO_API_URL ?? 'http://localhost:4000/api/v2'
const USERNAME = process.env.PLAZO_USERNAME ?? 'demo@plazo.test'
const PASSWORD = process.env.PLAZO_PASSWORD ?? 'plazo-sandbox'
/** Notifications signed longer ago than this are refused, so a captured request cannot be replayed later. */
const TOLERANCE_SECONDS = 5 * 60

/** Calls the API and returns the parsed body; any status but a 2xx throws with the error body. */
async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

/**
 * Standard Webhooks: `webhook-signature` holds one or more `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64 part of your `whsec_` secret.
 */
function verify(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): boolean {
  const id = String(headers['webhook-id'] ?? '')
  const timestamp = String(headers['webhook-timestamp'] ?? '')
  const signatures = String(headers['webhook-signature'] ?? '').split(' ')
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return signatures.some((entry) => {
    const [version, signature] = entry.split(',')
    const given = Buffer.from(signature ?? '', 'base64')
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
  })
}

const { access_token: token } = await call<{ access_token: string }>('POST', '/auth/login/', undefined, {
  username: USERNAME,
  password: PASSWORD,
})

// 1. Your signing secret. Keep it on your server, like your password.
const { payload: signing } = await call<{ payload: { secret: string } }>('GET', '/webhooks/secret/', token)

// 2. The receiver. Read the body as raw text: the signature covers the exact bytes sent.
const seen = new Set<string>()
let confirmed: (event: WebhookEvent) => void = () => {}
const orderConfirmed = new Promise<WebhookEvent>((resolve) => {
  confirmed = resolve
})
const server = createServer((request, response) => {
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk: string) => {
    body += chunk
  })
  request.on('end', () => {
    if (!verify(signing.secret, request.headers, body)) {
      response.writeHead(400).end('invalid signature')
      return
    }
    const event = JSON.parse(body) as WebhookEvent
    // Delivery is at least once: the same event_id can arrive again. Acknowledge it, act on it once.
    if (!seen.has(event.event_id)) {
      seen.add(event.event_id)
      console.error(`received ${event.event}: ${event.status}`)
      if (event.event === 'checkout_session_status_changed' && event.status === 'confirmed') confirmed(event)
    }
    response.writeHead(204).end()
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const notificationUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/plazo`

// 3. A session that notifies the receiver.
const order: HppCheckoutSessionRequest = {
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
const { checkout_session_id: id } = await call<CreateResponse>('POST', '/checkout/', token, order)

// 4. Sandbox only: the customer completes the checkout and the lender approves.
await call('POST', `/test-helpers/checkout/${id}/customer-action/`, token, { action: 'approve' })

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
