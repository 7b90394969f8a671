/**
 * The order in which each Postman collection runs, so that "Run collection" (or newman) goes through a real flow
 * with only `baseUrl` set: log in (the test script keeps `token` and `refresh_token` in collection variables),
 * refresh, create a session (its script keeps `checkout_session_id`, `hpp_id`, `client_secret`), play the
 * customer, read it, confirm, capture, refund. Each step is one operation of a converted OpenAPI document (of
 * this reference, or of another when the flow needs a call its document does not have, such as the create of
 * the order-management flow) and the status its documentation gives for that case, which the step's test checks.
 * A step may be repeated on a new session (to give up, or to cancel, an order another step has completed).
 */
import type { ReferenceLocale } from '../api-references.ts'

type Json = Record<string, unknown>

export interface FlowStep {
  /** operationId in the OpenAPI document of `from` (default: the collection's own). */
  operation: string
  from?: string
  /** The documented status this call answers here; the step's test checks it. */
  status: number
  /** A name of its own when the operation appears more than once in a flow. */
  name?: Readonly<Record<ReferenceLocale, string>>
  /** Query parameters set on the call (the stream's `timeout`, so that the run goes on). */
  query?: Readonly<Record<string, string>>
  /** Changes to the example body (its first example, as the converter wrote it). */
  body?: (body: Json) => Json
  /** Collection variables set from the answer: variable name → JavaScript expression over `body`. */
  store?: Readonly<Record<string, string>>
  /** How the call authenticates: the collection's bearer token (default), none, or the session's client secret. */
  auth?: 'bearer' | 'none' | 'clientSecret'
}

const HPP = 'checkout-session-hpp'
const EMBEDDED = 'checkout-session-embedded'

/** The answer of a create: the session id, the hosted page id (the last segment of redirect_url), the secret. */
const CREATED = {
  checkout_session_id: 'body.checkout_session_id',
  hpp_id: 'body.redirect_url ? body.redirect_url.split("/").pop() : undefined',
  client_secret: 'body.client_secret',
}

const AUTH: FlowStep[] = [
  {
    operation: 'login',
    status: 200,
    auth: 'none',
    body: () => ({ username: 'demo@plazo.test', password: 'plazo-sandbox' }),
    store: { token: 'body.access_token', refresh_token: 'body.refresh_token' },
  },
  {
    operation: 'refreshToken',
    status: 200,
    auth: 'none',
    body: () => ({ refresh_token: '{{refresh_token}}' }),
    store: { token: 'body.access_token', refresh_token: 'body.refresh_token' },
  },
]

/** Last of every flow: the login ends, and the collection's token with it. */
const LOGOUT: FlowStep = { operation: 'logout', status: 200 }

function named(en: string, es: string): Readonly<Record<ReferenceLocale, string>> {
  return { en, es }
}

const delegated = (body: Json): Json => ({
  ...body,
  merchant: { ...(body.merchant as Json), checkout_mode: 'delegated' },
})

const approve: FlowStep = { operation: 'sandboxCustomerAction', status: 201 }
const challenge: FlowStep = {
  operation: 'sandboxCustomerAction',
  status: 201,
  name: named('Play the customer: a down payment is asked', 'Simula al cliente: se pide una entrada'),
  body: () => ({ action: 'challenge' }),
}

function createEmbedded(en: string, es: string, body?: (body: Json) => Json): FlowStep {
  return {
    operation: 'createEmbeddedCheckoutSession',
    from: EMBEDDED,
    status: 201,
    store: CREATED,
    name: named(en, es),
    ...(body ? { body } : {}),
  }
}

function createHpp(en: string, es: string, body?: (body: Json) => Json): FlowStep {
  return {
    operation: 'createHppCheckoutSession',
    from: HPP,
    status: 201,
    store: CREATED,
    name: named(en, es),
    ...(body ? { body } : {}),
  }
}

export const FLOWS: Readonly<Record<string, readonly FlowStep[]>> = {
  [EMBEDDED]: [
    ...AUTH,
    { operation: 'getAgentConfiguration', status: 200, auth: 'none' },
    { operation: 'getAgentPricings', status: 200, auth: 'none' },
    { operation: 'simulateOffers', status: 200, auth: 'none' },
    { operation: 'createEmbeddedCheckoutSession', status: 201, store: CREATED },
    { operation: 'getEmbeddedClientSession', status: 200, auth: 'clientSecret' },
    {
      operation: 'getEmbeddedSecci',
      status: 200,
      auth: 'clientSecret',
      query: {
        payment_method_type: 'consumer_loan_instalments',
        period: '18',
        grace_period: '0',
        lang: 'es',
      },
    },
    { operation: 'completeEmbeddedCheckout', status: 200, auth: 'clientSecret' },
    { operation: 'getCheckoutSession', status: 200 },
    { operation: 'createPaymentIntent', status: 201 },
    createEmbedded(
      'Create a session whose customer pays a down payment',
      'Crea una sesión cuyo cliente paga una entrada',
    ),
    challenge,
    { operation: 'getEmbeddedDownPayment', status: 200, auth: 'clientSecret' },
    { operation: 'completeEmbeddedDownPayment', status: 200, auth: 'clientSecret' },
    createEmbedded(
      'Create a session whose customer gives up the down payment',
      'Crea una sesión cuyo cliente renuncia a la entrada',
    ),
    challenge,
    { operation: 'desistEmbeddedDownPayment', status: 200, auth: 'clientSecret' },
    createEmbedded('Create a session whose customer gives up', 'Crea una sesión cuyo cliente renuncia'),
    { operation: 'desistEmbeddedCheckout', status: 200, auth: 'clientSecret' },
    LOGOUT,
  ],
  [HPP]: [
    ...AUTH,
    { operation: 'createHppCheckoutSession', status: 201, store: CREATED },
    { operation: 'distributeHostedPage', status: 201 },
    { operation: 'distributeHostedPageFromPage', status: 201, auth: 'none' },
    { operation: 'sandboxOutbox', status: 200 },
    { operation: 'getHostedPageClientSession', status: 200, auth: 'none' },
    {
      operation: 'getHostedPageSecci',
      status: 200,
      auth: 'none',
      query: {
        payment_method_type: 'consumer_loan_instalments',
        period: '18',
        grace_period: '0',
        lang: 'es',
      },
    },
    { operation: 'completeHostedPageCheckout', status: 200, auth: 'none' },
    { operation: 'getCheckoutSession', status: 200 },
    createHpp('Create a session whose customer gives up', 'Crea una sesión cuyo cliente renuncia'),
    { operation: 'desistHostedPageCheckout', status: 200, auth: 'none' },
    createHpp(
      'Create a session for the test helper to play the customer',
      'Crea una sesión para que el helper de pruebas simule al cliente',
    ),
    approve,
    LOGOUT,
  ],
  'order-management': [
    ...AUTH,
    // The update's example is an embedded session's body (an update keeps the session's mode).
    createEmbedded('Create an order (delegated mode)', 'Crea un pedido (modo delegado)', delegated),
    { operation: 'updateCheckoutSession', status: 201, body: delegated },
    { ...approve, from: HPP },
    { operation: 'getCheckoutSession', status: 200 },
    // The page after the order just created: the example's cursor names no session of the merchant (400).
    { operation: 'listCheckoutSessions', status: 200, query: { starting_after: '{{checkout_session_id}}' } },
    { operation: 'confirmCheckoutSession', status: 201 },
    { operation: 'captureCheckoutSession', status: 201 },
    { operation: 'refundCheckoutSession', status: 201 },
    createHpp('Create an order to cancel', 'Crea un pedido para cancelarlo'),
    { operation: 'cancelCheckoutSession', status: 201 },
    { operation: 'sandboxClockAdvance', status: 201 },
    { operation: 'listRequestLog', status: 200 },
    // A flow check of the calls just made: its report comes at once.
    { operation: 'startIntegrationCheck', status: 201, store: { integration_check_id: 'body.id' } },
    { operation: 'getIntegrationCheck', status: 200 },
    LOGOUT,
  ],
  webhook: [
    ...AUTH,
    createHpp('Create a checkout session', 'Crea una sesión de checkout'),
    { ...approve, from: HPP },
    {
      operation: 'listWebhookEvents',
      status: 200,
      store: { event_id: 'body.payload[0] && body.payload[0].event_id' },
    },
    { operation: 'redeliverWebhookEvent', status: 201 },
    { operation: 'listLatestEvents', status: 200 },
    { operation: 'streamEvents', status: 200, query: { timeout: '1' } },
    { operation: 'setSessionNotificationUrl', status: 200 },
    { operation: 'getWebhookSecret', status: 200 },
    { operation: 'rotateWebhookSecret', status: 201 },
    { operation: 'downloadWebhookCaCertificate', status: 200 },
    { operation: 'downloadWebhookClientCertificate', status: 200 },
    // A webhooks check whose notifications the client sends: the run waits for the answers reported next.
    {
      operation: 'startIntegrationCheck',
      status: 201,
      name: named(
        'Check a webhook handler: the notifications, prepared for you to send',
        'Comprueba un receptor de webhooks: las notificaciones, preparadas para que las envíes',
      ),
      body: () => ({ kind: 'webhooks', url: 'http://127.0.0.1:9/webhooks', deliver: 'client' }),
      store: { integration_check_id: 'body.id' },
    },
    { operation: 'getIntegrationCheck', status: 200 },
    { operation: 'answerIntegrationCheck', status: 201 },
    LOGOUT,
  ],
}

/** The variables the flows set, with what each holds, in the collection's language. */
export const FLOW_VARIABLES: Readonly<Record<string, Readonly<Record<ReferenceLocale, string>>>> = {
  token: named(
    'The access_token, set by the login and by each refresh.',
    'El access_token, que guardan el inicio de sesión y la renovación del par de tokens.',
  ),
  refresh_token: named(
    'The refresh_token, set by the login and by each refresh (each can be used once).',
    'El refresh_token, que guardan el inicio de sesión y la renovación del par de tokens.',
  ),
  checkout_session_id: named('Set by each create.', 'Lo guarda cada creación de sesión.'),
  hpp_id: named(
    'The hosted page of the last create, set by it.',
    'La página alojada de la última sesión creada.',
  ),
  client_secret: named(
    'The client_secret of the last embedded session, set by its create.',
    'El client_secret de la última sesión integrada, que guarda su creación.',
  ),
  integration_check_id: named(
    'The last integration check run, set by its start.',
    'La última comprobación de la integración, que guarda su inicio.',
  ),
  event_id: named(
    'The first event of the session, set by the list of its events.',
    'El primer evento de la sesión, que guarda la lista de sus eventos.',
  ),
}
