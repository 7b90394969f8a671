import { formatSchemaErrors, type SchemaError } from '@plazo/contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, badRequest, isApiError, RateLimitedError } from '../errors.ts'
import { boundedErrorList, fitErrorBody } from './error-list.ts'
import { originalData } from './original-data.ts'

function send(reply: FastifyReply, error: ApiError) {
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds))
  if (error.status === 401) {
    // RFC 6750: the 401 body is {error, error_description} (spec §8), with a WWW-Authenticate challenge.
    return reply
      .status(401)
      .header('www-authenticate', `Bearer error="${error.exception}"`)
      .send({ error: error.exception, error_description: error.message })
  }
  const body: Record<string, unknown> = { status: 'ko', exception: error.exception, error: error.message }
  if (error.code === 'INVALID_CREDENTIALS') body.actionCode = 1001
  if (error.status === 400) {
    // Every 400 has one shape, whatever was wrong: a client parses one body, not one per cause.
    const schemaErrors = error.schemaErrors?.length
      ? boundedErrorList(error.schemaErrors)
      : [{ field: '/', message: error.message, keyword: 'request' }]
    // Rules checked after schema validation (dates in order, agent ownership…) throw without the body: a 400
    // echoes what was sent whichever check failed.
    const full = {
      ...body,
      schema_errors: schemaErrors,
      original_data: error.originalData ?? originalData(reply.request, undefined),
    }
    fitErrorBody(full)
    return reply.status(400).send(full)
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
    // The message names the first error, cut as its entry is: a key of the body can be as long as the body.
    const first = boundedErrorList(schemaErrors.slice(0, 1))[0]
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
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('MALFORMED_JSON', {
        field: 'Content-Length',
        message: 'does not match the length of the body',
        keyword: 'header',
      })
    case 'FST_ERR_CTP_INVALID_TYPE':
      return badRequest(
        'BAD_REQUEST',
        { field: 'Content-Type', message: 'is not a valid media type', keyword: 'header' },
        'The Content-Type header is not valid.',
      )
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return badRequest('MALFORMED_JSON', { field: '/', message: 'is not valid JSON', keyword: 'json' })
  }
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
      return send(
        reply,
        badRequest(
          'BAD_REQUEST',
          { field: 'URL', message: 'has a malformed percent-encoding', keyword: 'encoding' },
          'The URL has a malformed percent-encoding.',
        ),
      )
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(
        reply,
        badRequest(
          'BAD_REQUEST',
          { field: 'URL', message: 'has a path parameter over 100 characters', keyword: 'maxLength' },
          'A path parameter of the URL is too long.',
        ),
      )
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

  // An attacker could probe for valid URLs if 404s were expensive; they are answered from the router only.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? ''
    const allowed = allowedMethods(app, url)
    // A route of this method that found nothing to serve (a static file that is not there) is a 404 too.
    if (allowed.length === 0 || allowed.includes(request.method))
      return send(reply, new ApiError('ROUTE_NOT_FOUND', { method: request.method, url }))
    // RFC 9110 §15.5.6: a 405 lists the methods the path does take.
    reply.header('allow', allowed.join(', '))
    return send(
      reply,
      new ApiError('METHOD_NOT_ALLOWED', { method: request.method, url, allowed: allowed.join(', ') }),
    )
  })
}

const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const

/** The methods some route takes on this path (the router matches path parameters, slashes as for a call). */
function allowedMethods(app: FastifyInstance, url: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url }) !== null)
}

export { send as sendApiError }
