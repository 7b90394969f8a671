import type { TSchema } from 'typebox'
import { BRAND } from '../brand.ts'
import { WEBHOOK_EXAMPLES } from '../examples/index.ts'
import { WEBHOOK_EVENT_SCHEMAS } from '../webhooks.ts'
import { ComponentRegistry } from './components.ts'
import {
  cancelSession,
  capture,
  clockAdvance,
  confirmSession,
  createEmbedded,
  createHpp,
  createPaymentIntent,
  customerAction,
  distribute,
  getSession,
  login,
  type OperationSpec,
  refresh,
  refund,
  updateSession,
} from './operations.ts'

export const OPENAPI_DOCUMENT_NAMES = [
  'checkout-session-embedded',
  'checkout-session-hpp',
  'order-management',
  'webhook',
] as const
export type OpenApiDocumentName = (typeof OPENAPI_DOCUMENT_NAMES)[number]

export const API_VERSION = '2.0.0'

const servers = [
  { url: 'https://api.plazo.example/api/v2', description: 'Production' },
  { url: 'https://api.staging.plazo.example/api/v2', description: 'Staging' },
  { url: 'http://localhost:4000/api/v2', description: 'Local sandbox (`npm start`)' },
]

const commonIntro = `All amounts are integer cents (7900 is 79.00 EUR), in EUR; purchase countries are ESP and FRA.

**Authentication.** Log in with \`POST /auth/login/\` and send \`Authorization: Bearer <access_token>\` on every other call.

**Errors.** Every error body has \`status: "ko"\`, a machine-readable \`exception\` and a human \`error\`; a 400 adds \`schema_errors\` (one entry per invalid field) and \`original_data\` (the body as sent). A 401 is \`{error, error_description}\`; a 500 has no body. Every response carries an \`x-request-id\` header.

**Idempotency.** Send an \`Idempotency-Key\` header (any unique string up to 255 characters) on a POST to retry it safely: the same key with the same request replays the first response (status and body); the same key with a different request answers 422; a retry while the first is still running answers 409. Keys are kept for 24 hours.

**Trailing slash.** Paths are shown without their trailing slash; every path also works with it (\`/checkout/\` and \`/checkout\` are the same call).`

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
    description: `${BRAND} sends a POST with a JSON body to your \`notification_url\` for six events. Answer with any 2XX status to acknowledge; anything else, a timeout (15 s) or a refused connection is retried with backoff and jitter (after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up). Delivery is **at least once**: deduplicate on \`event_id\`, which is stable across retries.\n\nEvery delivery is signed with the Standard Webhooks headers \`webhook-id\` (the event id), \`webhook-timestamp\` and \`webhook-signature\`, using your per-merchant secret, and authenticated as your \`notification_auth\` asks: a static \`Authorization\` header, an OAuth2 password-grant bearer token, or the ${BRAND} client certificate over TLS.`,
  },
}

const operationsByDocument: Record<OpenApiDocumentName, OperationSpec[]> = {
  'checkout-session-embedded': [
    login,
    refresh,
    createEmbedded,
    createPaymentIntent,
    getSession,
    customerAction,
  ],
  'checkout-session-hpp': [login, refresh, createHpp, getSession, distribute, customerAction],
  'order-management': [
    login,
    refresh,
    getSession,
    updateSession,
    cancelSession,
    confirmSession,
    capture,
    refund,
    clockAdvance,
  ],
  webhook: [],
}

const tagDescriptions: Record<string, string> = {
  Authentication: 'Log in and refresh tokens.',
  'Checkout sessions': 'Create and read checkout sessions.',
  'Hosted payment page': 'Distribute the hosted payment page.',
  'Order management': 'Update, cancel, confirm, capture and refund orders.',
  'Sandbox test helpers': 'Only in the sandbox: play the customer and the lender, and move the clock.',
  Notifications: 'Events sent to your notification_url.',
}

function pathParameter(name: 'checkout_session_id' | 'hpp_id') {
  return {
    name,
    in: 'path',
    required: true,
    description:
      name === 'hpp_id' ? 'Id of the hosted payment page (`payload.hpp.id`).' : 'Id of the checkout session.',
    schema: { type: 'string', format: 'uuid' },
  }
}

function content(
  registry: ComponentRegistry,
  schema: TSchema,
  examples?: Record<string, { summary: string; value: unknown }>,
) {
  return { 'application/json': { schema: registry.ref(schema), ...(examples ? { examples } : {}) } }
}

function buildOperation(registry: ComponentRegistry, op: OperationSpec) {
  const parameters: unknown[] = (op.pathParams ?? []).map(pathParameter)
  if (op.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' })
  const responses = Object.fromEntries(
    Object.entries(op.responses).map(([status, response]) => [
      status,
      {
        description: response.description,
        headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
        ...(response.schema ? { content: content(registry, response.schema, response.examples) } : {}),
      },
    ]),
  )
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: op.auth ? [{ bearerAuth: [] }] : [],
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

/** Build one of the four OpenAPI 3.1 documents from the contract schemas. */
export function buildOpenApiDocument(name: OpenApiDocumentName): Record<string, unknown> {
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
          requestBody: {
            required: true,
            content: content(registry, schema, {
              default: { summary: event, value: WEBHOOK_EXAMPLES[event as keyof typeof WEBHOOK_EXAMPLES] },
            }),
          },
          responses: {
            '200': { description: 'Any 2XX acknowledges the notification.' },
            '400': { description: 'Any other status (or a timeout) is retried with backoff.' },
          },
        },
      }
    }
  }
  const { title, description } = descriptions[name]
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
      ...(name === 'webhook'
        ? {}
        : {
            securitySchemes: {
              bearerAuth: {
                type: 'http',
                scheme: 'bearer',
                description: 'The `access_token` from `POST /auth/login/`.',
              },
            },
            parameters: {
              IdempotencyKey: {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'Any unique string (1 to 255 characters). The same key with the same request replays the first response; with a different request it answers 422; while the first is still running, 409. Kept 24 hours.',
                schema: { type: 'string', minLength: 1, maxLength: 255 },
              },
            },
          }),
      ...(name === 'webhook'
        ? {}
        : {
            headers: {
              RequestId: {
                description: 'Identifies the request in our logs; quote it to support.',
                schema: { type: 'string' },
              },
            },
          }),
    },
  }
}
