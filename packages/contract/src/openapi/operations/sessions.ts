import {
  EmbeddedCreateResponseSchema,
  GetSessionResponseSchema,
  HppCreateResponseSchema,
  SESSION_LIST_DEFAULT_LIMIT,
  SessionListQuerySchema,
  SessionListResponseSchema,
} from '../../checkout-session.ts'
import {
  CheckoutSessionRequestSchema,
  EmbeddedCheckoutSessionRequestSchema,
  HppCheckoutSessionRequestSchema,
  PaymentIntentRequestSchema,
} from '../../checkout-session-request.ts'
import { ErrorBodySchema } from '../../errors.ts'
import {
  ARTICLE_TYPES,
  CANCELLED_SESSION_RESPONSE_EXAMPLE,
  CART_MISMATCH_REQUEST_EXAMPLE,
  DISCOUNT_CART_EXAMPLE,
  EMBEDDED_CREATE_RESPONSE_EXAMPLE,
  ERROR_EXAMPLES,
  embeddedRequestExample,
  GET_SESSION_RESPONSE_EXAMPLE,
  HPP_CREATE_RESPONSE_EXAMPLE,
  hppRequestExample,
  PAYMENT_INTENT_REQUEST_EXAMPLE,
} from '../../examples/index.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import { SessionResponseSchema } from '../../order-management.ts'
import {
  type Example,
  e400,
  e401,
  e404,
  e409state,
  e500,
  type OperationSpec,
  one,
  type ResponseSpec,
  sessionIdNotUuid,
} from './responses.ts'

/** Checkout sessions: create (embedded, hosted page), the payment intent, read, update, cancel, confirm. */

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

const listQuery = SessionListQuerySchema.properties

export const listSessions: OperationSpec = {
  id: 'listCheckoutSessions',
  method: 'get',
  path: '/checkout',
  tag: 'Checkout sessions',
  summary: 'List checkout sessions',
  description: `Your checkout sessions, newest first, each as \`GET /checkout/{checkout_session_id}\` returns it; never another merchant's. Filter by \`status\`, \`mode\` and creation time (\`created_from\`, \`created_to\`, both inclusive). A page holds \`limit\` sessions (${SESSION_LIST_DEFAULT_LIMIT} by default); when \`has_more\` is true, ask for the next page with \`starting_after\` set to the \`id\` of the last session of this one. Sessions created meanwhile never shift a page: they come before the first.`,
  auth: true,
  queryParams: [
    {
      name: 'status',
      description: 'Only sessions in this status.',
      required: false,
      schema: listQuery.status,
    },
    { name: 'mode', description: 'Only sessions of this mode.', required: false, schema: listQuery.mode },
    ...(['created_from', 'created_to', 'limit', 'starting_after'] as const).map((name) => ({
      name,
      description: (listQuery[name] as { description: string }).description,
      required: false,
      schema: listQuery[name],
    })),
  ],
  responses: {
    '200': {
      description: 'A page of sessions, newest first.',
      schema: SessionListResponseSchema,
      examples: one('One page', {
        status: 'ok',
        payload: [GET_SESSION_RESPONSE_EXAMPLE.payload],
        has_more: true,
      }),
    },
    '400': e400(
      'Limit too large',
      validationErrorExample([{ field: '/limit', message: 'must be <= 100', keyword: 'maximum' }], {
        limit: '500',
      }),
    ),
    '401': e401,
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

/** Examples used only by tests and docs (kept here so they are validated with the others). */
export const EXTRA_REQUEST_EXAMPLES = [
  { schema: CheckoutSessionRequestSchema, value: CART_MISMATCH_REQUEST_EXAMPLE },
  { schema: CheckoutSessionRequestSchema, value: DISCOUNT_CART_EXAMPLE },
]
