import type { RequestOptions } from '../transport.ts'
import type {
  ClockAdvanceRequest,
  ClockResponse,
  CustomerActionRequest,
  OutboxListResponse,
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
}
