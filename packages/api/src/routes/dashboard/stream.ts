import type { DashboardNewSessionMessage, DashboardStreamMessage } from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import type { AuthService, Principal } from '../../domain/auth/index.ts'
import type { EventStream, StreamedEvent } from '../../domain/devtools/event-stream.ts'
import type { SessionFeed } from '../../domain/devtools/session-feed.ts'
import type { SessionCookies } from './session.ts'

/** Where the dashboard hears of its merchant's events as they are written (Server-Sent Events). */
export const STREAM_PATH = '/dashboard/api/stream'

/** Who a stream is open for: the cookie's token and its account. */
export interface StreamHolder extends Principal {
  token: string
}

export interface OpenStreams {
  /**
   * Ends at once the streams of this node whose holder matches: a sign-out (its login), a password change (its
   * user), an account deleted (its merchant). Each one is told `signed-out` first. A stream on another node ends
   * at its next check of the cookie (`recheckMs`).
   */
  end(match: (holder: StreamHolder) => boolean): void
}

export interface StreamOptions {
  events: EventStream
  sessions: SessionFeed
  auth: AuthService
  cookies: SessionCookies
  /** A comment line this often, so proxies and browsers keep an idle stream open (default 15 s). */
  heartbeatMs?: number | undefined
  /** How often the cookie's token is verified again, so a login ended on another node ends the stream too. */
  recheckMs?: number | undefined
}

const DEFAULT_HEARTBEAT_MS = 15_000
const DEFAULT_RECHECK_MS = 5_000

/**
 * The dashboard's live updates (docs/adr/0016): the signed-in merchant's events from the node's one EventStream
 * hub, as SSE messages without their bodies (the page reads what changed through the API), and its new sessions
 * (`event: session`) from the node's one SessionFeed. `app.inject` cannot
 * carry an endless answer, so this is a route of its own rather than the forwarded `/webhooks/events/stream`. It
 * ends when the browser goes, when the login ends (`event: signed-out`), and before the server closes. Messages
 * carry no `id`: a page that reconnects reads its lists again, which is all a resumed stream would give it.
 */
export function streamRoutes(scope: FastifyInstance, options: StreamOptions): OpenStreams {
  const { events, sessions, auth, cookies } = options
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
  const recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS
  const open = new Map<(signedOut: boolean) => void, StreamHolder>()
  // Streams never end by themselves: end them before the server waits for its connections to close.
  scope.addHook('preClose', async () => {
    for (const end of [...open.keys()]) end(false)
  })

  scope.get(
    STREAM_PATH,
    { onRequest: [cookies.sameOriginRead, cookies.authenticate] },
    async (request, reply) => {
      const holder: StreamHolder = { ...request.account, token: request.dashboardToken as string }
      const from = await events.cursorNow(holder.merchantId)
      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      })
      raw.write('retry: 2000\nevent: ready\ndata: {}\n\n')
      const stop = events.subscribe(
        holder.merchantId,
        from,
        (event: StreamedEvent) => {
          const message: DashboardStreamMessage = {
            event_id: event.event_id,
            type: event.type,
            checkout_session_id: event.checkout_session_id,
            redelivery: event.redelivery,
            created_at: event.created_at,
          }
          raw.write(`data: ${JSON.stringify(message)}\n\n`)
        },
        (error) => request.log.error({ err: error }, 'dashboard stream poll failed'),
      )
      // A create writes no event: new sessions come from their own feed, so the list shows them at once.
      const stopSessions = sessions.subscribe(
        holder.merchantId,
        (sessionId) => {
          const message: DashboardNewSessionMessage = { checkout_session_id: sessionId }
          raw.write(`event: session\ndata: ${JSON.stringify(message)}\n\n`)
        },
        (error) => request.log.error({ err: error }, 'dashboard session feed poll failed'),
      )
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), heartbeatMs)
      const recheck = setInterval(() => {
        auth.authenticate(holder.token).then(
          (result) => {
            if (!result.ok) end(true)
          },
          (error: unknown) =>
            request.log.error({ err: error }, 'dashboard stream could not verify its cookie'),
        )
      }, recheckMs)
      heartbeat.unref()
      recheck.unref()
      const end = (signedOut: boolean): void => {
        if (!open.delete(end)) return
        stop()
        stopSessions()
        clearInterval(heartbeat)
        clearInterval(recheck)
        if (raw.writableEnded) return
        // The page stops reconnecting with a cookie that no longer signs in, and finds out where it stands.
        if (signedOut) raw.write('event: signed-out\ndata: {}\n\n')
        raw.end()
      }
      open.set(end, holder)
      raw.on('close', () => end(false))
    },
  )

  return {
    end(match) {
      for (const [end, holder] of [...open]) if (match(holder)) end(true)
    },
  }
}
