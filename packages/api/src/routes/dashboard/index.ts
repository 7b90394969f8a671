import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import type { AuthService, Principal } from '../../domain/auth/index.ts'
import type { EventStream } from '../../domain/devtools/event-stream.ts'
import type { SessionFeed } from '../../domain/devtools/session-feed.ts'
import type { SessionSearch } from '../../domain/devtools/session-search.ts'
import type { Accounts } from '../../domain/sandbox/accounts.ts'
import type { Clock } from '../../domain/sandbox/clock.ts'
import type { SignUp } from '../../domain/sandbox/sign-up.ts'
import { accountRoutes } from './account.ts'
import { registerDashboardErrors } from './errors.ts'
import { forwardRoutes } from './forward.ts'
import { dashboardPageRoutes } from './pages.ts'
import { sessionCookies } from './session.ts'
import { streamRoutes } from './stream.ts'

export { FORWARD_PREFIX } from './forward.ts'
export { DASHBOARD_ASSETS_PREFIX, DEFAULT_DASHBOARD_DIST } from './pages.ts'
export { COOKIE_PATH, SESSION_COOKIE } from './session.ts'
export { STREAM_PATH } from './stream.ts'

export interface DashboardOptions {
  accounts: Accounts
  search: SessionSearch
  auth: AuthService
  signUp: SignUp
  clock: Clock
  publicUrl: string
  apiPrefix: string
  /** The built dashboard app; defaults to apps/dashboard/dist. */
  distDir?: string | undefined
  marker: { header: string; value: string }
  /** The node's one event hub, which the API's own stream also reads: the dashboard's live updates. */
  events: EventStream
  /** The node's one feed of new sessions (a create writes no event), for the same stream. */
  sessions: SessionFeed
  /** The live stream's timings (tests shorten them). */
  stream?: { heartbeatMs?: number; recheckMs?: number }
}

/**
 * The sandbox dashboard (sandbox only): its pages at /dashboard/…, and its calls at /dashboard/api/… (the
 * account, and the merchant API through the session cookie). Its own scope: the cookie parser and its error
 * handler reach nothing else.
 */
export async function dashboardRoutes(app: FastifyInstance, options: DashboardOptions): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyCookie)
    registerDashboardErrors(scope)
    scope.decorateRequest('dashboardToken', undefined)
    scope.decorateRequest('account', null as unknown as Principal)
    // Answers about an account: never kept by a browser or a proxy.
    scope.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/dashboard/api/')) reply.header('cache-control', 'no-store')
    })
    const cookies = sessionCookies(options.auth, options.publicUrl)
    const streams = streamRoutes(scope, {
      events: options.events,
      sessions: options.sessions,
      auth: options.auth,
      cookies,
      heartbeatMs: options.stream?.heartbeatMs,
      recheckMs: options.stream?.recheckMs,
    })
    accountRoutes(scope, { ...options, cookies, streams })
    await forwardRoutes(scope, { ...options, app, cookies })
    await dashboardPageRoutes(scope, options.distDir)
  })
}
