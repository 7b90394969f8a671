import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { DeliveryAnswersRequestSchema, IntegrationCheckRequestSchema, Static } from '@plazo/contract'
import { ApiError, invalidFields } from '../../errors.ts'
import { integrationCheckRepository } from '../../storage/integration-check-repository.ts'
import { sessionRepository } from '../../storage/session-repository.ts'
import type { Database } from '../../storage/types.ts'
import type { Principal } from '../auth/index.ts'
import type { LifecycleService } from '../checkout/lifecycle-service.ts'
import type { SessionService } from '../checkout/session-service.ts'
import { REQUEST_LOG_HOURS, type RequestLog } from '../devtools/request-log.ts'
import type { Clock } from '../sandbox/clock.ts'
import type { CertificateStore } from '../webhooks/certificates.ts'
import { NotificationSender, USER_AGENT } from '../webhooks/sender.ts'
import type { WebhookService } from '../webhooks/webhook-service.ts'
import { type FlowSession, gradedCall, gradeFlow, sessionIdsOf } from './flow-checks.ts'
import { type CheckKind, type CheckResult, reportChecks, tally } from './report.ts'
import { type Battery, prepareBattery } from './webhook-battery.ts'
import { DEFAULT_LATENCY_THRESHOLD_MS, type DeliveryAnswer, gradeWebhooks } from './webhook-grading.ts'

export type IntegrationCheckRequest = Static<typeof IntegrationCheckRequestSchema>
export type DeliveryAnswers = Static<typeof DeliveryAnswersRequestSchema>

/** A notification prepared for the client to send (`deliver: "client"`). */
export interface PreparedDelivery {
  id: string
  check_id: string
  headers: Record<string, string>
  body: string
}

/** A run as the API answers it: the report of `plazo check --json`, with its id and status. */
export interface IntegrationCheckRun {
  id: string
  status: 'running' | 'done'
  kind: CheckKind
  created_at: string
  passed: number
  failed: number
  warned: number
  checks: CheckResult[]
  deliveries?: PreparedDelivery[]
}

/** What a run keeps (`integration_checks.check_document`). */
interface StoredRun {
  request: IntegrationCheckRequest
  deliver?: 'sandbox' | 'client'
  battery?: Battery
  checks?: CheckResult[]
  /** Why a run ended without a report (Plazo's own failure). */
  error?: string
}

export interface IntegrationCheckOptions {
  /**
   * How long a webhooks run waits, after the last answer, for what the handler does with the notifications
   * (its calls reach the request log within 100 ms of being answered, on any node). Default 2 s.
   */
  settleMs?: number
  /** The 95th-percentile answer time `delivery.latency` allows; 5 s, as documented. Tests lower it. */
  latencyThresholdMs?: number
  /** How long the sandbox waits for each answer (default 15 s, as the outbox). */
  timeoutMs?: number
  /**
   * How long a webhooks run may stay `running` before it is reported as interrupted (the node sending it
   * stopped, or a CLI never posted its answers). Default: every notification's full timeout, the settling
   * time and a minute more.
   */
  runDeadlineMs?: number
}

const DEFAULT_SETTLE_MS = 2_000
const DEFAULT_TIMEOUT_MS = 15_000
const DEFAULT_SINCE_MINUTES = 60
/** A flow run reads at most this many sessions' events. */
const MAX_FLOW_SESSIONS = 200

interface Dependencies {
  db: Database
  now: () => Date
  clock: Clock
  sessions: SessionService
  lifecycle: LifecycleService
  webhooks: WebhookService
  certificates: CertificateStore
  requestLog: RequestLog
  /** The docs site the reports link to (config PLAZO_DOCS_URL). */
  docsUrl: string
  /** The log of the app, for a run that fails in Plazo itself. */
  log?: { error(object: object, message: string): void }
}

/**
 * The integration check (issue 39, docs/adr/0017): the one grading engine that `plazo check`, the MCP tool
 * `run_integration_check`, the dashboard and any HTTP client use. A flow run grades the request log and the
 * sessions at once; a webhooks run prepares a battery of notifications from real events of sessions it makes,
 * sends them (or hands them to the client, which reports the answers), waits for what the handler does, then
 * grades. Runs live in the database, so any API node answers for any run.
 */
export class IntegrationChecks {
  readonly #deps: Dependencies
  readonly #settleMs: number
  readonly #latencyThresholdMs: number
  readonly #sender: NotificationSender
  readonly #running = new Set<Promise<void>>()
  readonly #runDeadlineMs: number | undefined
  readonly #timeoutMs: number

  constructor(deps: Dependencies, options: IntegrationCheckOptions = {}) {
    this.#deps = deps
    this.#settleMs = options.settleMs ?? DEFAULT_SETTLE_MS
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.#runDeadlineMs = options.runDeadlineMs
    this.#latencyThresholdMs = options.latencyThresholdMs ?? DEFAULT_LATENCY_THRESHOLD_MS
    this.#sender = new NotificationSender({
      certificates: deps.certificates,
      now: deps.now,
      timeoutMs: this.#timeoutMs,
    })
  }

  async start(principal: Principal, request: IntegrationCheckRequest): Promise<IntegrationCheckRun> {
    checkRequest(request)
    const id = randomUUID()
    const now = this.#deps.now()
    const stored: StoredRun = { request }
    if (request.kind === 'flow') {
      const checks = await this.#flow(principal, request)
      const done: StoredRun = { ...stored, checks }
      await integrationCheckRepository.insert(this.#deps.db, {
        id,
        merchantId: principal.merchantId,
        kind: 'flow',
        status: 'done',
        document: done,
        at: now,
      })
      return toRun(id, 'done', now.toISOString(), done)
    }
    const deliver = request.deliver ?? 'sandbox'
    await integrationCheckRepository.insert(this.#deps.db, {
      id,
      merchantId: principal.merchantId,
      kind: 'webhooks',
      status: 'running',
      document: { ...stored, deliver },
      at: now,
    })
    let battery: Battery
    try {
      battery = await prepareBattery(this.#deps, principal, id)
    } catch (error) {
      // Not left `running` for ever: the run ends, its report saying why, and the call answers the error.
      const detail = `The sandbox could not prepare the run: ${error instanceof Error ? error.message : String(error)}`
      const checks = reportChecks('webhooks', {}, this.#deps.docsUrl).map((check) => ({ ...check, detail }))
      await integrationCheckRepository.update(
        this.#deps.db,
        id,
        'done',
        { ...stored, deliver, checks },
        this.#deps.now(),
      )
      throw error
    }
    const prepared: StoredRun = { ...stored, deliver, battery }
    await integrationCheckRepository.update(this.#deps.db, id, 'running', prepared, this.#deps.now())
    if (deliver === 'sandbox') this.#track(this.#deliverAndGrade(principal.merchantId, id, prepared))
    return toRun(id, 'running', now.toISOString(), prepared)
  }

  async get(merchantId: string, id: string): Promise<IntegrationCheckRun> {
    const row = await integrationCheckRepository.find<StoredRun>(this.#deps.db, merchantId, id)
    if (!row) throw new ApiError('INTEGRATION_CHECK_NOT_FOUND', { id })
    if (row.status !== 'done' && this.#pastDeadline(row.created_at, row.check_document)) {
      const detail =
        'The run was interrupted before it was graded (the sandbox stopped while it ran, or the CLI never sent ' +
        'its answers), so nothing was checked. Run it again.'
      const checks = reportChecks('webhooks', {}, this.#deps.docsUrl).map((check) => ({
        ...check,
        status: 'fail' as const,
        detail,
      }))
      const done: StoredRun = { ...row.check_document, checks }
      // Only while it is still running: a node that just finished it wrote the real report first.
      if (await integrationCheckRepository.update(this.#deps.db, id, 'done', done, this.#deps.now()))
        return toRun(row.id, 'done', row.created_at, done)
      return this.get(merchantId, id)
    }
    return toRun(row.id, row.status === 'done' ? 'done' : 'running', row.created_at, row.check_document)
  }

  /** Whether a run still `running` has outlived every wait it could be in (see runDeadlineMs). */
  #pastDeadline(createdAt: string, stored: StoredRun): boolean {
    const notifications = stored.battery?.notifications.length ?? 0
    const deadline = this.#runDeadlineMs ?? (notifications + 1) * this.#timeoutMs + this.#settleMs + 60_000
    return this.#deps.now().getTime() - Date.parse(createdAt) > deadline
  }

  /** The answers of a `deliver: "client"` run: waits for what the handler does, grades, answers the report. */
  async answer(principal: Principal, id: string, body: DeliveryAnswers): Promise<IntegrationCheckRun> {
    const row = await integrationCheckRepository.find<StoredRun>(this.#deps.db, principal.merchantId, id)
    if (!row) throw new ApiError('INTEGRATION_CHECK_NOT_FOUND', { id })
    const stored = row.check_document
    if (row.status === 'done')
      throw new ApiError('INTEGRATION_CHECK_NOT_WAITING', { id, detail: 'it is done.' })
    if (stored.deliver !== 'client' || !stored.battery)
      throw new ApiError('INTEGRATION_CHECK_NOT_WAITING', {
        id,
        detail: 'the sandbox sends its notifications itself (deliver: "sandbox").',
      })
    const known = new Set(stored.battery.notifications.map((n) => n.id))
    const unknown = body.answers.findIndex((answer) => !known.has(answer.delivery_id))
    if (unknown !== -1)
      throw invalidFields(
        [
          {
            field: `/answers/${unknown}/delivery_id`,
            message: `is not a delivery of this run (${[...known].join(', ')})`,
            keyword: 'enum',
          },
        ],
        body,
      )
    const answers = new Map<string, DeliveryAnswer>()
    for (const answer of body.answers)
      if (!answers.has(answer.delivery_id)) answers.set(answer.delivery_id, answer)
    await sleep(this.#settleMs)
    const checks = await this.#gradeWebhooks(principal.merchantId, stored.battery, answers)
    const done: StoredRun = { ...stored, checks }
    if (!(await integrationCheckRepository.update(this.#deps.db, id, 'done', done, this.#deps.now())))
      throw new ApiError('INTEGRATION_CHECK_NOT_WAITING', { id, detail: 'it is done.' })
    return toRun(id, 'done', row.created_at, done)
  }

  /** Waits for the runs this node is sending (the app closes after them) and closes the sender's sockets. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#running])
    await this.#sender.destroy()
  }

  #track(run: Promise<void>): void {
    this.#running.add(run)
    void run.finally(() => this.#running.delete(run))
  }

  async #deliverAndGrade(merchantId: string, id: string, stored: StoredRun): Promise<void> {
    const battery = stored.battery as Battery
    let document: StoredRun
    try {
      const answers = new Map<string, DeliveryAnswer>()
      const url = (stored.request as { url: string }).url
      for (const notification of battery.notifications) {
        const started = performance.now()
        const outcome = await this.#sender.send(notification.event_id, notification.body, {
          url,
          auth: battery.auth,
          secrets: [],
          signatureHeaders: notification.signature_headers,
        })
        answers.set(notification.id, {
          delivery_id: notification.id,
          status_code: outcome.statusCode,
          duration_ms: Math.round(performance.now() - started),
          error: outcome.statusCode === null ? (outcome.error ?? undefined) : undefined,
          response_excerpt: outcome.responseExcerpt,
        })
      }
      await sleep(this.#settleMs)
      document = { ...stored, checks: await this.#gradeWebhooks(merchantId, battery, answers) }
    } catch (error) {
      this.#deps.log?.error({ err: error, integration_check_id: id }, 'integration check failed')
      const message = error instanceof Error ? error.message : String(error)
      document = {
        ...stored,
        error: message,
        checks: reportChecks(
          'webhooks',
          Object.fromEntries(
            battery.notifications.map((n) => [
              n.check_id,
              { status: 'skip', detail: `The sandbox could not finish the run: ${message}` },
            ]),
          ),
          this.#deps.docsUrl,
        ),
      }
    }
    await integrationCheckRepository.update(this.#deps.db, id, 'done', document, this.#deps.now())
  }

  async #gradeWebhooks(
    merchantId: string,
    battery: Battery,
    answers: ReadonlyMap<string, DeliveryAnswer>,
  ): Promise<CheckResult[]> {
    const calls = await this.#deps.requestLog.since(merchantId, new Date(battery.started_at))
    const sessions = new Set(battery.session_ids)
    const onSessions = calls.filter((call) => [...sessions].some((id) => call.path.includes(id)))
    const verdicts = gradeWebhooks(battery, answers, onSessions, {
      latencyThresholdMs: this.#latencyThresholdMs,
    })
    return reportChecks('webhooks', verdicts, this.#deps.docsUrl)
  }

  async #flow(principal: Principal, request: IntegrationCheckRequest): Promise<CheckResult[]> {
    const { db, now, requestLog, webhooks, clock } = this.#deps
    const merchantId = principal.merchantId
    const only = request.checkout_session_id
    if (only !== undefined && !(await sessionRepository.exists(db, merchantId, only)))
      throw new ApiError('SESSION_NOT_FOUND', { id: only })
    const minutes =
      only === undefined ? (request.since_minutes ?? DEFAULT_SINCE_MINUTES) : REQUEST_LOG_HOURS * 60
    const since = new Date(now().getTime() - minutes * 60_000)
    let calls = (await requestLog.since(merchantId, since)).filter(gradedCall)
    if (only !== undefined) calls = calls.filter((call) => sessionIdsOf(call).includes(only))
    const ids = [...new Set(calls.flatMap(sessionIdsOf))].slice(0, MAX_FLOW_SESSIONS)
    const found = await sessionRepository.findManyWithCheck(db, merchantId, ids)
    // The sessions a webhooks run made for itself, and the calls on them, are the check's, not the flow's.
    const checkSessions = new Set(
      found.filter((row) => row.integration_check_id !== null).map((row) => row.document.id),
    )
    if (checkSessions.size > 0)
      calls = calls.filter((call) => !sessionIdsOf(call).some((id) => checkSessions.has(id)))
    const sessions: FlowSession[] = []
    for (const row of found) {
      if (row.integration_check_id !== null) continue
      sessions.push({
        document: row.document,
        events: await webhooks.listEvents(merchantId, row.document.id),
      })
    }
    const verdicts = gradeFlow({
      calls,
      sessions,
      scope: only === undefined ? `the last ${minutes} minutes` : `session ${only}`,
      sandboxNow: await clock.now(merchantId),
    })
    return reportChecks('flow', verdicts, this.#deps.docsUrl)
  }
}

/** The rules between fields that the request schema leaves to the API. */
function checkRequest(request: IntegrationCheckRequest): void {
  const wrong: Array<{ field: string; message: string; keyword: string }> = []
  const only = (field: keyof IntegrationCheckRequest, kind: 'webhooks' | 'flow') => {
    if (request[field] !== undefined && request.kind !== kind)
      wrong.push({ field: `/${field}`, message: `is for kind "${kind}" only`, keyword: 'dependentRequired' })
  }
  only('url', 'webhooks')
  only('deliver', 'webhooks')
  only('checkout_session_id', 'flow')
  only('since_minutes', 'flow')
  if (request.checkout_session_id !== undefined && request.since_minutes !== undefined)
    wrong.push({
      field: '/since_minutes',
      message: 'cannot be given with checkout_session_id',
      keyword: 'not',
    })
  if (wrong.length > 0) throw invalidFields(wrong, request)
}

function toRun(
  id: string,
  status: 'running' | 'done',
  createdAt: string,
  stored: StoredRun,
): IntegrationCheckRun {
  const kind: CheckKind = stored.request.kind === 'flow' ? 'flow' : 'webhooks'
  const checks = status === 'done' ? (stored.checks ?? []) : []
  const run: IntegrationCheckRun = { id, status, kind, created_at: createdAt, ...tally(checks), checks }
  if (status === 'running' && stored.deliver === 'client' && stored.battery)
    run.deliveries = stored.battery.notifications.map((n) => ({
      id: n.id,
      check_id: n.check_id,
      headers: clientHeaders(stored.battery as Battery, n.signature_headers),
      body: n.body,
    }))
  return run
}

/**
 * The headers a client sends with a prepared notification, as the outbox would send them: a static
 * `notification_auth` header goes along; an OAuth2 token or the sandbox's client certificate cannot be handed
 * to a client, so those handlers are checked with the sandbox delivering.
 */
function clientHeaders(battery: Battery, signature: Record<string, string>): Record<string, string> {
  const auth = battery.auth
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT }
  if (auth && 'authorization_header' in auth) {
    headers.authorization = auth.authorization_header
    if (auth.content_type) headers['content-type'] = auth.content_type
  }
  return { ...headers, ...signature }
}
