import { formatSchemaErrors, type SchemaError } from '@plazo/contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, isApiError } from '../errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as received, kept so a 400 can echo it as `original_data`. */
    rawBody?: string
  }
}

/** The body as sent: parsed from the raw text, or the raw text itself when it is not JSON. */
function originalData(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'params') return request.params
  if (context === 'querystring') return request.query
  if (request.rawBody === undefined) return request.body ?? null
  try {
    return JSON.parse(request.rawBody)
  } catch {
    return request.rawBody
  }
}

function send(reply: FastifyReply, error: ApiError) {
  if (error.status === 401) {
    // RFC 6750: the 401 body is {error, error_description} (spec §8), with a WWW-Authenticate challenge.
    return reply
      .status(401)
      .header('www-authenticate', `Bearer error="${error.exception}"`)
      .send({ error: error.exception, error_description: error.message })
  }
  const body: Record<string, unknown> = { status: 'ko', exception: error.exception, error: error.message }
  if (error.code === 'INVALID_CREDENTIALS') body.actionCode = 1001
  if (error.status === 400 && error.schemaErrors) {
    body.schema_errors = error.schemaErrors
    // Rules checked after schema validation (dates in order, agent ownership…) throw without the body: a 400
    // echoes what was sent whichever check failed.
    body.original_data = error.originalData ?? originalData(reply.request, undefined)
  }
  return reply.status(error.status).send(body)
}

/** Map whatever was thrown to the documented error body; the only place errors become HTTP. */
export function toApiError(error: FastifyError | Error, request: FastifyRequest): ApiError | undefined {
  if (isApiError(error)) return error
  const fastifyError = error as FastifyError
  if (fastifyError.validation) {
    const context = fastifyError.validationContext
    const schemaErrors: SchemaError[] = formatSchemaErrors(fastifyError.validation as never)
    const first = schemaErrors[0]
    return new ApiError(
      'VALIDATION',
      { detail: first ? `${first.field} ${first.message}` : 'invalid request' },
      { schemaErrors, originalData: originalData(request, context) },
    )
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', {
        type: String(request.headers['content-type'] ?? 'none'),
      })
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('MALFORMED_JSON')
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError('BAD_REQUEST', { detail: 'The Content-Type header is not valid.' })
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) return new ApiError('MALFORMED_JSON')
  if (fastifyError.statusCode === 413) return new ApiError('PAYLOAD_TOO_LARGE')
  if (fastifyError.statusCode === 415) {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', { type: String(request.headers['content-type'] ?? 'none') })
  }
  return undefined
}

/**
 * What Fastify refuses before routing (a malformed percent-encoding, a path parameter over 100 characters)
 * skips the hooks and the error handler; the `frameworkErrors` option hands it here, so it gets the documented
 * body and an x-request-id like every other answer.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id)
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return send(reply, new ApiError('BAD_REQUEST', { detail: 'The URL has a malformed percent-encoding.' }))
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(reply, new ApiError('BAD_REQUEST', { detail: 'A path parameter of the URL is too long.' }))
  }
  request.log.error({ err: error }, 'unhandled framework error')
  return reply.status(500).send()
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error, request)
    if (apiError) return send(reply, apiError)
    // A 5xx never leaks its cause to the client: it is logged with the request id, the body is empty.
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send()
  })

  // An attacker could probe for valid URLs if 404s were expensive; they are answered from the catalogue only.
  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      new ApiError('ROUTE_NOT_FOUND', { method: request.method, url: request.url.split('?')[0] ?? '' }),
    ),
  )
}

export { send as sendApiError }
