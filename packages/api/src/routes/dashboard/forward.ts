import { type CheckoutSession, SessionSearchQuerySchema, type Static } from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import type { SessionSearch } from '../../domain/devtools/session-search.ts'
import { DashboardError } from './errors.ts'
import type { SessionCookies } from './session.ts'

/** Where the dashboard reaches the merchant API: `/dashboard/api/v2/<path>` is `/api/v2/<path>`. */
export const FORWARD_PREFIX = '/dashboard/api/v2'

/** What the dashboard never calls through its cookie: logins are its own routes, and a stream never ends. */
const NOT_FORWARDED = [/^\/auth(\/|$)/, /^\/webhooks\/events\/stream(\/|$)/]

/** Headers of the API's answer the dashboard reads. */
const ANSWER_HEADERS = ['content-type', 'retry-after', 'x-request-id', 'allow', 'content-disposition']

export interface ForwardOptions {
  /** The whole app, which answers the forwarded call in-process. */
  app: FastifyInstance
  search: SessionSearch
  cookies: SessionCookies
  apiPrefix: string
  /** Marks a forwarded call, so the merchant's request log leaves it out (its value is known in-process only). */
  marker: { header: string; value: string }
}

/**
 * The merchant API as the dashboard calls it: the session cookie becomes the bearer token and the call is
 * answered by the API's own route in-process (`app.inject`), so the dashboard sees exactly what the API, the
 * SDK and the CLI see (the same validation, errors, idempotency, merchant scoping). The body is passed on as
 * the text the browser sent. The dashboard's calls are not in the request log: it polls, and the log is for
 * the calls of the merchant's own integration.
 */
export async function forwardRoutes(scope: FastifyInstance, options: ForwardOptions): Promise<void> {
  const { cookies } = options
  await scope.register(async (forward) => {
    // The API parses the body; here it is only carried, as sent.
    forward.removeAllContentTypeParsers()
    forward.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    forward.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${FORWARD_PREFIX}/*`,
      onRequest: [cookies.sameOrigin, cookies.authenticate],
      handler: async (request, reply) => {
        const rest = request.url.slice(FORWARD_PREFIX.length)
        const path = rest.split('?')[0] ?? ''
        if (NOT_FORWARDED.some((pattern) => pattern.test(path))) {
          throw new DashboardError('NOT_FORWARDED', { path: `${options.apiPrefix}${path}`.slice(0, 200) })
        }
        const headers: Record<string, string> = {
          authorization: `Bearer ${request.dashboardToken}`,
          [options.marker.header]: options.marker.value,
        }
        for (const name of ['content-type', 'idempotency-key', 'accept']) {
          const value = request.headers[name]
          if (typeof value === 'string') headers[name] = value
        }
        const answer = await options.app.inject({
          method: request.method as 'GET',
          url: `${options.apiPrefix}${rest}`,
          headers,
          ...(typeof request.body === 'string' && request.body !== '' ? { payload: request.body } : {}),
        })
        for (const name of ANSWER_HEADERS) {
          const value = answer.headers[name]
          if (value !== undefined) reply.header(name, value)
        }
        return reply.status(answer.statusCode).send(answer.rawPayload)
      },
    })
  })

  scope.get<{ Querystring: Static<typeof SessionSearchQuerySchema> }>(
    '/dashboard/api/sessions/search',
    { onRequest: [cookies.authenticate], schema: { querystring: SessionSearchQuerySchema } },
    async (request): Promise<{ status: 'ok'; payload: CheckoutSession[] }> => ({
      status: 'ok',
      payload: await options.search.search(request.account.merchantId, request.query.q),
    }),
  )
}
