import type { TSchema } from 'typebox'
import { ErrorBodySchema, UnauthorizedBodySchema, ValidationErrorBodySchema } from '../../errors.ts'
import { ERROR_EXAMPLES } from '../../examples/index.ts'
import { validationErrorExample } from '../../examples/validation.ts'

/** What every call's OpenAPI description is made of: the operation and response shapes, and the answers many calls share. */

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
  pathParams?: Array<'checkout_session_id' | 'hpp_id' | 'event_id' | 'agent_id' | 'integration_check_id'>
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
export const e401: ResponseSpec = {
  description: 'Missing, unknown or expired bearer token.',
  schema: UnauthorizedBodySchema,
  examples: {
    missing: { summary: 'No token', value: ERROR_EXAMPLES.tokenMissing },
    invalid: { summary: 'Invalid or expired token', value: ERROR_EXAMPLES.tokenInvalid },
  },
}
/** A path id that is not a UUID: the same 400 on every call with `{checkout_session_id}`. */
export const sessionIdNotUuid = e400(
  'Not a UUID',
  validationErrorExample(
    [{ field: '/checkout_session_id', message: 'must match format "uuid"', keyword: 'format' }],
    { checkout_session_id: 'not-a-uuid' },
  ),
)

export const e404: ResponseSpec = {
  description:
    'No checkout session with this id belongs to your merchant (another merchant\u2019s ids answer the same).',
  schema: ErrorBodySchema,
  examples: one('Unknown session', ERROR_EXAMPLES.notFound),
}
export const e409state: ResponseSpec = {
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
    description: `The body is not JSON of UTF-8 text, or nests more than 64 levels deep (\`schema_errors\` names the body, \`/\`), or gives a key twice in one object, or has a string with a NUL character or a lone surrogate (\`schema_errors\` names the key or the string): what is stored is always what was sent. \`original_data\` echoes the body as sent, as a string.`,
    schema: ValidationErrorBodySchema,
    examples: one('Not JSON', ERROR_EXAMPLES.malformedJson),
  },
  '413': {
    description: 'The body is larger than 1 MiB (`BODY_LIMIT_BYTES`).',
    schema: ErrorBodySchema,
    examples: one('Too large', ERROR_EXAMPLES.payloadTooLarge),
  },
  '415': {
    description:
      'The body is not `application/json`, or declares a charset other than UTF-8 (`charset=utf-8`, or none).',
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
