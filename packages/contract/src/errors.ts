import Type from 'typebox'
import { enumOf } from './enums.ts'

/**
 * Error bodies (spec §8) and the catalogue of every error the API returns. The API's error handler is the
 * only place that turns these into HTTP answers; the docs render the catalogue on /docs/api/globals.
 */

export const SchemaErrorSchema = Type.Object(
  {
    field: Type.String({
      description:
        'What is invalid: a JSON pointer into the body (`/cart/items/0/units`; `/` is the body as a whole), or into the path parameters or the query (`/checkout_session_id`); the name of a header (`Idempotency-Key`, `Content-Type`, `Content-Length`); or `URL` for the URL itself.',
    }),
    message: Type.String({ description: 'What is wrong with it.' }),
    keyword: Type.String({
      description:
        'The JSON Schema rule that failed (`required`, `type`, `minimum`, `maxLength`…), or the check made before the schema: `json` (the body is not JSON), `maxDepth` (it nests too deep), `encoding` (a malformed percent-encoding in the URL).',
    }),
  },
  { title: 'SchemaError', description: 'One invalid field.' },
)

export const ErrorBodySchema = Type.Object(
  {
    status: Type.Literal('ko'),
    exception: Type.String({
      description: 'Machine-readable error path, e.g. `plazo.checkout.cart_total_mismatch`.',
    }),
    error: Type.String({ description: 'Human-readable message.' }),
  },
  { title: 'ErrorBody', description: 'Every API error except 401 and 500.' },
)

export const ValidationErrorBodySchema = Type.Object(
  {
    status: Type.Literal('ko'),
    exception: Type.String(),
    error: Type.String(),
    schema_errors: Type.Array(SchemaErrorSchema, {
      minItems: 1,
      description: 'One entry per invalid field, header or part of the URL.',
    }),
    original_data: Type.Unknown({
      description:
        'The body as sent: parsed when it is JSON, else the text itself; the path parameters or the query when those are invalid; `null` when there is no body (or the URL was refused before it was read). Past 16 KiB (`ORIGINAL_DATA_MAX_BYTES`) it is a string: the first 16 KiB of the body as sent, then a note that says how many bytes were sent.',
    }),
  },
  {
    title: 'ValidationErrorBody',
    description:
      '400: the request is not valid (its body, a header, the path or the query). Every 400 has this shape, whatever was wrong.',
  },
)

export const UnauthorizedBodySchema = Type.Object(
  {
    error: enumOf(['invalid_request', 'invalid_token'] as const),
    error_description: Type.String(),
  },
  {
    title: 'UnauthorizedBody',
    description:
      '401: `invalid_request` / `The access token is missing` when no bearer token is sent; `invalid_token` when it is unknown, revoked or expired.',
  },
)

export const ForbiddenBodySchema = Type.Object(
  {
    status: Type.Literal('ko'),
    exception: Type.String(),
    error: Type.String(),
    actionCode: Type.Literal(1001),
  },
  { title: 'ForbiddenBody', description: '403: invalid login credentials (actionCode 1001).' },
)

export const INVALID_CREDENTIALS_MESSAGE =
  'Invalid login credentials. Username or password might not be valid or not registered'
export const ACCESS_TOKEN_MISSING_MESSAGE = 'The access token is missing'

/** The exact 409 cart message of spec §8. */
export function cartTotalMismatchMessage(total: number, sum: number): string {
  return `The total price of the cart (${total}) differs from the sum of all the items total price (${sum}).`
}

export interface CatalogueEntry {
  code: string
  status: number
  exception: string
  /** Message template; `{name}` placeholders are filled when the error is created. */
  message: string
  when: string
}

function entry(
  code: string,
  status: number,
  exception: string,
  message: string,
  when: string,
): CatalogueEntry {
  return { code, status, exception, message, when }
}

export const ERRORS = {
  VALIDATION: entry(
    'VALIDATION',
    400,
    'plazo.request.validation_failed',
    'The request is not valid: {detail}',
    'The body, path or query fails schema validation; `schema_errors` lists each invalid field.',
  ),
  MALFORMED_JSON: entry(
    'MALFORMED_JSON',
    400,
    'plazo.request.malformed_json',
    'The body is not valid JSON.',
    "The body cannot be parsed as JSON; `schema_errors` names the body (`/`, keyword `json`) with the parser's reason.",
  ),
  BAD_REQUEST: entry(
    'BAD_REQUEST',
    400,
    'plazo.request.bad_request',
    '{detail}',
    'The request is not valid for a reason the message gives, before its schema is checked: a body nested too deep, an invalid `Idempotency-Key` or `Content-Type` header, a malformed URL. `schema_errors` names the body, the header or the URL.',
  ),
  TOKEN_MISSING: entry(
    'TOKEN_MISSING',
    401,
    'invalid_request',
    ACCESS_TOKEN_MISSING_MESSAGE,
    'No `Authorization: Bearer` header.',
  ),
  TOKEN_INVALID: entry(
    'TOKEN_INVALID',
    401,
    'invalid_token',
    'The access token is invalid or has expired',
    'The bearer token is unknown, revoked or expired: log in again or refresh.',
  ),
  INVALID_CREDENTIALS: entry(
    'INVALID_CREDENTIALS',
    403,
    'plazo.auth.invalid_credentials',
    INVALID_CREDENTIALS_MESSAGE,
    'Login with a wrong username or password, or refresh with an unknown or used refresh token (actionCode 1001).',
  ),
  ROUTE_NOT_FOUND: entry(
    'ROUTE_NOT_FOUND',
    404,
    'plazo.route.not_found',
    'Route {method} {url} not found.',
    'No such endpoint.',
  ),
  METHOD_NOT_ALLOWED: entry(
    'METHOD_NOT_ALLOWED',
    405,
    'plazo.route.method_not_allowed',
    'Method {method} is not allowed on {url}: use {allowed}.',
    'The path exists but does not take this method; the `Allow` header lists the methods it takes.',
  ),
  SESSION_NOT_FOUND: entry(
    'SESSION_NOT_FOUND',
    404,
    'plazo.checkout.not_found',
    'Checkout session {id} not found.',
    'No checkout session with that id belongs to your merchant.',
  ),
  HPP_NOT_FOUND: entry(
    'HPP_NOT_FOUND',
    404,
    'plazo.hpp.not_found',
    'Hosted payment page {id} not found.',
    'No hosted page with that id belongs to your merchant.',
  ),
  AGENT_NOT_FOUND: entry(
    'AGENT_NOT_FOUND',
    404,
    'plazo.agent.not_found',
    'Agent {id} not found.',
    'No agent (point of sale) has that id: check the `agentId` given to checkout-js.',
  ),
  EVENT_NOT_FOUND: entry(
    'EVENT_NOT_FOUND',
    404,
    'plazo.webhook.event_not_found',
    'Event {id} not found.',
    'No event with that id belongs to your merchant.',
  ),
  INTEGRATION_CHECK_NOT_FOUND: entry(
    'INTEGRATION_CHECK_NOT_FOUND',
    404,
    'plazo.integration_check.not_found',
    'Integration check {id} not found.',
    'No integration check run with that id belongs to your merchant.',
  ),
  CART_TOTAL_MISMATCH: entry(
    'CART_TOTAL_MISMATCH',
    409,
    'plazo.checkout.cart_total_mismatch',
    'The total price of the cart ({total}) differs from the sum of all the items total price ({sum}).',
    '`cart.total_price_with_tax` is not the sum of the items `total_price_with_tax`.',
  ),
  INVALID_TRANSITION: entry(
    'INVALID_TRANSITION',
    409,
    'plazo.checkout.invalid_state',
    '{detail}',
    'The session status does not allow the operation (e.g. update after capture, cancel after capture, capture before confirmation).',
  ),
  ALREADY_CAPTURED: entry(
    'ALREADY_CAPTURED',
    409,
    'plazo.capture.already_captured',
    'Order line {id} already captured.',
    'Every order line of the session has already been captured.',
  ),
  ALREADY_REFUNDED: entry(
    'ALREADY_REFUNDED',
    409,
    'plazo.refund.already_refunded',
    'Order line {id} already refunded.',
    'An order line in `refunded_item_ids` was refunded before.',
  ),
  NOT_CAPTURED: entry(
    'NOT_CAPTURED',
    409,
    'plazo.refund.not_captured',
    'Order line {id} has not been captured.',
    'A refund names an order line that was never captured, or nothing was captured yet.',
  ),
  REFUND_EXCEEDS_CAPTURED: entry(
    'REFUND_EXCEEDS_CAPTURED',
    409,
    'plazo.refund.exceeds_captured',
    'The refunded amount ({amount}) exceeds the captured amount not yet refunded ({available}).',
    '`refunded_amount` is above the captured total minus what was refunded.',
  ),
  IDEMPOTENCY_IN_PROGRESS: entry(
    'IDEMPOTENCY_IN_PROGRESS',
    409,
    'plazo.idempotency.in_progress',
    'A request with this Idempotency-Key is still being processed.',
    'A retry arrived while the first request with the same key is still running: retry later.',
  ),
  INTEGRATION_CHECK_NOT_WAITING: entry(
    'INTEGRATION_CHECK_NOT_WAITING',
    409,
    'plazo.integration_check.not_waiting',
    'Integration check {id} is not waiting for answers: {detail}',
    'Answers were reported for an integration check run that is done, or whose notifications the sandbox sends itself.',
  ),
  LENDER_REJECTED: entry(
    'LENDER_REJECTED',
    410,
    'plazo.lender.rejected',
    'The lender rejected the {operation}.',
    'A transactional capture or refund was rejected by the lender; nothing changed.',
  ),
  PAYLOAD_TOO_LARGE: entry(
    'PAYLOAD_TOO_LARGE',
    413,
    'plazo.request.payload_too_large',
    'The body is larger than 1 MiB.',
    'Bodies are limited to 1 MiB.',
  ),
  UNSUPPORTED_MEDIA_TYPE: entry(
    'UNSUPPORTED_MEDIA_TYPE',
    415,
    'plazo.request.unsupported_media_type',
    'Content-Type {type} is not supported: send application/json.',
    'The body is not JSON.',
  ),
  IDEMPOTENCY_MISMATCH: entry(
    'IDEMPOTENCY_MISMATCH',
    422,
    'plazo.idempotency.key_reused',
    'This Idempotency-Key was already used with a different request.',
    'The same Idempotency-Key was sent with another body, method or path within 24 h (bodies are compared as parsed JSON: key order and spacing do not count).',
  ),
  RATE_LIMITED: entry(
    'RATE_LIMITED',
    429,
    'plazo.request.rate_limited',
    'Too many requests: retry after {seconds} s.',
    'Too many requests from one client.',
  ),
} as const satisfies Record<string, CatalogueEntry>

export type ErrorCode = keyof typeof ERRORS

/** The catalogue as a list, for documentation. 500 has no body. */
export const ERROR_CATALOGUE: readonly CatalogueEntry[] = [
  ...Object.values(ERRORS),
  entry(
    'INTERNAL',
    500,
    '',
    '',
    'An internal error. The response has no body; the cause is logged with the request id.',
  ),
]

/** Fill a message template. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  )
}
