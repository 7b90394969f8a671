// A merchant's webhook handler on 127.0.0.1, written as the guide says (verify the raw body and every signature
// entry, refuse stale timestamps, deduplicate on webhook-id after verifying, read the session before acting,
// acknowledge what it does not know), with one deliberate bug at a time for the integration check to catch. It
// acts on the sandbox like a shop: on an approved payment intent it confirms and captures the order, through
// the API in-process (so its calls reach the request log, as a real shop's would).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { App } from '../../src/app.ts'

export interface HandlerBugs {
  /** Verifies with a secret that is not the merchant's: refuses every notification. */
  wrongSecret?: boolean
  /** On a signature that does not match, trusts a body identical to the event the API has for that session. */
  trustBodyFromApi?: boolean
  /** Looks webhook-id up before verifying: a seen id is acknowledged whatever its body and signature. */
  dedupeBeforeVerify?: boolean
  /** Never looks at webhook-timestamp. */
  ignoreTimestamp?: boolean
  /** Without a webhook-signature header, takes the notification as it is. */
  signatureOptional?: boolean
  /** Checks only the first entry of webhook-signature. */
  firstSignatureOnly?: boolean
  /** Neither deduplicates nor reads the session: confirms and captures on every approved notification. */
  actOnEveryDelivery?: boolean
  /** Answers 409 to an event whose status is older than the last one it saw for the session. */
  refuseOlderStatus?: boolean
  /** Answers 500 to an event type it does not know. */
  failOnUnknownEvent?: boolean
  /** Answers 400 to a body with a field it does not know. */
  strictFields?: boolean
  /** Waits this long before answering anything. */
  delayMs?: number
}

export interface Handler {
  url: string
  received: number
  close(): Promise<void>
}

const KNOWN_EVENTS = new Set([
  'checkout_session_status_changed',
  'payment_intent_status_changed',
  'down_payment_status_changed',
  'conditions_changed',
  'capture_approved',
  'refund_approved',
])

const KNOWN_FIELDS = new Set([
  'event',
  'checkout_session_id',
  'event_id',
  'triggered_at',
  'order_reference_1',
  'order_reference_2',
  'selected_payment_intent',
  'additional_payload',
  'status',
  'payment_intents',
  'down_payment',
  'conditions',
  'description',
  'captured_amount',
  'captured_items',
  'refunded_amount',
  'refunded_items',
])

const STATUS_RANK: Record<string, number> = { initial: 0, on_hold: 1, approved: 2, confirmed: 3, paid: 4 }

type Verified = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' }

function verify(
  body: string,
  headers: http.IncomingHttpHeaders,
  secret: string,
  bugs: HandlerBugs,
): Verified {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp']
  const signature = headers['webhook-signature']
  if (typeof signature !== 'string' && bugs.signatureOptional) return { ok: true }
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signature !== 'string')
    return { ok: false, reason: 'missing' }
  if (!bugs.ignoreTimestamp && Math.abs(Date.now() / 1000 - Number(timestamp)) > 300)
    return { ok: false, reason: 'stale' }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  const entries = signature.split(' ')
  const matches = (bugs.firstSignatureOnly ? entries.slice(0, 1) : entries).some((entry) => {
    const given = Buffer.from(entry.replace(/^v1,/, ''), 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' }
}

/** Starts the handler, acting on the sandbox with the Demo Store's token. */
export async function startHandler(
  app: App,
  auth: Record<string, string>,
  bugs: HandlerBugs = {},
): Promise<Handler> {
  const secretAnswer = await app.inject({ url: '/api/v2/webhooks/secret', headers: auth })
  const secret = bugs.wrongSecret
    ? `whsec_${Buffer.alloc(32, 7).toString('base64')}`
    : secretAnswer.json().payload.secret
  const api = (method: 'GET' | 'POST', url: string) =>
    app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...auth, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    })
  const seen = new Set<string>()
  const lastRank = new Map<string, number>()
  let received = 0

  const handle = async (headers: http.IncomingHttpHeaders, body: string): Promise<number> => {
    const id = String(headers['webhook-id'] ?? '')
    if (bugs.dedupeBeforeVerify && seen.has(id)) return 200
    let verified = verify(body, headers, secret, bugs)
    if (!verified.ok && verified.reason === 'mismatch' && bugs.trustBodyFromApi) {
      const sessionId = (JSON.parse(body) as { checkout_session_id: string }).checkout_session_id
      const events = await api('GET', `/webhooks/events?checkout_session_id=${sessionId}`)
      const known = (events.json().payload as Array<{ payload: unknown }>).some(
        (event) => JSON.stringify(event.payload) === body,
      )
      if (known) verified = { ok: true }
    }
    if (!verified.ok) return verified.reason === 'stale' ? 400 : 401
    const event = JSON.parse(body) as Record<string, unknown> & {
      event: string
      checkout_session_id: string
      status?: string
    }
    if (!KNOWN_EVENTS.has(event.event)) return bugs.failOnUnknownEvent ? 500 : 204
    if (bugs.strictFields && Object.keys(event).some((field) => !KNOWN_FIELDS.has(field))) return 400
    const rank = STATUS_RANK[String(event.status)] ?? 0
    if (bugs.refuseOlderStatus && rank < (lastRank.get(event.checkout_session_id) ?? 0)) return 409
    lastRank.set(event.checkout_session_id, Math.max(rank, lastRank.get(event.checkout_session_id) ?? 0))
    if (!bugs.actOnEveryDelivery) {
      if (seen.has(id)) return 204
      seen.add(id)
    }
    if (event.event === 'payment_intent_status_changed' && event.status === 'approved') {
      const session = `/checkout/${event.checkout_session_id}`
      if (bugs.actOnEveryDelivery) {
        await api('POST', `${session}/confirm`)
        await api('POST', `${session}/capture`)
      } else {
        const current = (await api('GET', session)).json().payload as { status: string }
        if (current.status === 'initial') {
          await api('POST', `${session}/confirm`)
          await api('POST', `${session}/capture`)
        }
      }
    }
    return 204
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received++
      const body = Buffer.concat(chunks).toString('utf8')
      void (async () => {
        let status = 500
        try {
          status = await handle(request.headers, body)
        } catch {
          status = 500
        }
        if (bugs.delayMs) await new Promise((resolve) => setTimeout(resolve, bugs.delayMs))
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(status >= 300 ? JSON.stringify({ error: `refused with ${status}` }) : '')
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhooks/plazo`,
    get received() {
      return received
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
