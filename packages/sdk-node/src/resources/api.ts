import createClient, { type Client } from 'openapi-fetch'
import { PlazoApiError } from '../errors.ts'
import type { paths as EmbeddedPaths } from '../generated/checkout-session-embedded.ts'
import type { paths as HppPaths } from '../generated/checkout-session-hpp.ts'
import type { paths as OrderPaths } from '../generated/order-management.ts'
import type { paths as WebhookPaths } from '../generated/webhook.ts'
import type { Transport } from '../transport.ts'

/**
 * One openapi-fetch client per OpenAPI document: each call's path, parameters, body and answer are typed by
 * the document that defines the operation (`POST /checkout` takes an embedded body in one and a hosted-page
 * body in the other). All of them send through the same Transport.
 */
export interface Api {
  transport: Transport
  embedded: Client<EmbeddedPaths>
  hpp: Client<HppPaths>
  orders: Client<OrderPaths>
  webhooks: Client<WebhookPaths>
}

export function createApi(transport: Transport): Api {
  const options = { baseUrl: transport.apiUrl, fetch: transport.fetcher() }
  return {
    transport,
    embedded: createClient<EmbeddedPaths>(options),
    hpp: createClient<HppPaths>(options),
    orders: createClient<OrderPaths>(options),
    webhooks: createClient<WebhookPaths>(options),
  }
}

/**
 * The body of a successful answer. The Transport has already turned every other answer into a PlazoError, so
 * an answer without data here is a broken contract, not a user error.
 */
export async function body<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, response } = await call
  if (data === undefined) {
    throw new PlazoApiError({
      status: response.status,
      message: `The Plazo API answered ${response.status} with no body where the contract promises one`,
      requestId: response.headers.get('x-request-id') ?? undefined,
    })
  }
  return data
}
