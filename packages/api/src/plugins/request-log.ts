import type { FastifyInstance } from 'fastify'
import { bodyText, type RequestLog } from '../domain/devtools/request-log.ts'
import { rawText } from './original-data.ts'

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
  // Recorded when the answer is ready to go (onSend, after the other hooks that may change it), not once it has
  // gone (onResponse): an onResponse hook makes Fastify listen to every response's events, a cost every call
  // pays. The duration is the API's time to answer, without the network's.
  app.addHook('onSend', (request, reply, payload, done) => {
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
          // The body as sent when it came as bytes (no second serialisation), else as parsed.
          request_text: bodyText(rawText(request) ?? request.body),
          response_text: bodyText(payload),
        })
      }
    }
    done(null, payload)
  })
}
