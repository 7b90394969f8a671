import type { RequestOptions } from '../transport.ts'
import type { CaptureRequest, OperationResponse, RefundRequest, SessionResponse } from '../types.ts'
import { type Api, body } from './api.ts'

/** Order management of an approved session: confirm (delegated mode), capture and refund. */
export class Orders {
  readonly #api: Api

  constructor(api: Api) {
    this.#api = api
  }

  /** Confirms an approved order (`POST /checkout/{id}/confirm`). */
  confirm(id: string, options: RequestOptions = {}): Promise<SessionResponse> {
    return body(
      this.#api.orders.POST('/checkout/{checkout_session_id}/confirm', {
        params: { path: { checkout_session_id: id } },
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /** Captures the order, whole (no body) or in part (`POST /checkout/{id}/capture`). */
  capture(id: string, request?: CaptureRequest, options: RequestOptions = {}): Promise<OperationResponse> {
    return body(
      this.#api.orders.POST('/checkout/{checkout_session_id}/capture', {
        params: { path: { checkout_session_id: id } },
        ...(request === undefined ? {} : { body: request }),
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /** Refunds part or all of what was captured (`POST /checkout/{id}/refund`). */
  refund(id: string, request: RefundRequest, options: RequestOptions = {}): Promise<OperationResponse> {
    return body(
      this.#api.orders.POST('/checkout/{checkout_session_id}/refund', {
        params: { path: { checkout_session_id: id } },
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }
}
