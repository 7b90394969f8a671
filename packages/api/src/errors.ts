import { ERRORS, type ErrorCode, formatMessage, type SchemaError } from '@plazo/contract'

/**
 * An error the API answers with. Created only from the contract's catalogue (`ERRORS`), so every status,
 * exception path and message a merchant can receive is listed in one place and documented from there.
 * The global error handler is the only code that turns one into an HTTP body.
 */
export class ApiError extends Error {
  readonly status: number
  readonly exception: string
  readonly code: ErrorCode
  readonly schemaErrors: SchemaError[] | undefined
  readonly originalData: unknown

  constructor(
    code: ErrorCode,
    values: Record<string, string | number> = {},
    extra: { schemaErrors?: SchemaError[]; originalData?: unknown } = {},
  ) {
    const entry = ERRORS[code]
    super(formatMessage(entry.message, values))
    this.name = 'ApiError'
    this.code = code
    this.status = entry.status
    this.exception = entry.exception
    this.schemaErrors = extra.schemaErrors
    this.originalData = extra.originalData
  }
}

/** A 400 that names fields, for rules JSON Schema cannot express (dates in order, agent ownership…). */
export function invalidFields(errors: SchemaError[], originalData: unknown): ApiError {
  const first = errors[0]
  const detail = first ? `${first.field} ${first.message}` : 'invalid request'
  return new ApiError('VALIDATION', { detail }, { schemaErrors: errors, originalData })
}

/**
 * A 400 for what is refused before the schema is checked (a body that is not JSON, an invalid header, a
 * malformed URL): it names what was wrong in `schema_errors` like any 400, and echoes the body as sent.
 */
export function badRequest(
  code: 'MALFORMED_JSON' | 'BAD_REQUEST',
  error: SchemaError,
  detail = `${error.field} ${error.message}`,
  originalData?: unknown,
): ApiError {
  return new ApiError(code, { detail }, { schemaErrors: [error], originalData })
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** 429 with the seconds to wait; the error handler says them in a `Retry-After` header too. */
export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number

  constructor(seconds: number) {
    super('RATE_LIMITED', { seconds })
    this.retryAfterSeconds = seconds
  }
}
