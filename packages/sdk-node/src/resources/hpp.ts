import type { RequestOptions } from '../transport.ts'
import type { DistributeRequest, DistributeResponse } from '../types.ts'
import { type Api, body } from './api.ts'

/** The hosted payment page of a session. */
export class HostedPages {
  readonly #api: Api

  constructor(api: Api) {
    this.#api = api
  }

  /** Sends the hosted page's link to the customer by e-mail or SMS (`POST /checkout/hpp/{hpp_id}/distribute`). */
  distribute(
    hppId: string,
    request: DistributeRequest,
    options: RequestOptions = {},
  ): Promise<DistributeResponse> {
    return body(
      this.#api.hpp.POST('/checkout/hpp/{hpp_id}/distribute', {
        params: { path: { hpp_id: hppId } },
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }
}
