import type { TSchema } from 'typebox'
import Type from 'typebox'
import { LoginRequestSchema, LoginResponseSchema, RefreshRequestSchema } from '../auth.ts'
import { BRAND } from '../brand.ts'
import {
  EmbeddedCreateResponseSchema,
  GetSessionResponseSchema,
  HppCreateResponseSchema,
} from '../checkout-session.ts'
import {
  CheckoutSessionRequestSchema,
  EmbeddedCheckoutSessionRequestSchema,
  HppCheckoutSessionRequestSchema,
  PaymentIntentRequestSchema,
} from '../checkout-session-request.ts'
import {
  AgentConfigurationSchema,
  PublicPricingSchema,
  SimulationRequestSchema,
  SimulationResponseSchema,
} from '../client.ts'
import {
  ErrorBodySchema,
  ForbiddenBodySchema,
  UnauthorizedBodySchema,
  ValidationErrorBodySchema,
} from '../errors.ts'
import {
  ARTICLE_TYPES,
  CANCELLED_SESSION_RESPONSE_EXAMPLE,
  CAPTURE_RESPONSE_EXAMPLE,
  CART_MISMATCH_REQUEST_EXAMPLE,
  CLOCK_RESPONSE_EXAMPLE,
  DISCOUNT_CART_EXAMPLE,
  DISTRIBUTE_RESPONSE_EXAMPLE,
  EMBEDDED_CREATE_RESPONSE_EXAMPLE,
  ERROR_EXAMPLES,
  embeddedRequestExample,
  GET_SESSION_RESPONSE_EXAMPLE,
  HPP_CREATE_RESPONSE_EXAMPLE,
  hppRequestExample,
  LOGIN_RESPONSE_EXAMPLE,
  PAYMENT_INTENT_REQUEST_EXAMPLE,
  REFUND_RESPONSE_EXAMPLE,
} from '../examples/index.ts'
import {
  CaptureRequestSchema,
  ClockAdvanceRequestSchema,
  ClockResponseSchema,
  CustomerActionRequestSchema,
  DistributeRequestSchema,
  DistributeResponseSchema,
  OperationResponseSchema,
  OutboxListResponseSchema,
  RefundRequestSchema,
  SessionResponseSchema,
} from '../order-management.ts'
import { UuidSchema } from '../primitives.ts'
import {
  NOTIFICATION_URL_REQUEST_EXAMPLE,
  NotificationUrlRequestSchema,
  PEM_CERTIFICATE_EXAMPLE,
  PemCertificateSchema,
  RotateWebhookSecretRequestSchema,
  WEBHOOK_EVENT_LIST_RESPONSE_EXAMPLE,
  WEBHOOK_REDELIVER_RESPONSE_EXAMPLE,
  WEBHOOK_SECRET_RESPONSE_EXAMPLE,
  WEBHOOK_SECRET_ROTATED_RESPONSE_EXAMPLE,
  WebhookEventListResponseSchema,
  WebhookEventResponseSchema,
  WebhookSecretResponseSchema,
} from '../webhook-management.ts'

export interface Example {
  summary: string
  value: unknown
}

export interface ResponseSpec {
  description: string
  /** Media type of the body (default application/json). */
  mediaType?: string
  schema?: TSchema
  examples?: Record<string, Example>
  /** Response headers besides `x-request-id` (OpenAPI header objects), e.g. `Retry-After`. */
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>
}

export interface OperationSpec {
  id: string
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  tag: string
  summary: string
  description: string
  /** Needs the merchant's bearer token (server calls). */
  auth: boolean
  /** Needs the embedded session's `client_secret` in the `x-client-secret` header (browser calls). */
  clientSecret?: boolean
  /** Answers CORS for any origin (`access-control-allow-origin: *`): called from the merchant's page. */
  cors?: boolean
  idempotent?: boolean
  pathParams?: Array<'checkout_session_id' | 'hpp_id' | 'event_id' | 'agent_id'>
  queryParams?: Array<{ name: string; description: string; required: boolean; schema: TSchema }>
  request?: { schema: TSchema; examples: Record<string, Example>; required?: boolean }
  responses: Record<string, ResponseSpec>
}

export const one = (summary: string, value: unknown): Record<string, Example> => ({
  default: { summary, value },
})

export const e400 = (summary: string, value: unknown): ResponseSpec => ({
  description:
    'Schema validation failed: `schema_errors` names each invalid field and `original_data` echoes the body.',
  schema: ValidationErrorBodySchema,
  examples: one(summary, value),
})
const e401: ResponseSpec = {
  description: 'Missing, unknown or expired bearer token.',
  schema: UnauthorizedBodySchema,
  examples: {
    missing: { summary: 'No token', value: ERROR_EXAMPLES.tokenMissing },
    invalid: { summary: 'Invalid or expired token', value: ERROR_EXAMPLES.tokenInvalid },
  },
}
/** A path id that is not a UUID: the same 400 on every call with `{checkout_session_id}`. */
const sessionIdNotUuid = e400('Not a UUID', {
  status: 'ko',
  exception: 'plazo.request.validation_failed',
  error: 'The request is not valid: /checkout_session_id must match format "uuid"',
  schema_errors: [{ field: '/checkout_session_id', message: 'must match format "uuid"', keyword: 'format' }],
  original_data: { checkout_session_id: 'not-a-uuid' },
})

const e404: ResponseSpec = {
  description:
    'No checkout session with this id belongs to your merchant (another merchant\u2019s ids answer the same).',
  schema: ErrorBodySchema,
  examples: one('Unknown session', ERROR_EXAMPLES.notFound),
}
const e409state: ResponseSpec = {
  description: 'The session status does not allow this operation; nothing changed.',
  schema: ErrorBodySchema,
  examples: one('Wrong status', ERROR_EXAMPLES.invalidState),
}
export const e500: ResponseSpec = {
  description: 'Internal error. No body; the `x-request-id` header identifies the request in our logs.',
}

/**
 * What an `Idempotency-Key` adds to a call's answers; the documents merge them into every idempotent call
 * (a call's own answer with the same status stays, and the API intro describes the key's).
 */
export const IDEMPOTENCY_RESPONSES: Record<'400' | '409' | '422', ResponseSpec> = {
  '400': {
    description: 'The `Idempotency-Key` header is empty or longer than 255 characters.',
    schema: ValidationErrorBodySchema,
    examples: one('Key too long', ERROR_EXAMPLES.idempotencyKeyInvalid),
  },
  '409': {
    description: 'A request with the same `Idempotency-Key` is still running: retry a moment later.',
    schema: ErrorBodySchema,
    examples: one('Still running', ERROR_EXAMPLES.idempotencyInProgress),
  },
  '422': {
    description:
      'The `Idempotency-Key` was already used with a different request: another method, path or JSON body (compared as parsed JSON, so key order and spacing do not count).',
    schema: ErrorBodySchema,
    examples: one('Key reused', ERROR_EXAMPLES.idempotencyMismatch),
  },
}

/**
 * What any call that may carry a body (every method but GET) can answer about the body itself, before its
 * schema is checked; the documents merge them into those calls (a call's own answer with the same status stays).
 */
export const BODY_RESPONSES: Record<'400' | '413' | '415', ResponseSpec> = {
  '400': {
    description: `The body is not JSON, or nests more than 64 levels deep: \`schema_errors\` names the body (\`/\`) and \`original_data\` echoes it as sent, as a string.`,
    schema: ValidationErrorBodySchema,
    examples: one('Not JSON', ERROR_EXAMPLES.malformedJson),
  },
  '413': {
    description: 'The body is larger than 1 MiB (`BODY_LIMIT_BYTES`).',
    schema: ErrorBodySchema,
    examples: one('Too large', ERROR_EXAMPLES.payloadTooLarge),
  },
  '415': {
    description: 'The body is not `application/json` (any charset is accepted).',
    schema: ErrorBodySchema,
    examples: one('Not JSON', ERROR_EXAMPLES.unsupportedMediaType),
  },
}

/** Every answer the documents list for a call: its own, and those its body and its `Idempotency-Key` add. */
export function documentedResponses(op: OperationSpec): Record<string, ResponseSpec> {
  return {
    ...(op.method === 'get' ? {} : BODY_RESPONSES),
    ...(op.idempotent ? IDEMPOTENCY_RESPONSES : {}),
    ...op.responses,
  }
}

const sessionCreateExamples = (mode: 'embedded' | 'hpp'): Record<string, Example> =>
  Object.fromEntries(
    ARTICLE_TYPES.map((type) => [
      type,
      {
        summary: `A ${type} (${mode})`,
        value: mode === 'embedded' ? embeddedRequestExample(type) : hppRequestExample(type),
      },
    ]),
  )

const cartErrors = (mode: 'embedded' | 'hpp'): Record<string, ResponseSpec> => ({
  '400': e400('A line with 0 units', ERROR_EXAMPLES.sessionValidation),
  '401': e401,
  '409': {
    description:
      'The cart total is not the sum of the item totals. The message gives both figures: `The total price of the cart (<total>) differs from the sum of all the items total price (<sum>).`',
    schema: ErrorBodySchema,
    examples: one(`Cart mismatch (${mode})`, ERROR_EXAMPLES.cartMismatch),
  },
  '500': e500,
})

export const login: OperationSpec = {
  id: 'login',
  method: 'post',
  path: '/auth/login',
  tag: 'Authentication',
  summary: 'Log in',
  description:
    'Exchange a username and password for a bearer token pair. Send the access token as `Authorization: Bearer <access_token>` on every other call; it lasts `expires_in` seconds (2678400, 31 days, by default). Sandbox users: `demo@plazo.test` / `plazo-sandbox` (merchant Demo Store) and `other@plazo.test` / `plazo-sandbox` (Other Shop).',
  auth: false,
  request: {
    schema: LoginRequestSchema,
    examples: one('Sandbox user', { username: 'demo@plazo.test', password: 'plazo-sandbox' }),
  },
  responses: {
    '200': {
      description: 'Logged in.',
      schema: LoginResponseSchema,
      examples: one('Token pair', LOGIN_RESPONSE_EXAMPLE),
    },
    '400': e400('Username missing', ERROR_EXAMPLES.loginMissingUsername),
    '403': {
      description:
        'Wrong username or password (actionCode 1001). The same answer for an unknown user and a wrong password.',
      schema: ForbiddenBodySchema,
      examples: one('Invalid credentials', ERROR_EXAMPLES.invalidCredentials),
    },
    '500': e500,
  },
}

export const refresh: OperationSpec = {
  id: 'refreshToken',
  method: 'post',
  path: '/auth/refresh',
  tag: 'Authentication',
  summary: 'Refresh the token pair',
  description:
    'Exchange a refresh token for a new access and refresh token pair. The refresh token used is revoked: each can be used once. A Plazo addition: the specification leaves refresh open.',
  auth: false,
  request: {
    schema: RefreshRequestSchema,
    examples: one('Refresh', { refresh_token: LOGIN_RESPONSE_EXAMPLE.refresh_token }),
  },
  responses: {
    '200': {
      description: 'A new pair.',
      schema: LoginResponseSchema,
      examples: one('Token pair', LOGIN_RESPONSE_EXAMPLE),
    },
    '400': e400('Token missing', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /refresh_token is required',
      schema_errors: [{ field: '/refresh_token', message: 'is required', keyword: 'required' }],
      original_data: {},
    }),
    '403': {
      description: 'Unknown, expired or already used refresh token (actionCode 1001).',
      schema: ForbiddenBodySchema,
      examples: one('Invalid refresh token', ERROR_EXAMPLES.invalidCredentials),
    },
    '500': e500,
  },
}

export const createEmbedded: OperationSpec = {
  id: 'createEmbeddedCheckoutSession',
  method: 'post',
  path: '/checkout',
  tag: 'Checkout sessions',
  summary: 'Create an embedded checkout session',
  description:
    'Create a session whose checkout runs inside your site. Call it from your server, then pass `client_secret` to checkout-js in the browser to mount the CheckoutSessionComponent. `merchant.order_reference_1` and the `cart` are required; the cart total must equal the sum of the item totals (409 otherwise). `purchase_country` defaults to your default country; `payment_methods` to every method your agent has a pricing for. Send an `Idempotency-Key` to retry safely.',
  auth: true,
  idempotent: true,
  request: { schema: EmbeddedCheckoutSessionRequestSchema, examples: sessionCreateExamples('embedded') },
  responses: {
    '201': {
      description: 'Created. Give `client_secret` to the front end; keep it out of URLs and logs.',
      schema: EmbeddedCreateResponseSchema,
      examples: one('Embedded session', EMBEDDED_CREATE_RESPONSE_EXAMPLE),
    },
    ...cartErrors('embedded'),
  },
}

export const createHpp: OperationSpec = {
  id: 'createHppCheckoutSession',
  method: 'post',
  path: '/checkout',
  tag: 'Checkout sessions',
  summary: 'Create a hosted-payment-page checkout session',
  description:
    'Create a session paid on the Plazo hosted payment page. Redirect the customer to `redirect_url`, show `qr_code_url` in a store, or send the link with the distribute call. After success or cancel the customer returns to your `success_url` or `cancel_url` with `order_reference` (your `order_reference_1`) and `checkout_session_id` appended to the query. When `ui.hpp.merchant_urls` is given, both URLs are required. The cart total must equal the sum of the item totals (409 otherwise). Send an `Idempotency-Key` to retry safely.',
  auth: true,
  idempotent: true,
  request: { schema: HppCheckoutSessionRequestSchema, examples: sessionCreateExamples('hpp') },
  responses: {
    '201': {
      description: 'Created.',
      schema: HppCreateResponseSchema,
      examples: one('Hosted page session', HPP_CREATE_RESPONSE_EXAMPLE),
    },
    ...cartErrors('hpp'),
  },
}

export const createPaymentIntent: OperationSpec = {
  id: 'createPaymentIntent',
  method: 'post',
  path: '/checkout/payment-intent',
  tag: 'Checkout sessions',
  summary: 'Create a session and process its payment intent',
  description:
    'For merchants that collect the customer data themselves: creates the checkout session and asks the lender at once. The full customer is required (identity document, family situation, residence, professional details and income, with their conditional rules: `regime` when married; `property_type` and `mortgage` for ownership; `professional_position` and `company_info` for employed statuses; `company_contract_end_date` when temporary_employed). The intent uses `processed_payment_method`, or else the first of `payment_methods` with its shortest term; its `period` must be one of that method\u2019s terms (its `options.periods`, else its pricing\u2019s; none for card and account-to-account payments), 400 naming `/processed_payment_method/period` otherwise. The session and the lender\u2019s decision are written in one transaction: an error between the two leaves no session, so retry with the same `Idempotency-Key`.',
  auth: true,
  idempotent: true,
  request: {
    schema: PaymentIntentRequestSchema,
    examples: one('Consumer loan with a full customer', PAYMENT_INTENT_REQUEST_EXAMPLE),
  },
  responses: {
    '201': {
      description: 'Created; the payment intent is being decided. Follow it with GET or the notifications.',
      schema: EmbeddedCreateResponseSchema,
      examples: one('Session created', EMBEDDED_CREATE_RESPONSE_EXAMPLE),
    },
    ...cartErrors('embedded'),
  },
}

export const getSession: OperationSpec = {
  id: 'getCheckoutSession',
  method: 'get',
  path: '/checkout/{checkout_session_id}',
  tag: 'Checkout sessions',
  summary: 'Get a checkout session',
  description:
    'The session with its status, cart order lines (their `id` is what refunds by item take), payment intents and their conditions, hosted page, captures and refunds.',
  auth: true,
  pathParams: ['checkout_session_id'],
  responses: {
    '200': {
      description: 'The session.',
      schema: GetSessionResponseSchema,
      examples: one('Confirmed and captured', GET_SESSION_RESPONSE_EXAMPLE),
    },
    '400': sessionIdNotUuid,
    '401': e401,
    '404': e404,
    '500': e500,
  },
}

export const updateSession: OperationSpec = {
  id: 'updateCheckoutSession',
  method: 'put',
  path: '/checkout/{checkout_session_id}',
  tag: 'Order management',
  summary: 'Update an order',
  description:
    'Replace the session data (same body as create, in the same mode). Possible until the session is captured, cancelled or expired (409 afterwards). The cart rules of create apply (409 on a total mismatch). Before confirmation the payment intents are built again and the customer chooses again; a confirmed order keeps its payment methods and chosen intent, its total may stay or go down (409 above it; a lower total recomputes the conditions over the same term and sends conditions_changed). A down payment the customer has paid stays with the order, and the new total must be larger than it (409). A down-payment session cannot be updated (409).',
  auth: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: CheckoutSessionRequestSchema,
    examples: one('New cart', embeddedRequestExample('product')),
  },
  responses: {
    '201': {
      description: 'Updated.',
      schema: SessionResponseSchema,
      examples: one('Updated session', GET_SESSION_RESPONSE_EXAMPLE),
    },
    '400': e400('A line with 0 units', ERROR_EXAMPLES.sessionValidation),
    '401': e401,
    '404': e404,
    '409': {
      description:
        'Cart total mismatch; the session can no longer change (captured, cancelled or expired); a confirmed total raised; a new total not above the paid down payment; a down-payment session.',
      schema: ErrorBodySchema,
      examples: {
        cart: { summary: 'Cart mismatch', value: ERROR_EXAMPLES.cartMismatch },
        state: { summary: 'Already captured', value: ERROR_EXAMPLES.invalidState },
      },
    },
    '500': e500,
  },
}

export const cancelSession: OperationSpec = {
  id: 'cancelCheckoutSession',
  method: 'delete',
  path: '/checkout/{checkout_session_id}',
  tag: 'Order management',
  summary: 'Cancel an order',
  description:
    'Cancel the session. Only before capture, and it cannot be undone; after capture, refund the full amount instead. Answers 201 with the cancelled session. An open down-payment session of the order is cancelled with it; a down payment the customer already paid is refunded on its own session (refund_approved).',
  auth: true,
  pathParams: ['checkout_session_id'],
  responses: {
    '201': {
      description: 'Cancelled.',
      schema: SessionResponseSchema,
      examples: one('Cancelled', CANCELLED_SESSION_RESPONSE_EXAMPLE),
    },
    '400': sessionIdNotUuid,
    '401': e401,
    '404': e404,
    '409': e409state,
    '500': e500,
  },
}

export const confirmSession: OperationSpec = {
  id: 'confirmCheckoutSession',
  method: 'post',
  path: '/checkout/{checkout_session_id}/confirm',
  tag: 'Order management',
  summary: 'Confirm an approved order',
  description:
    'In `delegated` checkout mode, confirm an order the lender approved. It must be confirmed within `max_interval_in_minutes_for_confirm`, or it is cancelled. A Plazo addition: the specification leaves the confirm call open.',
  auth: true,
  idempotent: true,
  pathParams: ['checkout_session_id'],
  responses: {
    '201': {
      description: 'Confirmed.',
      schema: SessionResponseSchema,
      examples: one('Confirmed', GET_SESSION_RESPONSE_EXAMPLE),
    },
    '401': e401,
    '404': e404,
    '409': e409state,
    '500': e500,
  },
}

export const capture: OperationSpec = {
  id: 'captureCheckoutSession',
  method: 'post',
  path: '/checkout/{checkout_session_id}/capture',
  tag: 'Order management',
  summary: 'Capture an order',
  description:
    "Capture every order line not yet captured, once the session is confirmed. Each order line is captured once (409 `already captured`). With `transactional: true` the lender is asked synchronously: a rejection answers 410 with nothing captured, an acceptance is `approved` at once. Otherwise some lenders answer asynchronously: the capture is `pending` and a `capture_approved` notification follows. The amount is the lines' total less a down payment the customer paid, which was captured on its own session.",
  auth: true,
  idempotent: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: CaptureRequestSchema,
    examples: one('Capture', { description: 'Shipped in one parcel' }),
    required: false,
  },
  responses: {
    '201': {
      description: 'Captured (or pending).',
      schema: OperationResponseSchema,
      examples: one('Captured', CAPTURE_RESPONSE_EXAMPLE),
    },
    '400': e400('Wrong type', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /transactional must be boolean',
      schema_errors: [{ field: '/transactional', message: 'must be boolean', keyword: 'type' }],
      original_data: { transactional: 'yes' },
    }),
    '401': e401,
    '404': e404,
    '409': {
      description: 'Not confirmed yet, or every order line is already captured.',
      schema: ErrorBodySchema,
      examples: {
        captured: { summary: 'Already captured', value: ERROR_EXAMPLES.alreadyCaptured },
        state: { summary: 'Not confirmed', value: ERROR_EXAMPLES.invalidState },
      },
    },
    '410': {
      description: 'The lender rejected a transactional capture; nothing was captured.',
      schema: ErrorBodySchema,
      examples: one('Rejected', ERROR_EXAMPLES.lenderRejected),
    },
    '500': e500,
  },
}

export const refund: OperationSpec = {
  id: 'refundCheckoutSession',
  method: 'post',
  path: '/checkout/{checkout_session_id}/refund',
  tag: 'Order management',
  summary: 'Refund an order',
  description:
    'Refund captured order lines by `refunded_item_ids` (ids from `payload.cart.order_lines[].id`; each must have been captured and is refunded once) or an amount by `refunded_amount` (never with item ids; never above the captured total minus what was refunded). Partial refunds are allowed until the captured total. `transactional: true` asks the lender synchronously (410 on rejection, `approved` at once otherwise). Without it, asynchronous lenders answer `pending` and a `refund_approved` notification follows. A paid down payment is refunded on its own session (`downpayment_checkout_session_id`).',
  auth: true,
  idempotent: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: RefundRequestSchema,
    examples: {
      amount: { summary: 'By amount', value: { description: 'Returned one pair', refunded_amount: 12900 } },
      items: {
        summary: 'By order lines',
        value: { refunded_item_ids: ['e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21'] },
      },
    },
  },
  responses: {
    '201': {
      description: 'Refunded (or pending).',
      schema: OperationResponseSchema,
      examples: one('Refunded', REFUND_RESPONSE_EXAMPLE),
    },
    '400': e400('Both forms', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error:
        'The request is not valid: / Give either refunded_item_ids or refunded_amount, not both and not neither.',
      schema_errors: [
        {
          field: '/',
          message: 'Give either refunded_item_ids or refunded_amount, not both and not neither.',
          keyword: 'oneOf',
        },
      ],
      original_data: { refunded_amount: 100, refunded_item_ids: ['e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21'] },
    }),
    '401': e401,
    '404': e404,
    '409': {
      description:
        'Nothing captured yet, a line not captured or already refunded, or an amount above what can be refunded.',
      schema: ErrorBodySchema,
      examples: {
        refunded: { summary: 'Already refunded', value: ERROR_EXAMPLES.alreadyRefunded },
        exceeds: { summary: 'Above the captured total', value: ERROR_EXAMPLES.refundExceeds },
      },
    },
    '410': {
      description: 'The lender rejected a transactional refund; nothing was refunded.',
      schema: ErrorBodySchema,
      examples: one('Rejected', {
        ...ERROR_EXAMPLES.lenderRejected,
        error: 'The lender rejected the refund.',
      }),
    },
    '500': e500,
  },
}

export const distribute: OperationSpec = {
  id: 'distributeHostedPage',
  method: 'post',
  path: '/checkout/hpp/{hpp_id}/distribute',
  tag: 'Hosted payment page',
  summary: 'Send the hosted page link to the customer',
  description:
    'Send `redirect_url` to the customer by e-mail (an e-mail address) or SMS (a phone number with country code, no spaces). Anything else is a 400. The sandbox sends no real messages: it keeps them in an outbox you can read with the test helpers.',
  auth: true,
  idempotent: true,
  pathParams: ['hpp_id'],
  request: {
    schema: DistributeRequestSchema,
    examples: {
      sms: { summary: 'By SMS', value: { recipient: '+34600123456' } },
      email: { summary: 'By e-mail', value: { recipient: 'ana.garcia@example.com' } },
    },
  },
  responses: {
    '201': {
      description: 'Sent.',
      schema: DistributeResponseSchema,
      examples: one('Sent by SMS', DISTRIBUTE_RESPONSE_EXAMPLE),
    },
    '400': e400('Not an e-mail or phone', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error:
        'The request is not valid: /recipient must be an e-mail address or a phone number with country code',
      schema_errors: [
        {
          field: '/recipient',
          message: 'must be an e-mail address or a phone number with country code',
          keyword: 'anyOf',
        },
      ],
      original_data: { recipient: 'ana' },
    }),
    '401': e401,
    '404': {
      description: 'No hosted page with this id belongs to your merchant.',
      schema: ErrorBodySchema,
      examples: one('Unknown', ERROR_EXAMPLES.hppNotFound),
    },
    '409': e409state,
    '500': e500,
  },
}

export const customerAction: OperationSpec = {
  id: 'sandboxCustomerAction',
  method: 'post',
  path: '/test-helpers/checkout/{checkout_session_id}/customer-action',
  tag: 'Sandbox test helpers',
  summary: 'Play the customer and the lender',
  description:
    'Sandbox only (when `PLAZO_SANDBOX` is on), on your own sessions: `approve` completes the checkout with `payment_method_type` (default the first offered), `deny` has the lender deny it, `challenge` asks for a down payment, `desist` gives up. The effects are those of the hosted page: statuses, timers and notifications.',
  auth: true,
  idempotent: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: CustomerActionRequestSchema,
    examples: {
      approve: {
        summary: 'Approve with BNPL',
        value: { action: 'approve', payment_method_type: 'bnpl_instalments' },
      },
      deny: { summary: 'Deny', value: { action: 'deny' } },
    },
  },
  responses: {
    '201': {
      description: 'Done; the session after the action.',
      schema: SessionResponseSchema,
      examples: one('Approved', GET_SESSION_RESPONSE_EXAMPLE),
    },
    '400': e400('Unknown action', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /action must be one of: approve, deny, challenge, desist',
      schema_errors: [
        { field: '/action', message: 'must be one of: approve, deny, challenge, desist', keyword: 'enum' },
      ],
      original_data: { action: 'pay' },
    }),
    '401': e401,
    '404': e404,
    '409': e409state,
    '500': e500,
  },
}

export const clockAdvance: OperationSpec = {
  id: 'sandboxClockAdvance',
  method: 'post',
  path: '/test-helpers/clock/advance',
  tag: 'Sandbox test helpers',
  summary: 'Move the sandbox clock forward',
  description:
    'Sandbox only: move your merchant sandbox clock forward by `minutes` and run, before answering, every timer that falls due (confirm and capture windows, `expires_at`, `invitation_expires_on_date`), so timed rules can be tested at once.',
  auth: true,
  idempotent: true,
  request: { schema: ClockAdvanceRequestSchema, examples: one('One day and a minute', { minutes: 1441 }) },
  responses: {
    '201': {
      description: 'Moved.',
      schema: ClockResponseSchema,
      examples: one('Moved', CLOCK_RESPONSE_EXAMPLE),
    },
    '400': e400('Not positive', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /minutes must be >= 1',
      schema_errors: [{ field: '/minutes', message: 'must be >= 1', keyword: 'minimum' }],
      original_data: { minutes: 0 },
    }),
    '401': e401,
    '500': e500,
  },
}

export const sandboxOutbox: OperationSpec = {
  id: 'sandboxOutbox',
  method: 'get',
  path: '/test-helpers/outbox',
  tag: 'Sandbox test helpers',
  summary: 'Read the messages the sandbox did not send',
  description:
    'Sandbox only: the sandbox sends no e-mail or SMS. Each distribution (yours, or from the distribution page of `distribution_url`, which allows 5 sends per hosted page and hour) is kept here with the text the customer would receive, in the language of the purchase country, oldest first. `hpp_id` is required; a hosted page of another merchant answers 404 like an unknown one.',
  auth: true,
  queryParams: [
    {
      name: 'hpp_id',
      description: 'The hosted page whose messages to list (`payload.hpp.id`).',
      required: true,
      schema: UuidSchema,
    },
  ],
  responses: {
    '200': {
      description: 'The messages of the hosted page.',
      schema: OutboxListResponseSchema,
      examples: one('One SMS', {
        status: 'ok',
        payload: [
          {
            ...DISTRIBUTE_RESPONSE_EXAMPLE.payload,
            body: `Demo Store: completa tu compra de 258,00\u00a0€ con ${BRAND} aquí: http://localhost:4000/hpp/${DISTRIBUTE_RESPONSE_EXAMPLE.payload.hpp_id}`,
          },
        ],
        identifier: DISTRIBUTE_RESPONSE_EXAMPLE.payload.hpp_id,
      }),
    },
    '400': e400('Missing hpp_id', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: "The request is not valid: / must have required property 'hpp_id'",
      schema_errors: [{ field: '/', message: "must have required property 'hpp_id'", keyword: 'required' }],
      original_data: {},
    }),
    '401': e401,
    '404': {
      description: 'No hosted page with this id belongs to your merchant.',
      schema: ErrorBodySchema,
      examples: one('Unknown', ERROR_EXAMPLES.hppNotFound),
    },
    '500': e500,
  },
}

const verifyHint =
  'Verify each notification with a Standard Webhooks library: `new Webhook(secret).verify(rawBody, headers)` checks `webhook-signature` against `webhook-id`, `webhook-timestamp` and the raw body, and rejects timestamps more than 5 minutes away.'

export const listWebhookEvents: OperationSpec = {
  id: 'listWebhookEvents',
  method: 'get',
  path: '/webhooks/events',
  tag: 'Webhook management',
  summary: 'List the notifications of a checkout session',
  description:
    'Every event the session triggered, oldest first, with its delivery status and each try: when, the HTTP status your endpoint answered, how long it took and why it failed. Use it to see why a notification did not arrive; after fixing your endpoint, redeliver the event. `checkout_session_id` is required (400 when missing or not a UUID); a session of another merchant answers 404 like an unknown one.',
  auth: true,
  queryParams: [
    {
      name: 'checkout_session_id',
      description: 'The checkout session whose events to list.',
      required: true,
      schema: UuidSchema,
    },
  ],
  responses: {
    '200': {
      description: 'The events of the session.',
      schema: WebhookEventListResponseSchema,
      examples: one('Delivered on the second try', WEBHOOK_EVENT_LIST_RESPONSE_EXAMPLE),
    },
    '400': e400('Missing session id', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: "The request is not valid: / must have required property 'checkout_session_id'",
      schema_errors: [
        { field: '/', message: "must have required property 'checkout_session_id'", keyword: 'required' },
      ],
      original_data: {},
    }),
    '401': e401,
    '404': e404,
    '500': e500,
  },
}

const eventNotFound: ResponseSpec = {
  description:
    'No event with this id belongs to your merchant (another merchant\u2019s ids answer the same).',
  schema: ErrorBodySchema,
  examples: one('Unknown event', {
    status: 'ko',
    exception: 'plazo.webhook.event_not_found',
    error: 'Event 0d4f7b2e-9c1a-4e68-b3f5-7a2c9e1d4b80 not found.',
  }),
}

export const redeliverWebhookEvent: OperationSpec = {
  id: 'redeliverWebhookEvent',
  method: 'post',
  path: '/webhooks/events/{event_id}/redeliver',
  tag: 'Webhook management',
  summary: 'Send a notification again',
  description:
    'Queue the event for delivery now, whatever its status (pending, delivered or failed), with the same `event_id` and body and a fresh retry schedule; behind an earlier pending event of its session, it waits for that one (`next_attempt_at` null). It goes to the session\u2019s current `notification_url` (or your merchant one) with the current `notification_auth` and signing secret, so fix those first. Your endpoint may therefore receive an event twice: deduplicate on `event_id`.',
  auth: true,
  idempotent: true,
  pathParams: ['event_id'],
  responses: {
    '201': {
      description: 'Queued; it is sent within a second.',
      schema: WebhookEventResponseSchema,
      examples: one('Queued again', WEBHOOK_REDELIVER_RESPONSE_EXAMPLE),
    },
    '400': e400('Not a UUID', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /event_id must match format "uuid"',
      schema_errors: [{ field: '/event_id', message: 'must match format "uuid"', keyword: 'format' }],
      original_data: { event_id: 'not-a-uuid' },
    }),
    '401': e401,
    '404': eventNotFound,
    '500': e500,
  },
}

export const setNotificationUrl: OperationSpec = {
  id: 'setSessionNotificationUrl',
  method: 'put',
  path: '/webhooks/sessions/{checkout_session_id}/notification-url',
  tag: 'Webhook management',
  summary: 'Correct the notification URL of a session',
  description:
    'Replace the session\u2019s `merchant.notification_url`, whatever its status: also once the order is captured, cancelled or expired, when the order can no longer be updated (`PUT /checkout/{checkout_session_id}` answers 409 then). Only the URL changes; the order, its status and its other notification settings stay as they are. Every later try goes to the new URL: notifications still `pending` at their next try, and those you redeliver (a `failed` one is not sent again by itself). The answer is the session.',
  auth: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: NotificationUrlRequestSchema,
    examples: one('Corrected URL', NOTIFICATION_URL_REQUEST_EXAMPLE),
  },
  responses: {
    '200': {
      description: 'The session with its new `merchant.notification_url`.',
      schema: SessionResponseSchema,
      examples: one('Session', GET_SESSION_RESPONSE_EXAMPLE),
    },
    '400': e400('Not an http or https URL', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /notification_url must be an http or https URL',
      schema_errors: [
        { field: '/notification_url', message: 'must be an http or https URL', keyword: 'pattern' },
      ],
      original_data: { notification_url: 'shop.example.com/webhooks' },
    }),
    '401': e401,
    '404': e404,
    '500': e500,
  },
}

export const getWebhookSecret: OperationSpec = {
  id: 'getWebhookSecret',
  method: 'get',
  path: '/webhooks/secret',
  tag: 'Webhook management',
  summary: 'Get the signing secret',
  description: `The secret that signs your notifications (\`webhook-signature\`, HMAC-SHA256). Keep it on your server. After a rotation, \`previous_secret_expires_at\` says until when the old secret signs them too. ${verifyHint}`,
  auth: true,
  responses: {
    '200': {
      description: 'Your secret.',
      schema: WebhookSecretResponseSchema,
      examples: one('Secret', WEBHOOK_SECRET_RESPONSE_EXAMPLE),
    },
    '401': e401,
    '500': e500,
  },
}

export const rotateWebhookSecret: OperationSpec = {
  id: 'rotateWebhookSecret',
  method: 'post',
  path: '/webhooks/secret/rotate',
  tag: 'Webhook management',
  summary: 'Rotate the signing secret',
  description:
    'Replace the signing secret with a new one. From now on every try (retries of older events included) carries two signatures in `webhook-signature`, one with the new secret and one with the old, for `WEBHOOK_SECRET_OVERLAP_HOURS` of your sandbox clock (until `previous_secret_expires_at`); then the new secret only. A receiver holding either secret accepts the notifications meanwhile, so you can deploy the new one without an outage. For a secret that leaked, send `{"expire_previous_now": true}`: the old secret stops signing at once (and so does an older one still in its overlap). The body is optional.',
  auth: true,
  request: {
    schema: RotateWebhookSecretRequestSchema,
    examples: {
      default: { summary: 'Rotate, with a day of overlap', value: {} },
      leaked: { summary: 'The old secret leaked: stop it now', value: { expire_previous_now: true } },
    },
    required: false,
  },
  responses: {
    '201': {
      description: 'The new secret, and until when the old one still signs.',
      schema: WebhookSecretResponseSchema,
      examples: one('New secret', WEBHOOK_SECRET_ROTATED_RESPONSE_EXAMPLE),
    },
    '400': e400('Wrong type', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /expire_previous_now must be boolean',
      schema_errors: [{ field: '/expire_previous_now', message: 'must be boolean', keyword: 'type' }],
      original_data: { expire_previous_now: 'yes' },
    }),
    '401': e401,
    '500': e500,
  },
}

const pem = (description: string, summary: string): ResponseSpec => ({
  description,
  mediaType: 'application/x-pem-file',
  schema: PemCertificateSchema,
  examples: one(summary, PEM_CERTIFICATE_EXAMPLE),
})

export const downloadWebhookCaCertificate: OperationSpec = {
  id: 'downloadWebhookCaCertificate',
  method: 'get',
  path: '/webhooks/certificates/ca.pem',
  tag: 'Webhook management',
  summary: 'Download the CA of the client certificate',
  description:
    'For `notification_auth: {"authorization_cert": true}`: notifications then arrive over HTTPS presenting the Plazo client certificate, which this CA signs. Configure your TLS server to request a client certificate and trust only this CA for it (nginx `ssl_client_certificate ca.pem; ssl_verify_client on;`, Node `https.createServer({ca, requestCert: true, rejectUnauthorized: true})`). The sandbox makes the CA once and keeps it. Public material only: the private keys never leave Plazo.',
  auth: true,
  responses: {
    '200': pem('The CA certificate (PEM).', 'CA certificate'),
    '401': e401,
    '500': e500,
  },
}

export const downloadWebhookClientCertificate: OperationSpec = {
  id: 'downloadWebhookClientCertificate',
  method: 'get',
  path: '/webhooks/certificates/client.pem',
  tag: 'Webhook management',
  summary: 'Download the client certificate',
  description:
    'The certificate Plazo presents when it delivers notifications with `authorization_cert: true`, signed by the CA above. Pin it (for instance its SHA-256 fingerprint) if your server checks more than the CA. Public material only.',
  auth: true,
  responses: {
    '200': pem('The client certificate (PEM).', 'Client certificate'),
    '401': e401,
    '500': e500,
  },
}

/** Examples used only by tests and docs (kept here so they are validated with the others). */
export const EXTRA_REQUEST_EXAMPLES = [
  { schema: CheckoutSessionRequestSchema, value: CART_MISMATCH_REQUEST_EXAMPLE },
  { schema: CheckoutSessionRequestSchema, value: DISCOUNT_CART_EXAMPLE },
]

// Public client calls (docs/adr/0006): checkout-js makes them from the customer's browser with the agent id only.

const DEMO_AGENT_ID = 'a0a09c08-ec9b-4994-8a89-ddaf1e736565'
const BNPL_PRICING = {
  pricing_id: 'c43b3d61-4d4f-485b-83d3-1ce411c8d44d',
  name: 'BNPL instalments 0 %',
  payment_method_type: 'bnpl_instalments',
  periods: [3, 6, 9, 12],
  annual_interest: 0,
  max_grace_period: 0,
  setup_fee: null,
  insurance: null,
}
const CONSUMER_LOAN_PRICING = {
  pricing_id: '04b2041c-bcaa-400e-a0b5-c2e36db9d313',
  name: 'Consumer loan instalments 7.99 %',
  payment_method_type: 'consumer_loan_instalments',
  periods: [18, 24, 30, 36, 42, 48],
  annual_interest: 0.0799,
  max_grace_period: 3,
  setup_fee: null,
  insurance: null,
}

/** What the sandbox answers for `POST /client/simulate` of 300.00 EUR in 3 BNPL instalments (checked by the API tests). */
export const SIMULATION_REQUEST_EXAMPLE = {
  agent_id: DEMO_AGENT_ID,
  amount: 30000,
  payment_method_type: 'bnpl_instalments',
  period: 3,
}
export const SIMULATION_RESPONSE_EXAMPLE = {
  amount: { amount: 30000, currency: 'EUR' },
  offers: [
    {
      payment_method_type: 'bnpl_instalments',
      pricing_id: BNPL_PRICING.pricing_id,
      period: 3,
      conditions: {
        currency: 'EUR',
        principal: 30000,
        term: 3,
        user_defined_quota: 10000,
        interest: 0,
        apr: 0,
        insurance: null,
        grace_period: 0,
      },
      schedule: [
        { number: 1, month: 1, amount: 10000 },
        { number: 2, month: 2, amount: 10000 },
        { number: 3, month: 3, amount: 10000 },
      ],
      total_payable: 30000,
      total_cost_of_credit: 0,
    },
  ],
}

const agentNotFound: ResponseSpec = {
  description: 'No agent has this id.',
  schema: ErrorBodySchema,
  examples: one('Unknown agent', {
    status: 'ko',
    exception: 'plazo.agent.not_found',
    error: 'Agent 4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11 not found.',
  }),
}
const badAgentId = e400('Agent id not a UUID', {
  status: 'ko',
  exception: 'plazo.request.validation_failed',
  error: 'The request is not valid: /agent_id must match format "uuid"',
  schema_errors: [{ field: '/agent_id', message: 'must match format "uuid"', keyword: 'format' }],
  original_data: { agent_id: 'agent-online' },
})
const publicNote =
  'No token: the agent id is public, like a publishable key. Answers carry `access-control-allow-origin: *` (preflight answered), so pages on any origin can call it; send no cookies.'

export const getAgentConfiguration: OperationSpec = {
  id: 'getAgentConfiguration',
  method: 'get',
  path: '/client/agents/{agent_id}/configuration',
  tag: 'Client (public)',
  summary: 'Read what an agent offers',
  description: `The merchant name, purchase countries, currency, payment method types and public pricings of an agent (point of sale), for widgets and simulators; checkout-js \`agentConfiguration()\`. Never shows the merchant fee. ${publicNote}`,
  auth: false,
  pathParams: ['agent_id'],
  responses: {
    '200': {
      description: 'The agent configuration.',
      schema: AgentConfigurationSchema,
      examples: one('Demo Store, agent-online', {
        agent_id: DEMO_AGENT_ID,
        merchant_name: 'Demo Store',
        purchase_countries: ['ESP', 'FRA'],
        currency: 'EUR',
        payment_method_types: ['bnpl_instalments', 'consumer_loan_instalments'],
        pricings: [BNPL_PRICING, CONSUMER_LOAN_PRICING],
      }),
    },
    '400': badAgentId,
    '404': agentNotFound,
    '500': e500,
  },
}

export const getAgentPricings: OperationSpec = {
  id: 'getAgentPricings',
  method: 'get',
  path: '/client/agents/{agent_id}/pricings',
  tag: 'Client (public)',
  summary: "List an agent's public pricings",
  description: `Per payment method type: the terms offered, nominal interest, grace period, setup fee and insurance; checkout-js \`agentPricings()\`. ${publicNote}`,
  auth: false,
  pathParams: ['agent_id'],
  responses: {
    '200': {
      description: 'The public pricings.',
      schema: Type.Array(PublicPricingSchema, {
        title: 'PublicPricingList',
        description: 'The public pricings of an agent.',
      }),
      examples: one('Two pricings', [BNPL_PRICING, CONSUMER_LOAN_PRICING]),
    },
    '400': badAgentId,
    '404': agentNotFound,
    '500': e500,
  },
}

export const simulateOffers: OperationSpec = {
  id: 'simulateOffers',
  method: 'post',
  path: '/client/simulate',
  tag: 'Client (public)',
  summary: 'Simulate the loan conditions of an amount',
  description: `Every offer (conditions, schedule and totals) of the agent's financed payment methods for an amount in cents, or of the \`payment_method_type\` and \`period\` asked. The same computation as a payment intent's conditions: what the customer is shown is what the API records. Terms that cannot be priced (fewer cents than instalments) are left out. A type the agent does not finance or a term it does not offer answers 400 naming the field. checkout-js \`simulator()\`, \`paymentMethodConditions()\` and the SimulatorComponent use it. ${publicNote}`,
  auth: false,
  request: {
    schema: SimulationRequestSchema,
    examples: one('300.00 EUR in 3 BNPL instalments', SIMULATION_REQUEST_EXAMPLE),
  },
  responses: {
    '200': {
      description: 'The offers.',
      schema: SimulationResponseSchema,
      examples: one('3 × 100.00 EUR', SIMULATION_RESPONSE_EXAMPLE),
    },
    '400': e400('Term not offered', {
      status: 'ko',
      exception: 'plazo.request.validation_failed',
      error: 'The request is not valid: /period is not offered: the terms are 3, 6, 9, 12 months',
      schema_errors: [
        { field: '/period', message: 'is not offered: the terms are 3, 6, 9, 12 months', keyword: 'rule' },
      ],
      original_data: { ...SIMULATION_REQUEST_EXAMPLE, period: 24 },
    }),
    '404': agentNotFound,
    '500': e500,
  },
}
