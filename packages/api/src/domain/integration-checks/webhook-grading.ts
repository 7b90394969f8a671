import type { WebhookCheckId } from '@plazo/contract'
import type { RequestLogEntry } from '../devtools/request-log.ts'
import { describeCall, listed, plural, type Verdict } from './report.ts'
import { type Battery, STALE_BY_SECONDS, UNKNOWN_EVENT_TYPE, UNKNOWN_FIELD } from './webhook-battery.ts'

/** What the handler answered to one notification. */
export interface DeliveryAnswer {
  delivery_id: string
  /** The HTTP status, or null when no answer came (refused connection, timeout…). */
  status_code: number | null
  duration_ms: number
  error?: string | undefined
  response_excerpt?: string | undefined
}

/** The documented bound: 95 % of notifications answered within 5 s (docs: the guide's delivery.latency). */
export const DEFAULT_LATENCY_THRESHOLD_MS = 5_000

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

const acknowledged = (answer: DeliveryAnswer | undefined): boolean =>
  answer?.status_code !== null &&
  answer?.status_code !== undefined &&
  answer.status_code >= 200 &&
  answer.status_code <= 299

/** `answered 204 in 12 ms`, `answered 500 in 3 ms: {"error":…}`, `no answer (connect ECONNREFUSED…)`. */
function said(answer: DeliveryAnswer | undefined): string {
  if (!answer) return 'no answer was reported'
  if (answer.status_code === null)
    return `no answer (${answer.error ?? 'no HTTP response'}) after ${answer.duration_ms} ms`
  const excerpt = answer.response_excerpt?.trim()
  return `answered ${answer.status_code} in ${answer.duration_ms} ms${excerpt ? `: ${excerpt.slice(0, 160)}` : ''}`
}

/** The 95th percentile (nearest rank) of some durations. */
export function percentile95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil(0.95 * sorted.length)
  return sorted[Math.max(0, rank - 1)] ?? 0
}

/**
 * Grades a webhooks run: each notification's answer, and what the handler did afterwards on the notification's
 * session (its calls in the request log, the session's id in their path). A session is the run's own, made for
 * one check, so a call on it can only come from handling that check's notifications.
 */
export function gradeWebhooks(
  battery: Battery,
  answers: ReadonlyMap<string, DeliveryAnswer>,
  calls: readonly RequestLogEntry[],
  options: { latencyThresholdMs: number },
): Record<WebhookCheckId, Verdict> {
  const on = (sessionId: string) => calls.filter((call) => call.path.includes(sessionId))
  const writesOn = (sessionId: string) => on(sessionId).filter((call) => !READS.has(call.method))
  const readsOn = (sessionId: string) => on(sessionId).filter((call) => READS.has(call.method))
  const of = (check: WebhookCheckId) => battery.notifications.filter((n) => n.check_id === check)
  const answer = (id: string | undefined) => (id === undefined ? undefined : answers.get(id))
  const tag = (n: { id: string; event_id: string; checkout_session_id: string }) =>
    `delivery ${n.id}, event ${n.event_id}, session ${n.checkout_session_id}`

  const baselineWrites = writesOn(battery.baseline_session_id)
  const baselineAcknowledged = acknowledged(answer(of('signature.valid')[0]?.id))

  /** A notification that must be acknowledged, and nothing more. */
  const mustAcknowledge = (check: WebhookCheckId, what: string): Verdict => {
    const [n] = of(check)
    if (!n) return { status: 'skip', detail: 'Not prepared.' }
    const got = answer(n.id)
    if (acknowledged(got)) return { status: 'pass', detail: `${capital(said(got))} (${tag(n)}).` }
    return {
      status: 'fail',
      detail: `${capital(what)}: your handler ${said(got)} (${tag(n)}). Answer 2XX, or Plazo retries it for days.`,
    }
  }

  /** A notification that must be refused, its session left alone. */
  const mustRefuse = (check: WebhookCheckId, what: string, n = of(check)[0]): Verdict => {
    if (!n) return { status: 'skip', detail: 'Not prepared.' }
    const got = answer(n.id)
    const writes = writesOn(n.checkout_session_id)
    const reads = readsOn(n.checkout_session_id)
    const acted =
      writes.length > 0 ? ` It then called the API on the session: ${listed(writes.map(describeCall))}.` : ''
    if (acknowledged(got))
      return {
        status: 'fail',
        detail: `${capital(what)}, and your handler accepted it: it ${said(got)} (${tag(n)}).${acted}`,
      }
    if (got?.status_code === null || got === undefined)
      return {
        status: 'fail',
        detail: `${capital(what)}: ${said(got)} (${tag(n)}). Refuse it with a 4XX answer.`,
      }
    // The genuine notification of a replay was handled: only what goes beyond one delivery's work counts.
    const extra = n.signing === 'replayed' ? writes.length > baselineWrites.length : writes.length > 0
    if (extra)
      return {
        status: 'fail',
        detail: `${capital(what)}; your handler ${said(got)} but acted on it anyway: ${listed(writes.map(describeCall))} (${tag(n)}).`,
      }
    if (got.status_code !== null && got.status_code >= 500)
      return {
        status: 'warn',
        detail: `${capital(what)}; your handler ${said(got)} (${tag(n)}). Refused, but a 5XX reads as an outage: answer 400 or 401 when a signature does not verify.`,
      }
    if (n.signing !== 'replayed' && reads.length > 0)
      return {
        status: 'warn',
        detail: `${capital(what)}; your handler ${said(got)}, but read the session first: ${listed(reads.map(describeCall))} (${tag(n)}). Verify the signature before any call, so a forger cannot make you call the API.`,
      }
    return {
      status: 'pass',
      detail: `${capital(said(got))}, and made no API call on its session (${tag(n)}).`,
    }
  }

  const verdicts = {} as Record<WebhookCheckId, Verdict>
  verdicts['signature.valid'] = mustAcknowledge(
    'signature.valid',
    'a notification signed with your current secret',
  )
  verdicts['signature.forged'] = mustRefuse(
    'signature.forged',
    'a notification signed with a secret that is not yours',
  )
  const [genuine, replayed] = of('signature.tampered')
  verdicts['signature.tampered'] = mustRefuse(
    'signature.tampered',
    `a notification sent again with its genuine headers and its status changed from "approved" to "confirmed"${
      genuine && !acknowledged(answer(genuine.id))
        ? ` (the genuine one, ${genuine.id}, was not acknowledged either: ${said(answer(genuine.id))})`
        : ''
    }`,
    replayed,
  )
  verdicts['signature.stale'] = mustRefuse(
    'signature.stale',
    `a notification whose webhook-timestamp is ${STALE_BY_SECONDS / 60} minutes old (a replay)`,
  )
  verdicts['signature.missing'] = mustRefuse(
    'signature.missing',
    'a notification without a webhook-signature header',
  )
  verdicts['signature.rotation'] = mustAcknowledge(
    'signature.rotation',
    'a notification whose webhook-signature holds two signatures, a new secret’s first and your current one’s second, as during a rotation (check every space-separated entry)',
  )

  verdicts['delivery.duplicate'] = (() => {
    const [first, second] = of('delivery.duplicate')
    if (!first || !second) return { status: 'skip', detail: 'Not prepared.' }
    const answered = [answer(first.id), answer(second.id)]
    if (!answered.every(acknowledged))
      return {
        status: 'fail',
        detail: `The same notification twice: your handler ${said(answered[0])}, then ${said(answered[1])} (${tag(first)}, then ${second.id}). Answer 2XX to a notification you have already handled.`,
      }
    const writes = writesOn(first.checkout_session_id)
    const repeated = writes.filter(
      (call, i) =>
        writes.findIndex((other) => other.method === call.method && other.path === call.path) !== i,
    )
    const more = baselineAcknowledged && writes.length > baselineWrites.length
    if (repeated.length > 0 || more)
      return {
        status: 'fail',
        detail: `The same notification twice, both acknowledged, but acted on twice: ${listed(writes.map(describeCall))}${
          baselineAcknowledged
            ? ` (one delivery of the same event made ${plural(baselineWrites.length, 'call')}: signature.valid)`
            : ''
        } (${tag(first)}). Deduplicate on webhook-id.`,
      }
    return {
      status: 'pass',
      detail: `Both acknowledged (${said(answered[0])}; ${said(answered[1])}), with ${plural(writes.length, 'state-changing call')} on the session, as for one delivery (${tag(first)}).`,
    }
  })()

  verdicts['delivery.out_of_order'] = (() => {
    const [newer, older] = of('delivery.out_of_order')
    if (!newer || !older) return { status: 'skip', detail: 'Not prepared.' }
    const answered = [answer(newer.id), answer(older.id)]
    const what = `The session's ${newer.event_type} (${newer.id}) first, then the ${older.event_type} "approved" that came before it (${older.id})`
    if (!answered.every(acknowledged))
      return {
        status: 'fail',
        detail: `${what}: your handler ${said(answered[0])}, then ${said(answered[1])} (session ${newer.checkout_session_id}). Acknowledge both; order events by the session's status, not by arrival.`,
      }
    const refused = writesOn(newer.checkout_session_id).filter((call) => call.status >= 400)
    if (refused.length > 0)
      return {
        status: 'warn',
        detail: `${what}: both acknowledged, but your handler then acted on the older one: ${listed(refused.map(describeCall))}. Read the session's current status before acting.`,
      }
    return { status: 'pass', detail: `${what}: both acknowledged (session ${newer.checkout_session_id}).` }
  })()

  verdicts['delivery.unknown_event'] = mustAcknowledge(
    'delivery.unknown_event',
    `a notification of an event type your handler does not know ("${UNKNOWN_EVENT_TYPE}")`,
  )
  verdicts['delivery.unknown_fields'] = mustAcknowledge(
    'delivery.unknown_fields',
    `a notification with a field your handler does not know ("${UNKNOWN_FIELD}", at the top and in selected_payment_intent)`,
  )

  verdicts['delivery.latency'] = (() => {
    const timed = battery.notifications
      .map((n) => ({ n, got: answer(n.id) }))
      .filter(
        (entry): entry is { n: (typeof battery.notifications)[number]; got: DeliveryAnswer } =>
          entry.got !== undefined,
      )
    if (timed.length === 0) return { status: 'fail', detail: 'No notification was answered.' }
    const p95 = percentile95(timed.map(({ got }) => got.duration_ms))
    const slowest = [...timed].sort((a, b) => b.got.duration_ms - a.got.duration_ms)[0]
    const slow = slowest ? `; slowest ${slowest.got.duration_ms} ms (${slowest.n.id})` : ''
    const summary = `95th percentile ${p95} ms over ${plural(timed.length, 'notification')}${slow}`
    if (p95 <= options.latencyThresholdMs) return { status: 'pass', detail: `${summary}.` }
    return {
      status: 'fail',
      detail: `${summary}: above ${options.latencyThresholdMs} ms. Answer first and do the work afterwards (a queue), or Plazo times out and sends it again.`,
    }
  })()

  return verdicts
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
