// The dashboard's calls: its own (/dashboard/api/…: account, sign-in, sign-up, search) and the merchant API's
// (/dashboard/api/v2/…, the API itself answering, signed in by the HttpOnly session cookie: docs/adr/0016).
// The page never holds a token or a password after a form is sent. An answer that is not a 2XX becomes an
// ApiProblem with the API's own message, shown to the tester as it is.
import type {
  CheckoutSession,
  DashboardAccount,
  DashboardConfig,
  DashboardNewSessionMessage,
  DashboardStreamMessage,
  EventSummarySchema,
  IntegrationCheckRequestSchema,
  IntegrationCheckRunSchema,
  OperationSchema,
  RefundRequest,
  RequestLogEntrySchema,
  Static,
  WebhookEventRecordSchema,
  WebhookSecretSchema,
} from '@plazo/contract'

export type WebhookEventRecord = Static<typeof WebhookEventRecordSchema>
export type EventSummary = Static<typeof EventSummarySchema>
export type RequestLogEntry = Static<typeof RequestLogEntrySchema>
export type WebhookSecret = Static<typeof WebhookSecretSchema>
export type Operation = Static<typeof OperationSchema>
export type IntegrationCheckRequest = Static<typeof IntegrationCheckRequestSchema>
export type IntegrationCheckRun = Static<typeof IntegrationCheckRunSchema>
export type IntegrationCheckResult = IntegrationCheckRun['checks'][number]
export type { CheckoutSession, DashboardAccount, DashboardNewSessionMessage, DashboardStreamMessage }

const BASE = '/dashboard/api'
/** The signed-in merchant's live updates (Server-Sent Events, the session cookie; docs/adr/0016). */
export const STREAM_URL = `${BASE}/stream`

export interface SchemaError {
  field: string
  message: string
}

/** An API answer that is not a success: its status, `exception` and message as the API wrote them. */
export class ApiProblem extends Error {
  override readonly name = 'ApiProblem'
  constructor(
    readonly status: number,
    readonly exception: string,
    message: string,
    readonly schemaErrors: SchemaError[] = [],
    /** Seconds to wait, from Retry-After (429). */
    readonly retryAfter?: number,
    readonly requestId?: string,
  ) {
    super(message)
  }
}

/** Called when the session cookie is missing or no longer valid: the app goes to the sign-in page. */
let onSignedOut: () => void = () => {}
export function whenSignedOut(listener: () => void): void {
  onSignedOut = listener
}

/** A random Idempotency-Key: a retried click never acts twice. */
function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // crypto.randomUUID exists only on https and localhost; a sandbox on plain http elsewhere gets the same bits.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method === 'POST' && path.startsWith('/v2/')) headers['idempotency-key'] = idempotencyKey()
  let response: Response
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch (error) {
    throw new ApiProblem(0, 'network', (error as Error).message)
  }
  const text = await response.text()
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = text
  }
  if (response.ok) return json as T
  const requestId = response.headers.get('x-request-id') ?? undefined
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN)
  const problem = (json ?? {}) as Record<string, unknown>
  if (response.status === 401 && !path.startsWith('/sign-')) onSignedOut()
  throw new ApiProblem(
    response.status,
    String(problem.exception ?? problem.error ?? 'error'),
    String(problem.error_description ?? problem.error ?? (text || `HTTP ${response.status}`)),
    Array.isArray(problem.schema_errors) ? (problem.schema_errors as SchemaError[]) : [],
    Number.isFinite(retryAfter) ? retryAfter : undefined,
    requestId,
  )
}

export interface SessionQuery {
  status?: string
  mode?: string
  created_from?: string
  created_to?: string
  limit?: number
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

type Ok<T> = { status: 'ok'; payload: T }

export const api = {
  config: () => call<DashboardConfig>('GET', '/config'),
  account: () => call<DashboardAccount>('GET', '/account'),
  signIn: (email: string, password: string) =>
    call<DashboardAccount>('POST', '/sign-in', { email, password }),
  signUp: (body: Record<string, string>) => call<DashboardAccount>('POST', '/sign-up', body),
  signOut: () => call<unknown>('POST', '/sign-out', {}),
  changePassword: (current: string, next: string) =>
    call<unknown>('POST', '/account/password', { current_password: current, new_password: next }),
  deleteAccount: (email: string) => call<unknown>('DELETE', '/account', { email }),
  search: (q: string) => call<Ok<CheckoutSession[]>>('GET', `/sessions/search${query({ q })}`),

  sessions: (q: SessionQuery) =>
    call<Ok<CheckoutSession[]> & { has_more: boolean }>('GET', `/v2/checkout${query({ ...q })}`),
  session: (id: string) => call<Ok<CheckoutSession>>('GET', `/v2/checkout/${encodeURIComponent(id)}`),
  events: (sessionId: string) =>
    call<Ok<WebhookEventRecord[]>>('GET', `/v2/webhooks/events${query({ checkout_session_id: sessionId })}`),
  /** Failing first on the server too: a failed event older than the latest `limit` is still listed. */
  latestEvents: (limit: number) =>
    call<Ok<EventSummary[]>>('GET', `/v2/webhooks/events/latest${query({ limit, order: 'failing_first' })}`),
  redeliver: (eventId: string) =>
    call<Ok<WebhookEventRecord>>('POST', `/v2/webhooks/events/${eventId}/redeliver`),
  secret: () => call<Ok<WebhookSecret>>('GET', '/v2/webhooks/secret'),
  rotateSecret: () => call<Ok<WebhookSecret>>('POST', '/v2/webhooks/secret/rotate', {}),
  requestLog: (q: { status?: string; path?: string; limit?: number }) =>
    call<Ok<RequestLogEntry[]>>('GET', `/v2/test-helpers/request-log${query(q)}`),
  customerAction: (id: string, action: string, paymentMethodType?: string) =>
    call<Ok<CheckoutSession>>('POST', `/v2/test-helpers/checkout/${id}/customer-action`, {
      action,
      ...(paymentMethodType ? { payment_method_type: paymentMethodType } : {}),
    }),
  confirm: (id: string) => call<Ok<CheckoutSession>>('POST', `/v2/checkout/${id}/confirm`),
  capture: (id: string) => call<Ok<Operation>>('POST', `/v2/checkout/${id}/capture`, {}),
  refund: (id: string, body: RefundRequest) => call<Ok<Operation>>('POST', `/v2/checkout/${id}/refund`, body),
  cancel: (id: string) => call<unknown>('DELETE', `/v2/checkout/${id}`),
  /** Answers the report of a flow run at once; a webhooks run answers `running`, read with `integrationCheck`. */
  startIntegrationCheck: (body: IntegrationCheckRequest) =>
    call<IntegrationCheckRun>('POST', '/v2/test-helpers/integration-checks', body),
  integrationCheck: (id: string) =>
    call<IntegrationCheckRun>('GET', `/v2/test-helpers/integration-checks/${encodeURIComponent(id)}`),
  advanceClock: (minutes: number) =>
    call<Ok<{ now: string; offset_minutes: number; timers_run: number }>>(
      'POST',
      '/v2/test-helpers/clock/advance',
      {
        minutes,
      },
    ),
}
