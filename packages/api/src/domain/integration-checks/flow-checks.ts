import type { CheckoutSession, FlowCheckId } from '@plazo/contract'
import { TRY_IN_FLIGHT } from '../../storage/event-claims.ts'
import type { RequestLogEntry } from '../devtools/request-log.ts'
import type { WebhookEventRecord } from '../webhooks/webhook-service.ts'
import { describeCall, listed, plural, type Verdict } from './report.ts'

/** A session in the flow's scope, with its events (and their tries) and the merchant's sandbox clock. */
export interface FlowSession {
  document: CheckoutSession
  events: WebhookEventRecord[]
}

export interface FlowInput {
  /** The merchant's calls in scope, oldest first (test helpers, logins and the run's own calls left out). */
  calls: readonly RequestLogEntry[]
  sessions: readonly FlowSession[]
  /** What the scope is, for the details: `session 4b1c…` or `the last 60 minutes`. */
  scope: string
  /** The merchant's sandbox clock now, for the time windows. */
  sandboxNow: Date
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/** Calls the flow checks never grade: the sandbox's own helpers, logins and the integration check itself. */
export function gradedCall(call: RequestLogEntry): boolean {
  return !call.path.startsWith('/api/v2/test-helpers/') && !call.path.startsWith('/api/v2/auth/')
}

/** The session ids a call is about: those in its path, and the one a create answered. */
export function sessionIdsOf(call: RequestLogEntry): string[] {
  const ids: string[] = [...(call.path.match(UUID) ?? [])]
  const body = call.response_body as { checkout_session_id?: unknown } | null
  if (call.method === 'POST' && typeof body?.checkout_session_id === 'string')
    ids.push(body.checkout_session_id)
  return ids
}

/** `/api/v2/checkout/<id>/confirm/` → `/api/v2/checkout/<id>/confirm`. */
const bare = (path: string) => path.replace(/\/+$/, '')
const succeeded = (call: RequestLogEntry) => call.status >= 200 && call.status <= 299
const at = (text: string) => Date.parse(text)
const minutes = (ms: number) => `${Math.max(0, Math.round(ms / 60_000))} min`

/** The real time the customer's application was approved: the first event that says so. */
function approvedAt(session: FlowSession): WebhookEventRecord | undefined {
  return session.events.find(
    (event) =>
      (event.type === 'payment_intent_status_changed' && event.payload.status === 'approved') ||
      (event.type === 'checkout_session_status_changed' && event.payload.status === 'confirmed'),
  )
}

function firstEvent(session: FlowSession, type: string, status: string): WebhookEventRecord | undefined {
  return session.events.find((event) => event.type === type && event.payload.status === status)
}

/**
 * Grades a merchant's flow from its request log and its sessions: every check of the catalogue that applies.
 * Times: the request log and the events' `created_at` are real time; the windows run on the sandbox clock
 * (`triggered_at`, `sandboxNow`).
 */
export function gradeFlow(input: FlowInput): Record<FlowCheckId, Verdict> {
  const { calls, sessions, scope } = input
  const verdicts = {} as Record<FlowCheckId, Verdict>
  const callsOn = (id: string) => calls.filter((call) => sessionIdsOf(call).includes(id))
  const idOf = (session: FlowSession) => session.document.id

  // flow.idempotency_key
  {
    const posts = calls.filter((call) => call.method === 'POST')
    const missing = posts.filter((call) => !call.idempotency_key)
    verdicts['flow.idempotency_key'] =
      posts.length === 0
        ? { status: 'skip', detail: `No POST in ${scope}.` }
        : missing.length > 0
          ? {
              status: 'fail',
              detail: `${missing.length} of ${plural(posts.length, 'POST')} in ${scope} had no Idempotency-Key: ${listed(missing.map(describeCall))}. A retry of such a call can create or capture twice.`,
            }
          : {
              status: 'pass',
              detail: `All ${plural(posts.length, 'POST')} in ${scope} carried an Idempotency-Key.`,
            }
  }

  // flow.token_reuse
  {
    const withLogin = calls.filter((call) => call.login_id !== null)
    const logins = new Map<string, RequestLogEntry[]>()
    for (const call of withLogin)
      logins.set(call.login_id as string, [...(logins.get(call.login_id as string) ?? []), call])
    if (withLogin.length < 2)
      verdicts['flow.token_reuse'] = {
        status: 'skip',
        detail: `${plural(withLogin.length, 'call')} in ${scope}: too few to tell.`,
      }
    else if (logins.size === withLogin.length)
      verdicts['flow.token_reuse'] = {
        status: 'fail',
        detail: `Each of the ${withLogin.length} calls in ${scope} was made with a new login: ${listed(withLogin.map(describeCall))}. Log in once and reuse the access token until it expires (expires_in), then refresh it.`,
      }
    else if (logins.size > 1 && logins.size * 2 > withLogin.length)
      verdicts['flow.token_reuse'] = {
        status: 'warn',
        detail: `${plural(withLogin.length, 'call')} in ${scope} made with ${plural(logins.size, 'login')}: more than one login for every two calls. Keep the token between requests.`,
      }
    else
      verdicts['flow.token_reuse'] = {
        status: 'pass',
        detail: `${plural(withLogin.length, 'call')} in ${scope} made with ${plural(logins.size, 'login')}.`,
      }
  }

  // flow.return_verified: hosted-page sessions whose customer was sent back to success_url.
  {
    const outcomes: Array<{ fail: boolean; warn: boolean; text: string }> = []
    for (const session of sessions) {
      const successUrl = session.document.hpp?.merchant_urls?.success_url
      const approval = approvedAt(session)
      if (session.document.mode !== 'hpp' || !successUrl || !approval) continue
      const back = at(approval.created_at)
      const after = callsOn(idOf(session)).filter((call) => at(call.created_at) >= back)
      const trust = after.find(
        (call) => call.method === 'POST' && /\/(confirm|capture)$/.test(bare(call.path)),
      )
      const reads = after.filter(
        (call) =>
          call.method === 'GET' &&
          bare(call.path).endsWith(idOf(session)) &&
          succeeded(call) &&
          (trust === undefined || at(call.created_at) <= at(trust.created_at)) &&
          (trust === undefined || call.request_id !== trust.request_id),
      )
      const name = `Session ${idOf(session)}`
      if (trust && reads.length === 0)
        outcomes.push({
          fail: true,
          warn: false,
          text: `${name}: after the customer came back (${approval.created_at}), ${describeCall(trust)} without reading the session first: anyone can open your success_url.`,
        })
      else if (!trust && reads.length === 0)
        outcomes.push({
          fail: false,
          warn: true,
          text: `${name}: never read after the customer came back (${approval.created_at}). If your success page says the order is paid, read the session first.`,
        })
      else
        outcomes.push({
          fail: false,
          warn: false,
          text: `${name}: read (request ${reads[0]?.request_id}) after the customer came back${trust ? `, before ${trust.method} ${trust.path}` : ''}.`,
        })
    }
    verdicts['flow.return_verified'] = summarise(
      outcomes,
      `No hosted-page session with a success_url was completed in ${scope}.`,
    )
  }

  // flow.confirm_window and flow.capture_window
  {
    const confirms: Array<{ fail: boolean; warn: boolean; text: string; pending?: boolean }> = []
    const captures: Array<{ fail: boolean; warn: boolean; text: string; pending?: boolean }> = []
    for (const session of sessions) {
      const document = session.document
      const mode = document.merchant.checkout_mode
      const own = callsOn(idOf(session))
      const cancelledByYou = own.some((call) => call.method === 'DELETE' && succeeded(call))
      const cancelled = firstEvent(session, 'checkout_session_status_changed', 'cancelled')
      const name = `Session ${idOf(session)}`
      const approval = firstEvent(session, 'payment_intent_status_changed', 'approved')
      if (mode === 'delegated' && approval) {
        const confirm = own.find(
          (call) => call.method === 'POST' && /\/confirm$/.test(bare(call.path)) && succeeded(call),
        )
        const window = document.merchant.max_interval_in_minutes_for_confirm
        if (confirm)
          confirms.push({
            fail: false,
            warn: false,
            text: `${name}: confirmed ${minutes(at(confirm.created_at) - at(approval.created_at))} after approval (request ${confirm.request_id}).`,
          })
        else if (cancelled && !cancelledByYou)
          confirms.push({
            fail: true,
            warn: false,
            text: `${name}: approved at ${approval.payload.triggered_at} and cancelled by Plazo at ${cancelled.payload.triggered_at}${window ? `, when its ${window}-minute confirm window (max_interval_in_minutes_for_confirm) passed` : ''}, never confirmed.`,
          })
        else if (!cancelled)
          confirms.push({
            fail: false,
            warn: false,
            pending: true,
            text: `${name}: approved, not confirmed yet${window ? `; Plazo cancels it at ${new Date(at(approval.payload.triggered_at) + window * 60_000).toISOString()} (sandbox clock)` : ''}.`,
          })
      }
      const confirmation = firstEvent(session, 'checkout_session_status_changed', 'confirmed')
      if ((mode === 'delegated' || mode === 'auto_confirm') && confirmation) {
        const capture = own.find(
          (call) => call.method === 'POST' && /\/capture$/.test(bare(call.path)) && succeeded(call),
        )
        const window = document.merchant.max_interval_in_minutes_for_capture
        if (capture)
          captures.push({
            fail: false,
            warn: false,
            text: `${name}: captured ${minutes(at(capture.created_at) - at(confirmation.created_at))} after confirmation (request ${capture.request_id}).`,
          })
        else if (cancelled && !cancelledByYou && at(cancelled.created_at) >= at(confirmation.created_at))
          captures.push({
            fail: true,
            warn: false,
            text: `${name}: confirmed at ${confirmation.payload.triggered_at} and cancelled by Plazo at ${cancelled.payload.triggered_at}${window ? `, when its ${window}-minute capture window (max_interval_in_minutes_for_capture) passed` : ''}, never captured.`,
          })
        else if (!cancelled)
          captures.push({
            fail: false,
            warn: false,
            pending: true,
            text: `${name}: confirmed, not captured yet${window ? `; Plazo cancels it at ${new Date(at(confirmation.payload.triggered_at) + window * 60_000).toISOString()} (sandbox clock)` : ''}.`,
          })
      }
    }
    verdicts['flow.confirm_window'] = summarise(confirms, `No approved delegated-mode order in ${scope}.`)
    verdicts['flow.capture_window'] = summarise(
      captures,
      `No order confirmed in auto_confirm or delegated mode in ${scope} (auto_capture orders are captured by Plazo).`,
    )
  }

  // flow.no_repeated_4xx
  {
    const refused = calls.filter(
      (call) =>
        call.status >= 400 &&
        call.status <= 499 &&
        call.status !== 429 &&
        (call.response_body as { exception?: unknown } | null)?.exception !== 'plazo.idempotency.in_progress',
    )
    const repeats: string[] = []
    for (const call of refused) {
      const body = JSON.stringify(call.request_body)
      const again = calls.find(
        (later) =>
          at(later.created_at) >= at(call.created_at) &&
          later.request_id !== call.request_id &&
          calls.indexOf(later) > calls.indexOf(call) &&
          later.method === call.method &&
          bare(later.path) === bare(call.path) &&
          JSON.stringify(later.request_body) === body,
      )
      if (again) repeats.push(`${describeCall(call)}, sent again unchanged: ${describeCall(again)}`)
    }
    verdicts['flow.no_repeated_4xx'] =
      refused.length === 0
        ? { status: 'pass', detail: `No 4xx answers in ${scope}.` }
        : repeats.length > 0
          ? {
              status: 'fail',
              detail: `${listed(repeats, 3)}. A 4xx does not change by itself: read its error, fix the request, then send it.`,
            }
          : {
              status: 'pass',
              detail: `${plural(refused.length, '4xx answer')} in ${scope}, none repeated unchanged.`,
            }
  }

  // flow.notifications_acknowledged
  {
    const tried = sessions.flatMap((session) =>
      session.events
        .filter((event) => event.attempts.length > 0 && event.attempts[0]?.status_code !== undefined)
        .map((event) => ({ session, event, first: event.attempts[0] })),
    )
    const answered = tried.filter(({ first }) => first?.error !== TRY_IN_FLIGHT)
    const refused = answered.filter(
      ({ first }) =>
        first?.status_code === null || (first?.status_code ?? 0) < 200 || (first?.status_code ?? 0) > 299,
    )
    verdicts['flow.notifications_acknowledged'] =
      answered.length === 0
        ? {
            status: 'skip',
            detail: `No notification was sent for the sessions of ${scope} (no notification_url, or none tried yet).`,
          }
        : refused.length > 0
          ? {
              status: 'fail',
              detail: `${refused.length} of ${plural(answered.length, 'notification')} not acknowledged on the first try: ${listed(
                refused.map(
                  ({ event, first }) =>
                    `${event.type} ${event.event_id} → ${first?.status_code ?? first?.error ?? 'no answer'}${first?.response_excerpt ? ` ${first.response_excerpt.slice(0, 120)}` : ''}`,
                ),
              )}.`,
            }
          : {
              status: 'pass',
              detail: `${plural(answered.length, 'notification')}, each acknowledged on its first try.`,
            }
  }

  return verdicts
}

/** One verdict from per-session outcomes: a failure fails, a warning warns, else pass (or skip when none). */
function summarise(
  outcomes: ReadonlyArray<{ fail: boolean; warn: boolean; text: string; pending?: boolean }>,
  none: string,
): Verdict {
  const decided = outcomes.filter((outcome) => !outcome.pending)
  const text = `${listed(
    outcomes.map((outcome) => outcome.text.replace(/\.$/, '')),
    4,
  )}.`
  if (outcomes.length === 0) return { status: 'skip', detail: none }
  if (outcomes.some((outcome) => outcome.fail)) return { status: 'fail', detail: text }
  if (outcomes.some((outcome) => outcome.warn)) return { status: 'warn', detail: text }
  if (decided.length === 0) return { status: 'skip', detail: text }
  return { status: 'pass', detail: text }
}
