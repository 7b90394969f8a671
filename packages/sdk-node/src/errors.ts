/** One invalid field of a 400 answer (`schema_errors` in the API's body). */
export interface PlazoSchemaError {
  field: string
  message: string
  keyword: string
}

export interface PlazoErrorInit {
  message: string
  status?: number | undefined
  exception?: string | undefined
  schemaErrors?: PlazoSchemaError[] | undefined
  requestId?: string | undefined
  raw?: unknown
  cause?: unknown
}

/**
 * Every error the SDK throws. `status` is the HTTP status (undefined when no answer came), `exception` the API's
 * machine-readable code (`plazo.checkout.cart_total_mismatch`, or `invalid_token` on a 401), `message` its
 * human-readable `error`, `requestId` the `x-request-id` to quote to support, `raw` the body as received.
 */
export class PlazoError extends Error {
  readonly status: number | undefined
  readonly exception: string | undefined
  readonly schemaErrors: PlazoSchemaError[] | undefined
  readonly requestId: string | undefined
  readonly raw: unknown

  constructor(init: PlazoErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = new.target.name
    this.status = init.status
    this.exception = init.exception
    this.schemaErrors = init.schemaErrors
    this.requestId = init.requestId
    this.raw = init.raw
  }
}

/** 400 (and 413, 415): the body, a header or the URL is invalid; `schemaErrors` says which field. */
export class PlazoInvalidRequestError extends PlazoError {}
/** 401: no access token, or an unknown, revoked or expired one that could not be renewed. */
export class PlazoAuthenticationError extends PlazoError {}
/** 403: wrong username or password, or the resource belongs to another merchant. */
export class PlazoPermissionError extends PlazoError {}
/** 404: no such checkout session, event or hosted page for this merchant. */
export class PlazoNotFoundError extends PlazoError {}
/** 409: the request conflicts with the state of the resource (cart total, state rules, request in progress). */
export class PlazoConflictError extends PlazoError {}
/** 410: the operation is no longer possible (its window has closed). */
export class PlazoRejectedError extends PlazoError {}
/** 422: the Idempotency-Key was used before with a different request. */
export class PlazoIdempotencyError extends PlazoError {}
/** 5xx, or any other status the SDK has no class for; a 500 has no body. */
export class PlazoApiError extends PlazoError {}
/** No answer: the connection failed, was reset or timed out on every try. */
export class PlazoConnectionError extends PlazoError {}

export type PlazoSignatureVerificationReason =
  | 'missing_header'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'no_matching_signature'
  | 'invalid_body'

/** A webhook whose signature, timestamp or headers do not check out. Answer it with a 400 and drop it. */
export class PlazoSignatureVerificationError extends PlazoError {
  readonly reason: PlazoSignatureVerificationReason

  constructor(reason: PlazoSignatureVerificationReason, message: string) {
    super({ message })
    this.reason = reason
  }
}

const CLASSES: Record<number, typeof PlazoError> = {
  400: PlazoInvalidRequestError,
  401: PlazoAuthenticationError,
  403: PlazoPermissionError,
  404: PlazoNotFoundError,
  409: PlazoConflictError,
  410: PlazoRejectedError,
  413: PlazoInvalidRequestError,
  415: PlazoInvalidRequestError,
  422: PlazoIdempotencyError,
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** The error for an API answer: its class by status, the fields from the error body (spec §8 or the 401 body). */
export function errorFromAnswer(status: number, body: unknown, requestId: string | undefined): PlazoError {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  // 401 bodies are OAuth-shaped ({error, error_description}); every other error body is {status:'ko', exception, error}.
  const exception = text(record.exception) ?? (status === 401 ? text(record.error) : undefined)
  const message =
    (status === 401 ? text(record.error_description) : text(record.error)) ??
    `The Plazo API answered ${status}${requestId ? ` (request ${requestId})` : ''}`
  const schemaErrors = Array.isArray(record.schema_errors)
    ? (record.schema_errors as PlazoSchemaError[])
    : undefined
  const ErrorClass = CLASSES[status] ?? PlazoApiError
  return new ErrorClass({ status, exception, message, schemaErrors, requestId, raw: body })
}
