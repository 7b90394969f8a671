import {
  EventStreamQuerySchema,
  LatestEventsQuerySchema,
  RequestLogQuerySchema,
  type Static,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import {
  type EventStream,
  formatCursor,
  parseCursor,
  type StreamedEvent,
} from '../../domain/devtools/event-stream.ts'
import type { RequestLog } from '../../domain/devtools/request-log.ts'
import { integerQuery } from '../query.ts'

/** Paths the request log leaves out: its own reads and the stream (a call that lasts as long as a listener). */
export const DEVTOOLS_PATHS = ['/api/v2/webhooks/events/stream', '/api/v2/test-helpers/request-log']

const HEARTBEAT_MS = 15_000

/**
 * The sandbox's developer tools (what `plazo listen` and `plazo logs tail` read). Registered only when
 * PLAZO_SANDBOX is on; each acts on the caller's merchant only.
 */
export function devtoolsRoutes(app: FastifyInstance, stream: EventStream, requestLog: RequestLog): void {
  const authenticated = { onRequest: [app.authenticate] }
  const open = new Set<() => void>()
  // Streams never end by themselves: end them before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end()
  })

  app.get<{ Querystring: Static<typeof EventStreamQuerySchema> }>(
    '/webhooks/events/stream',
    {
      ...authenticated,
      preValidation: integerQuery('timeout'),
      schema: { querystring: EventStreamQuerySchema },
    },
    async (request, reply) => {
      const merchantId = request.principal.merchantId
      const header = request.headers['last-event-id']
      const from =
        parseCursor(Array.isArray(header) ? header[0] : header) ?? (await stream.cursorNow(merchantId))
      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      })
      raw.write(
        `retry: 1000\nevent: ready\nid: ${formatCursor(from)}\ndata: {"cursor":"${formatCursor(from)}"}\n\n`,
      )
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS)
      const timeout = request.query.timeout
      const deadline = timeout === undefined ? undefined : setTimeout(() => end(), timeout * 1000)
      heartbeat.unref()
      const stop = stream.subscribe(
        merchantId,
        from,
        (event: StreamedEvent) => {
          const { cursor, ...data } = event
          raw.write(`id: ${cursor}\ndata: ${JSON.stringify(data)}\n\n`)
        },
        (error) => request.log.error({ err: error }, 'event stream poll failed'),
      )
      const end = (): void => {
        open.delete(end)
        stop()
        clearInterval(heartbeat)
        clearTimeout(deadline)
        if (!raw.writableEnded) raw.end()
      }
      open.add(end)
      raw.on('close', end)
    },
  )

  app.get<{ Querystring: Static<typeof LatestEventsQuerySchema> }>(
    '/webhooks/events/latest',
    {
      ...authenticated,
      preValidation: integerQuery('limit'),
      schema: { querystring: LatestEventsQuerySchema },
    },
    async (request) => {
      const merchantId = request.principal.merchantId
      const events = await stream.latest(merchantId, request.query.limit ?? 50, request.query.order)
      return { status: 'ok', payload: events, identifier: merchantId }
    },
  )

  app.get<{ Querystring: Static<typeof RequestLogQuerySchema> }>(
    '/test-helpers/request-log',
    {
      ...authenticated,
      preValidation: integerQuery('limit'),
      schema: { querystring: RequestLogQuerySchema },
    },
    async (request) => {
      const merchantId = request.principal.merchantId
      const entries = await requestLog.list(merchantId, request.query)
      return { status: 'ok', payload: entries, identifier: merchantId }
    },
  )
}
