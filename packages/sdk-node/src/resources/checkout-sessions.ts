import type { RequestOptions } from '../transport.ts'
import type {
  CheckoutSessionCreateRequest,
  CheckoutSessionUpdateRequest,
  EmbeddedCheckoutSessionRequest,
  EmbeddedCreateResponse,
  GetSessionResponse,
  HppCheckoutSessionRequest,
  HppCreateResponse,
  PaymentIntentRequest,
  SessionListQuery,
  SessionListResponse,
  SessionResponse,
} from '../types.ts'
import { type Api, body } from './api.ts'

/** Checkout sessions: create (embedded or hosted page), read, update and cancel. */
export class CheckoutSessions {
  readonly #api: Api

  constructor(api: Api) {
    this.#api = api
  }

  /**
   * Creates a checkout session (`POST /checkout`). With `ui.mode: 'hpp'` the answer has the hosted page's
   * `redirect_url`; otherwise (embedded) the `client_secret` for checkout-js.
   */
  create(body: HppCheckoutSessionRequest, options?: RequestOptions): Promise<HppCreateResponse>
  create(body: EmbeddedCheckoutSessionRequest, options?: RequestOptions): Promise<EmbeddedCreateResponse>
  create(
    request: CheckoutSessionCreateRequest,
    options?: RequestOptions,
  ): Promise<HppCreateResponse | EmbeddedCreateResponse>
  create(
    request: CheckoutSessionCreateRequest,
    options: RequestOptions = {},
  ): Promise<HppCreateResponse | EmbeddedCreateResponse> {
    const fetch = this.#api.transport.fetcher(options)
    if (request.ui?.mode === 'hpp') {
      return body(this.#api.hpp.POST('/checkout', { body: request as HppCheckoutSessionRequest, fetch }))
    }
    return body(
      this.#api.embedded.POST('/checkout', { body: request as EmbeddedCheckoutSessionRequest, fetch }),
    )
  }

  /** Creates a session with its payment intent in one call (`POST /checkout/payment-intent`). */
  createWithPaymentIntent(
    request: PaymentIntentRequest,
    options: RequestOptions = {},
  ): Promise<EmbeddedCreateResponse> {
    return body(
      this.#api.embedded.POST('/checkout/payment-intent', {
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /**
   * A page of your sessions, newest first (`GET /checkout`), filtered by `status`, `mode`, `created_from` and
   * `created_to`. When `has_more` is true, pass the last session's `id` as `starting_after` for the next page.
   */
  list(query: SessionListQuery = {}): Promise<SessionListResponse> {
    return body(this.#api.orders.GET('/checkout', { params: { query } }))
  }

  /** The session as it is now (`GET /checkout/{id}`). */
  retrieve(id: string): Promise<GetSessionResponse> {
    return body(
      this.#api.orders.GET('/checkout/{checkout_session_id}', {
        params: { path: { checkout_session_id: id } },
      }),
    )
  }

  /** Replaces the session's request (`PUT /checkout/{id}`), while the customer has not finished. */
  update(id: string, request: CheckoutSessionUpdateRequest): Promise<SessionResponse> {
    return body(
      this.#api.orders.PUT('/checkout/{checkout_session_id}', {
        params: { path: { checkout_session_id: id } },
        body: request,
      }),
    )
  }

  /** Cancels the session (`DELETE /checkout/{id}`). */
  cancel(id: string): Promise<SessionResponse> {
    return body(
      this.#api.orders.DELETE('/checkout/{checkout_session_id}', {
        params: { path: { checkout_session_id: id } },
      }),
    )
  }
}
