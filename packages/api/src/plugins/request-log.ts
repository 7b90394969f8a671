import type { FastifyInstance } from 'fastify'
import { bodyText, type RequestLog } from '../domain/devtools/request-log.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The response body sent, kept for the sandbox request log (calls made with a merchant's token only). */
    loggedPayload: unknown
  }
}

/**
 * Sandbox only: every call made with a merchant's token goes to its request log (`plazo logs tail`), with the
 * bodies sent and answered. Calls without a token (login, the hosted page, the browser calls) have no merchant
 * and are not logged, nor are the log's own reads and the event stream (`skip`), nor the dashboard's calls
 * (`marker`: it polls, and would push the integration's own calls out of the log).
 */
export function registerRequestLog(
  app: FastifyInstance,
  requestLog: RequestLog,
  skip: readonly string[],
  /** A header whose value marks a call to leave out (the dashboard's forwarded calls; the value is secret). */
  marker?: { header: string; value: string },
): void {
  app.decorateRequest('loggedPayload', undefined)
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.principal) request.loggedPayload = payload
    done(null, payload)
  })
  app.addHook('onResponse', (request, reply, done) => {
    const principal = request.principal
    if (principal && (marker === undefined || request.headers[marker.header] !== marker.value)) {
      const url = request.url
      const query = url.indexOf('?')
      const path = query === -1 ? url : url.slice(0, query)
      if (!skip.some((prefix) => path === prefix || path === `${prefix}/`)) {
        const key = request.headers['idempotency-key']
        requestLog.record({
          merchant_id: principal.merchantId,
          request_id: String(request.id),
          method: request.method,
          path,
          status: reply.statusCode,
          duration_ms: Math.round(reply.elapsedTime),
          idempotency_key: typeof key === 'string' ? key : null,
          login_id: principal.loginId ?? null,
          request_text: bodyText(request.body),
          response_text: bodyText(request.loggedPayload),
        })
      }
    }
    done()
  })
}
