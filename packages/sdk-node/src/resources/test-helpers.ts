import type { RequestOptions } from '../transport.ts'
import type {
  ClockAdvanceRequest,
  ClockResponse,
  CustomerActionRequest,
  DeliveryAnswersRequest,
  IntegrationCheckRequest,
  IntegrationCheckRun,
  OutboxListResponse,
  PreparedDelivery,
  RequestLogResponse,
  SessionResponse,
} from '../types.ts'
import { type Api, body } from './api.ts'

/** Sandbox only (`PLAZO_SANDBOX`): play the customer and the lender, move the clock, read the sent messages. */
export class TestHelpers {
  readonly #api: Api

  constructor(api: Api) {
    this.#api = api
  }

  /** Approves, denies, challenges or desists the session as the customer would on the hosted page. */
  customerAction(
    id: string,
    request: CustomerActionRequest,
    options: RequestOptions = {},
  ): Promise<SessionResponse> {
    return body(
      this.#api.embedded.POST('/test-helpers/checkout/{checkout_session_id}/customer-action', {
        params: { path: { checkout_session_id: id } },
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /** Moves this merchant's sandbox clock forward and runs every timer that falls due. */
  advanceClock(request: ClockAdvanceRequest, options: RequestOptions = {}): Promise<ClockResponse> {
    return body(
      this.#api.orders.POST('/test-helpers/clock/advance', {
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /** The e-mails and SMS the sandbox "sent" for a hosted page (`hpp.distribute`), instead of sending them. */
  outbox(query: { hpp_id: string }): Promise<OutboxListResponse> {
    return body(this.#api.hpp.GET('/test-helpers/outbox', { params: { query } }))
  }

  /**
   * Your API calls of the last 24 hours (at most 10 000), newest first, with their bodies: what `plazo logs tail`
   * reads. `status` is a status (`404`) or a class (`4xx`); `path` a prefix, with or without `/api/v2`.
   */
  requestLog(query: { status?: string; path?: string; limit?: number } = {}): Promise<RequestLogResponse> {
    return body(this.#api.orders.GET('/test-helpers/request-log', { params: { query } }))
  }

  /**
   * Starts an integration check (what `plazo check` runs): `{ kind: 'flow' }` answers its report at once;
   * `{ kind: 'webhooks', url }` answers `running` (read it with `integrationCheck` until `done`), or with
   * `deliver: 'client'` the notifications to send yourself, then `answerIntegrationCheck`.
   */
  startIntegrationCheck(
    request: IntegrationCheckRequest,
    options: RequestOptions = {},
  ): Promise<IntegrationCheckRun> {
    return body(
      this.#api.orders.POST('/test-helpers/integration-checks', {
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /** An integration check run and, once `done`, its report. */
  integrationCheck(id: string): Promise<IntegrationCheckRun> {
    return body(
      this.#api.orders.GET('/test-helpers/integration-checks/{integration_check_id}', {
        params: { path: { integration_check_id: id } },
      }),
    )
  }

  /** Reports what your handler answered to the deliveries of a `deliver: 'client'` run: answers the report. */
  answerIntegrationCheck(
    id: string,
    request: DeliveryAnswersRequest,
    options: RequestOptions = {},
  ): Promise<IntegrationCheckRun> {
    return body(
      this.#api.webhooks.POST('/test-helpers/integration-checks/{integration_check_id}/answers', {
        params: { path: { integration_check_id: id } },
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /**
   * Runs an integration check to its end. `flow` answers at once; `webhooks` is read every `pollIntervalMs`
   * (500) until `done`, within `timeoutMs` (120 000). With `deliver: 'client'` this client POSTs the prepared
   * notifications to `url` itself, in order (so `url` may be a localhost the sandbox cannot reach, as
   * `plazo check webhooks` does), each within `deliveryTimeoutMs` (15 000), and reports the answers.
   */
  async runIntegrationCheck(
    request: IntegrationCheckRequest,
    options: RequestOptions & {
      pollIntervalMs?: number
      timeoutMs?: number
      deliveryTimeoutMs?: number
    } = {},
  ): Promise<IntegrationCheckRun> {
    const {
      pollIntervalMs = 500,
      timeoutMs = 120_000,
      deliveryTimeoutMs = 15_000,
      ...requestOptions
    } = options
    const deadline = Date.now() + timeoutMs
    let run = await this.startIntegrationCheck(request, requestOptions)
    if (run.status !== 'done' && request.kind === 'webhooks' && request.deliver === 'client') {
      const answers = await deliverPrepared(request.url ?? '', run.deliveries ?? [], deliveryTimeoutMs)
      return this.answerIntegrationCheck(run.id, { answers }, requestOptions)
    }
    while (run.status !== 'done') {
      if (Date.now() > deadline)
        throw new Error(`Plazo: integration check ${run.id} still running after ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, pollIntervalMs))
      run = await this.integrationCheck(run.id)
    }
    return run
  }
}

/** How much of a handler's answer goes into the report. */
const EXCERPT_CHARACTERS = 2048

/**
 * POSTs each prepared notification to `url`, one after the other (a duplicate's second delivery after the
 * first's answer), exactly as prepared: the headers and the body's bytes. The time is the wait for the status
 * line; a handler that does not answer within `timeoutMs` is reported without a status.
 */
export async function deliverPrepared(
  url: string,
  deliveries: readonly PreparedDelivery[],
  timeoutMs: number,
): Promise<DeliveryAnswersRequest['answers']> {
  const answers: DeliveryAnswersRequest['answers'] = []
  for (const delivery of deliveries) {
    const started = performance.now()
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      const duration = Math.round(performance.now() - started)
      const text = await response.text().catch(() => '')
      answers.push({
        delivery_id: delivery.id,
        status_code: response.status,
        duration_ms: duration,
        ...(response.ok || text === '' ? {} : { response_excerpt: text.slice(0, EXCERPT_CHARACTERS) }),
      })
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : (cause?.code ?? cause?.message ?? (error as Error).message)
      answers.push({
        delivery_id: delivery.id,
        status_code: null,
        duration_ms: Math.round(performance.now() - started),
        error: String(reason).slice(0, 500),
      })
    }
  }
  return answers
}
