import type { TSchema } from 'typebox'
import { BRAND } from '../brand.ts'
import { WEBHOOK_EXAMPLES } from '../examples/index.ts'
import { DEMO_AGENT_ONLINE_ID } from '../sandbox-ids.ts'
import { WEBHOOK_EVENT_SCHEMAS } from '../webhooks.ts'
import { ComponentRegistry } from './components.ts'
import { SPANISH_TAG_NAMES, SPANISH_TEXTS } from './es/index.ts'
import {
  answerIntegrationCheck,
  CLIENT_TAG_DESCRIPTIONS,
  cancelSession,
  capture,
  clockAdvance,
  completeEmbeddedCheckout,
  completeEmbeddedDownPayment,
  completeHppCheckout,
  confirmSession,
  createEmbedded,
  createHpp,
  createPaymentIntent,
  customerAction,
  desistEmbeddedCheckout,
  desistEmbeddedDownPayment,
  desistHppCheckout,
  distribute,
  distributeFromPage,
  documentedResponses,
  downloadWebhookCaCertificate,
  downloadWebhookClientCertificate,
  getAgentConfiguration,
  getAgentPricings,
  getEmbeddedClientSession,
  getEmbeddedDownPayment,
  getEmbeddedSecci,
  getHppClientSession,
  getHppSecci,
  getIntegrationCheck,
  getSession,
  getWebhookSecret,
  listLatestEvents,
  listRequestLog,
  listSessions,
  listWebhookEvents,
  login,
  logout,
  type OperationSpec,
  redeliverWebhookEvent,
  refresh,
  refund,
  rotateWebhookSecret,
  sandboxOutbox,
  setNotificationUrl,
  simulateOffers,
  startIntegrationCheck,
  streamEvents,
  updateSession,
} from './operations/index.ts'
import { translateDocument } from './translate.ts'

export const OPENAPI_DOCUMENT_NAMES = [
  'checkout-session-embedded',
  'checkout-session-hpp',
  'order-management',
  'webhook',
] as const
export type OpenApiDocumentName = (typeof OPENAPI_DOCUMENT_NAMES)[number]

/** Each document is published in English (`openapi/<name>.json`) and in Spanish (`openapi/es/<name>.json`). */
export const OPENAPI_LOCALES = ['en', 'es'] as const
export type OpenApiLocale = (typeof OPENAPI_LOCALES)[number]

export const API_VERSION = '2.0.0'

const servers = [
  { url: 'https://api.plazo.example/api/v2', description: 'Production' },
  { url: 'https://api.staging.plazo.example/api/v2', description: 'Staging' },
  { url: 'http://localhost:4000/api/v2', description: 'Local sandbox (`npm start`)' },
]

const commonIntro = `All amounts are integer cents (7900 is 79.00 EUR), in EUR; purchase countries are ESP and FRA.

**Authentication.** Log in with \`POST /auth/login/\` and send \`Authorization: Bearer <access_token>\` on every other call from your server. Calls tagged *browser* or *public* are made from the customer's browser and never take your token: each says what it takes instead.

**Errors.** Every error body has \`status: "ko"\`, a machine-readable \`exception\` and a human \`error\`; every 400, whatever was wrong (a field, a body that is not JSON or nests too deep, a header, the URL), adds \`schema_errors\` (one entry per invalid field, header or part of the URL) and \`original_data\` (the body as sent; past 16 KiB, a string with its first 16 KiB and a note). \`schema_errors\` lists at most 100 entries, then one (keyword \`maxErrors\`) that says how many more there were; an error answer is at most 64 KB. 413 (body over 1 MiB) and 415 (body not \`application/json\`) have the common body.

**Limits.** Every list and text of a request has a bound (\`maxItems\`, \`maxLength\`) well above real orders: 500 cart lines, 50 passengers, 20 flight segments, 20 payment methods, 120 terms. A 401 is \`{error, error_description}\`; a 500 has no body. Every response carries an \`x-request-id\` header.

**Idempotency.** Send an \`Idempotency-Key\` header (any unique string up to 255 characters) on any POST made with your token to retry it safely (except the auth calls and the webhook secret rotation: their answers hold credentials, which are never kept for a replay): the same key with the same request replays the first response (status and body); a request is the same when its method, path and body as parsed JSON are (key order, spacing and escapes do not count: the body is compared in the canonical form of RFC 8785); the same key with a different request answers 422; a retry while the first is still running answers 409. Keys are kept for 24 hours.

**Trailing slash.** Paths are shown without their trailing slash; every path also works with it (\`/checkout/\` and \`/checkout\` are the same call).

**Unknown paths and methods.** A path the API does not have answers 404 (\`plazo.route.not_found\`). A path it has, called with a method it does not take (\`PATCH /checkout/{checkout_session_id}\`), answers 405 (\`plazo.route.method_not_allowed\`) with an \`Allow\` header that lists the methods it takes (\`DELETE, GET, HEAD, PUT\`); both with the error body.`

const descriptions: Record<OpenApiDocumentName, { title: string; description: string }> = {
  'checkout-session-embedded': {
    title: `${BRAND} Checkout Session API — embedded`,
    description: `Create checkout sessions whose checkout runs inside your site: your server creates the session and receives a \`client_secret\`; your front end mounts the checkout with checkout-js. For merchants who collect the customer data themselves, the payment intent call creates the session and asks the lender at once.\n\n${commonIntro}`,
  },
  'checkout-session-hpp': {
    title: `${BRAND} Checkout Session API — hosted payment page`,
    description: `Create checkout sessions paid on the hosted payment page: redirect the customer to \`redirect_url\`, show the QR code, or send the link by e-mail or SMS. The customer returns to your \`success_url\` or \`cancel_url\` with \`order_reference\` and \`checkout_session_id\` in the query.\n\n${commonIntro}`,
  },
  'order-management': {
    title: `${BRAND} Order Management API`,
    description: `Manage orders after the payment: update, cancel, confirm (delegated mode), capture and refund. The session must be confirmed before capture; each order line is captured once; a refund requires a prior capture; update is possible until capture, cancel or expiry; cancel only before capture and it cannot be undone (after capture, refund in full).\n\n${commonIntro}`,
  },
  webhook: {
    title: `${BRAND} Webhook notifications`,
    description: `${BRAND} sends a POST with a JSON body to your \`notification_url\` for six events (below, under Webhooks). The session's \`merchant.notification_url\` is used, else your merchant's; with neither, the event is marked \`failed\` with \`last_error: "no notification_url"\` and is not sent (set a URL, then redeliver it).

**Acknowledge** with any 2XX status within 15 seconds: the status line decides as soon as it arrives, and the body of your answer is not waited for. Anything else (3XX redirects are not followed, 4XX, 5XX), a timeout or a refused connection is a failed try, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (each ±10 %), then given up (\`failed\`). At most 8 notifications are in flight to one notification URL at a time, and 16 to you (all URLs together); the others wait their turn, so a slow endpoint delays only the notifications that go to it, and a try may start somewhat after its scheduled time. Delivery is **at least once**: deduplicate on \`event_id\`, which is the same on every try and on redeliveries. **Order**: a session's notifications are sent one at a time, in the order they happened; the next one goes once the previous one is acknowledged or given up (\`failed\`). Process them in arrival order, not by \`triggered_at\` (the notifications of one change share it); a redelivered one comes out of turn.

**Headers** of every notification:

| header | value |
|---|---|
| \`content-type\` | \`application/json\` (or the \`content_type\` of your static-header \`notification_auth\`) |
| \`user-agent\` | \`Plazo-Webhooks/1.0\` |
| \`webhook-id\` | the \`event_id\` |
| \`webhook-timestamp\` | Unix seconds of this try |
| \`webhook-signature\` | \`v1,<base64 HMAC-SHA256>\` |
| \`authorization\` | as your \`notification_auth\` asks (below) |

**Verify the signature** ([Standard Webhooks](https://www.standardwebhooks.com/)): the signed content is \`<webhook-id>.<webhook-timestamp>.<raw body>\`, the key is your secret without its \`whsec_\` prefix, base64-decoded (\`GET /webhooks/secret\`); compare in constant time with each space-separated \`v1,\` signature and reject timestamps more than 5 minutes from now. With a library: \`new Webhook(secret).verify(rawBody, headers)\` (npm \`standardwebhooks\`, and the same in Python, Go, Java, PHP, Ruby…). Verify the raw body, before any JSON parsing.

**Authentication** (\`merchant.notification_auth\` of the session):
- static header \`{authorization_header, content_type}\`: sent as \`Authorization\` and \`Content-Type\`;
- OAuth2 password grant \`{url, client_id, client_secret, username, password}\`: ${BRAND} POSTs \`grant_type=password\`, \`username\`, \`password\`, \`client_id\`, \`client_secret\` (form-encoded) to \`url\`, caches the \`access_token\` for \`expires_in\` seconds and sends \`Authorization: Bearer <token>\`; when your endpoint answers 401 it fetches a new token and retries once in the same try;
- certificate \`{authorization_cert: true}\`: the notification goes over HTTPS presenting the ${BRAND} client certificate; download its CA (\`GET /webhooks/certificates/ca.pem\`) and require it on your server.

**Troubleshoot** with \`GET /webhooks/events?checkout_session_id=…\` (every try with status code, duration and error) and \`POST /webhooks/events/{event_id}/redeliver\`; correct a session's URL with \`PUT /webhooks/sessions/{checkout_session_id}/notification-url\`, also once the order is finished.`,
  },
}

export const operationsByDocument: Record<OpenApiDocumentName, OperationSpec[]> = {
  'checkout-session-embedded': [
    login,
    refresh,
    logout,
    createEmbedded,
    createPaymentIntent,
    getSession,
    getEmbeddedClientSession,
    getEmbeddedSecci,
    completeEmbeddedCheckout,
    desistEmbeddedCheckout,
    getEmbeddedDownPayment,
    completeEmbeddedDownPayment,
    desistEmbeddedDownPayment,
    getAgentConfiguration,
    getAgentPricings,
    simulateOffers,
    customerAction,
  ],
  'checkout-session-hpp': [
    login,
    refresh,
    logout,
    createHpp,
    getSession,
    distribute,
    getHppClientSession,
    getHppSecci,
    completeHppCheckout,
    desistHppCheckout,
    distributeFromPage,
    customerAction,
    sandboxOutbox,
  ],
  'order-management': [
    login,
    refresh,
    logout,
    listSessions,
    getSession,
    updateSession,
    cancelSession,
    confirmSession,
    capture,
    refund,
    clockAdvance,
    listRequestLog,
    startIntegrationCheck,
    getIntegrationCheck,
  ],
  webhook: [
    login,
    refresh,
    logout,
    listWebhookEvents,
    redeliverWebhookEvent,
    setNotificationUrl,
    getWebhookSecret,
    rotateWebhookSecret,
    downloadWebhookCaCertificate,
    downloadWebhookClientCertificate,
    streamEvents,
    listLatestEvents,
    startIntegrationCheck,
    getIntegrationCheck,
    answerIntegrationCheck,
  ],
}

const tagDescriptions: Record<string, string> = {
  Authentication: 'Log in and refresh tokens.',
  'Checkout sessions': 'Create and read checkout sessions.',
  'Hosted payment page': 'Distribute the hosted payment page.',
  'Order management': 'Update, cancel, confirm, capture and refund orders.',
  'Sandbox test helpers':
    'Only in the sandbox: play the customer and the lender, move the clock, and read the messages not sent.',
  Notifications: 'Events sent to your notification_url.',
  'Client (public)':
    'Called from the browser (checkout-js widgets) with your agent id only: no token, CORS open to any origin.',
  'Webhook management':
    'The delivery log of your notifications, redelivery, the signing secret and the client certificate.',
  ...CLIENT_TAG_DESCRIPTIONS,
}

const PATH_PARAMETER_DESCRIPTIONS = {
  checkout_session_id: 'Id of the checkout session.',
  hpp_id: 'Id of the hosted payment page (`payload.hpp.id`).',
  event_id: 'The `event_id` of the notification (its `webhook-id` header).',
  agent_id: 'Your agent (point of sale) id: public, given to checkout-js `init({ agentId })`.',
  integration_check_id: 'The `id` of the integration check run.',
} as const

function pathParameter(name: keyof typeof PATH_PARAMETER_DESCRIPTIONS) {
  return {
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETER_DESCRIPTIONS[name],
    schema: { type: 'string', format: 'uuid' },
    // The sandbox's own agent: a Try it call with the example works as it is.
    ...(name === 'agent_id' ? { example: DEMO_AGENT_ONLINE_ID } : {}),
  }
}

function content(
  registry: ComponentRegistry,
  schema: TSchema,
  examples?: Record<string, { summary: string; value: unknown }>,
  mediaType = 'application/json',
) {
  return { [mediaType]: { schema: registry.ref(schema), ...(examples ? { examples } : {}) } }
}

function buildOperation(registry: ComponentRegistry, op: OperationSpec) {
  const parameters: unknown[] = (op.pathParams ?? []).map(pathParameter)
  for (const query of op.queryParams ?? []) {
    parameters.push({
      name: query.name,
      in: 'query',
      required: query.required,
      description: query.description,
      schema: registry.ref(query.schema),
    })
  }
  if (op.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' })
  const answers = documentedResponses(op)
  const responses = Object.fromEntries(
    Object.entries(answers).map(([status, response]) => [
      status,
      {
        description: response.description,
        headers: {
          'x-request-id': { $ref: '#/components/headers/RequestId' },
          ...(op.cors
            ? { 'access-control-allow-origin': { $ref: '#/components/headers/CorsAllowOrigin' } }
            : {}),
          ...response.headers,
        },
        ...(response.schema
          ? { content: content(registry, response.schema, response.examples, response.mediaType) }
          : {}),
      },
    ]),
  )
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: op.auth ? [{ bearerAuth: [] }] : op.clientSecret ? [{ clientSecret: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(op.request
      ? {
          requestBody: {
            required: op.request.required ?? true,
            content: content(registry, op.request.schema, op.request.examples),
          },
        }
      : {}),
    responses,
  }
}

/** The headers of every notification (the Standard Webhooks signature and ours). */
const NOTIFICATION_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The `event_id`: the same on every try. Deduplicate on it.',
    schema: { type: 'string', format: 'uuid' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix time (seconds) of this try. Reject values more than 5 minutes from your clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` with your secret (base64-decoded, without `whsec_`).',
    schema: { type: 'string' },
  },
  {
    name: 'user-agent',
    in: 'header',
    required: true,
    description: '`Plazo-Webhooks/1.0`.',
    schema: { type: 'string' },
  },
  {
    name: 'authorization',
    in: 'header',
    required: false,
    description:
      'Your static `authorization_header`, or `Bearer <access_token>` for the OAuth2 password grant. Absent with the certificate form or without `notification_auth`.',
    schema: { type: 'string' },
  },
]

/**
 * Build one of the four OpenAPI 3.1 documents from the contract schemas, in English or in Spanish (the
 * English document with its texts taken from the catalogue of src/openapi/es/). A Spanish document with a
 * text the catalogue lacks is not built: the error lists the texts to translate.
 */
export function buildOpenApiDocument(
  name: OpenApiDocumentName,
  locale: OpenApiLocale = 'en',
): Record<string, unknown> {
  const english = buildEnglishDocument(name)
  if (locale === 'en') return english
  const { document, missing } = translateDocument(english, SPANISH_TEXTS, SPANISH_TAG_NAMES)
  if (missing.length) {
    const list = missing.map(({ where, text }) => `- ${where}: ${JSON.stringify(text)}`).join('\n')
    throw new Error(`The Spanish ${name} document lacks a translation in src/openapi/es/ for:\n${list}`)
  }
  return document
}

function buildEnglishDocument(name: OpenApiDocumentName): Record<string, unknown> {
  const registry = new ComponentRegistry()
  const paths: Record<string, Record<string, unknown>> = {}
  const tags = new Set<string>()
  for (const op of operationsByDocument[name]) {
    paths[op.path] ??= {}
    ;(paths[op.path] as Record<string, unknown>)[op.method] = buildOperation(registry, op)
    tags.add(op.tag)
  }
  const webhooks: Record<string, unknown> = {}
  if (name === 'webhook') {
    tags.add('Notifications')
    for (const [event, schema] of Object.entries(WEBHOOK_EVENT_SCHEMAS)) {
      webhooks[event] = {
        post: {
          operationId: event,
          tags: ['Notifications'],
          summary: event,
          description: `${(schema as { description?: string }).description} Headers: \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\` (Standard Webhooks).`,
          security: [],
          parameters: NOTIFICATION_HEADERS,
          requestBody: {
            required: true,
            content: content(registry, schema, {
              default: { summary: event, value: WEBHOOK_EXAMPLES[event as keyof typeof WEBHOOK_EXAMPLES] },
            }),
          },
          responses: {
            '200': { description: 'Any 2XX acknowledges the notification.' },
            '400': {
              description:
                'Any other status, a timeout (15 s) or a refused connection is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±10 %), then given up.',
            },
          },
        },
      }
    }
  }
  const { title, description } = descriptions[name]
  const operations = operationsByDocument[name]
  return {
    openapi: '3.1.0',
    info: {
      title,
      version: API_VERSION,
      description,
      contact: { name: `${BRAND} developer support`, email: 'developers@plazo.example' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers,
    tags: [...tags].map((tag) => ({ name: tag, description: tagDescriptions[tag] ?? tag })),
    paths,
    ...(name === 'webhook' ? { webhooks } : {}),
    components: {
      schemas: registry.schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The `access_token` from `POST /auth/login/`.',
        },
        ...(operations.some((op) => op.clientSecret)
          ? {
              clientSecret: {
                type: 'apiKey',
                in: 'header',
                name: 'x-client-secret',
                description:
                  'The `client_secret` of the embedded session (`POST /checkout` answers it), sent by the customer\u2019s browser. It opens that one session as the customer sees it, and nothing else: pass it to the front end, keep it out of URLs and logs, and never send your bearer token from a browser.',
              },
            }
          : {}),
      },
      ...(operations.some((op) => op.idempotent)
        ? {
            parameters: {
              IdempotencyKey: {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'Any unique string (1 to 255 characters). The same key with the same request (method, path and JSON body; key order and spacing do not count) replays the first response; with a different request it answers 422; while the first is still running, 409. Kept 24 hours.',
                schema: { type: 'string', minLength: 1, maxLength: 255 },
              },
            },
          }
        : {}),
      headers: {
        RequestId: {
          description: 'Identifies the request in our logs; quote it to support.',
          schema: { type: 'string' },
        },
        ...(operations.some((op) => op.cors)
          ? {
              CorsAllowOrigin: {
                description:
                  'Always `*`: any page may call it from the browser, without cookies. The OPTIONS preflight answers 204 and allows `content-type`, `x-client-secret` and `x-request-id`.',
                schema: { type: 'string', const: '*' },
              },
            }
          : {}),
      },
    },
  }
}
