// Calls to the client API (packages/api/src/routes/client): the hosted page by its id, the embedded
// checkout by its client secret. Errors become ClientApiError with the documented body.
import type {
  ClientCompleteRequestSchema,
  ClientOutcomeSchema,
  ClientSessionSchema,
  DistributeResponseSchema,
  MoneySchema,
  SchemaError,
  SecciQuerySchema,
  SecciSchema,
  Static,
} from '@plazo/contract'

export type ClientSession = Static<typeof ClientSessionSchema>
export type ClientOutcome = Static<typeof ClientOutcomeSchema>
export type ClientPaymentMethod = ClientSession['payment_methods'][number]
export type Offer = ClientPaymentMethod['offers'][number]
export type Money = Static<typeof MoneySchema>
export type CompleteRequest = Omit<
  Static<typeof ClientCompleteRequestSchema>,
  'payment_method_type' | 'customer'
> & {
  payment_method_type: string
  customer: Record<string, unknown>
}
export type Distribution = Static<typeof DistributeResponseSchema>['payload']
export type Secci = Static<typeof SecciSchema>
export type SecciQuery = Omit<Static<typeof SecciQuerySchema>, 'payment_method_type'> & {
  payment_method_type: string
}

const BASE = '/api/v2/client'

/**
 * A failed call: the HTTP status, and the schema errors of a 400. `status` 0 is a network failure. `exception`
 * is the API's error code (`invalid_token` for a 401).
 */
export class ClientApiError extends Error {
  constructor(
    readonly status: number,
    readonly schemaErrors: SchemaError[] = [],
    message = `HTTP ${status}`,
    readonly retryAfterSeconds?: number,
    readonly exception?: string,
  ) {
    super(message)
    this.name = 'ClientApiError'
  }
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  let res: Response
  try {
    res = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'omit',
      cache: 'no-store',
    })
  } catch {
    throw new ClientApiError(0)
  }
  const text = await res.text()
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  if (!res.ok) {
    const retry = Number(res.headers.get('retry-after'))
    throw new ClientApiError(
      res.status,
      (json.schema_errors as SchemaError[] | undefined) ?? [],
      String(json.error ?? json.error_description ?? `HTTP ${res.status}`),
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
      typeof json.exception === 'string'
        ? json.exception
        : typeof json.error === 'string'
          ? json.error
          : undefined,
    )
  }
  return json as T
}

/** What the checkout needs from either capability. */
export interface CheckoutApi {
  /** The session; `gracePeriod` months of grace price its offers (each method's maximum at most). */
  load(gracePeriod?: number): Promise<ClientSession>
  complete(request: CompleteRequest): Promise<ClientOutcome>
  desist(): Promise<ClientOutcome>
  /** The Standard European Consumer Credit Information of one offer, written by the API in `lang`. */
  secci(query: SecciQuery): Promise<Secci>
}

function secciQuery(query: SecciQuery): string {
  const params = new URLSearchParams({ payment_method_type: query.payment_method_type })
  if (query.period !== undefined) params.set('period', String(query.period))
  if (query.grace_period !== undefined) params.set('grace_period', String(query.grace_period))
  if (query.lang !== undefined) params.set('lang', query.lang)
  return `?${params}`
}

/** The query that prices the offers with a grace period; none without one. */
function graceQuery(gracePeriod: number | undefined): string {
  return gracePeriod ? `?grace_period=${gracePeriod}` : ''
}

export function hostedPageApi(hppId: string): CheckoutApi {
  const path = `/hpp/${encodeURIComponent(hppId)}`
  return {
    load: (gracePeriod) => call<ClientSession>('GET', `${path}${graceQuery(gracePeriod)}`),
    complete: (request) => call<ClientOutcome>('POST', `${path}/complete`, request),
    desist: () => call<ClientOutcome>('POST', `${path}/desist`),
    secci: (query) => call<Secci>('GET', `${path}/secci${secciQuery(query)}`),
  }
}

/**
 * The embedded checkout: the secret travels in a header, never in a URL. `downPayment` acts on the session
 * collecting the down payment a challenge asked for (it has no secret of its own).
 */
export function embeddedApi(clientSecret: string, downPayment = false): CheckoutApi {
  const headers = { 'x-client-secret': clientSecret }
  const path = downPayment ? '/embedded/down-payment' : '/embedded'
  return {
    load: (gracePeriod) =>
      call<ClientSession>('GET', `${path}${graceQuery(gracePeriod)}`, undefined, headers),
    complete: (request) => call<ClientOutcome>('POST', `${path}/complete`, request, headers),
    desist: () => call<ClientOutcome>('POST', `${path}/desist`, undefined, headers),
    secci: (query) => call<Secci>('GET', `${path}/secci${secciQuery(query)}`, undefined, headers),
  }
}

export async function distribute(hppId: string, recipient: string): Promise<Distribution> {
  const res = await call<Static<typeof DistributeResponseSchema>>(
    'POST',
    `/hpp/${encodeURIComponent(hppId)}/distribute`,
    { recipient },
  )
  return res.payload
}
