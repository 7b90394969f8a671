import { createHmac, timingSafeEqual } from 'node:crypto'
import { PlazoSignatureVerificationError } from './errors.ts'
import type { WebhookEvent } from './types.ts'

/** Headers as Node's `IncomingMessage.headers`, a Fetch `Headers`, or a plain object. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from this clock, in seconds (default 300: five minutes). */
  toleranceSeconds?: number
  /** The clock, in milliseconds (tests). */
  now?: () => number
}

const DEFAULT_TOLERANCE_SECONDS = 300

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined
  const value = headers[name] ?? headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

function fail(reason: PlazoSignatureVerificationError['reason'], message: string): never {
  throw new PlazoSignatureVerificationError(reason, message)
}

/**
 * Checks a webhook's Standard Webhooks signature and returns its event. `rawBody` must be the bytes as received
 * (parse the JSON after, not before: a re-serialised body no longer matches). `secret` is the `whsec_…` value of
 * `webhooks.secret()`. During a secret rotation the API sends two signatures, one per secret: either matches.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  const signatures = header(headers, 'webhook-signature')
  if (!id || !timestamp || !signatures) {
    fail('missing_header', 'The webhook-id, webhook-timestamp or webhook-signature header is missing')
  }
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64')
  if (key.length === 0) fail('invalid_secret', 'The webhook secret is empty or not base64 (whsec_…)')
  if (!/^\d{1,12}$/.test(timestamp))
    fail('invalid_timestamp', `webhook-timestamp is not Unix seconds: ${timestamp}`)

  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  const now = Math.floor((options.now ?? Date.now)() / 1000)
  const sent = Number(timestamp)
  if (now - sent > tolerance)
    fail('timestamp_too_old', `The webhook was signed ${now - sent} s ago (tolerance ${tolerance} s)`)
  if (sent - now > tolerance)
    fail('timestamp_too_new', `The webhook is dated ${sent - now} s ahead (tolerance ${tolerance} s)`)

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody)
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest()
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2)
    if (version !== 'v1' || value === undefined) return false
    const given = Buffer.from(value, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) fail('no_matching_signature', 'No webhook-signature matches this secret and body')

  try {
    return JSON.parse(body.toString('utf8')) as WebhookEvent
  } catch {
    return fail('invalid_body', 'The signed body is not JSON')
  }
}
