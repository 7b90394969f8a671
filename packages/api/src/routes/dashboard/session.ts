import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthService, Principal, TokenResponse } from '../../domain/auth/index.ts'
import { ApiError } from '../../errors.ts'
import { DashboardError } from './errors.ts'

// How a browser stays signed in to the dashboard, and why a page of another site cannot act through it
// (docs/adr/0016). The cookie holds the access token of a login made by the dashboard: HttpOnly (no script of
// the page reads it), SameSite=Strict (no other site's page, link or form sends it), Secure when the sandbox is
// served over https, and scoped to /dashboard. The dashboard's server side turns it into the bearer token.

export const SESSION_COOKIE = 'plazo_dashboard'
export const COOKIE_PATH = '/dashboard'

declare module 'fastify' {
  interface FastifyRequest {
    /** The access token of the dashboard's session cookie, once it was verified (dashboard routes only). */
    dashboardToken: string | undefined
    /**
     * Who is signed in to the dashboard (dashboard routes only). Not `principal`: that one marks a call of the
     * merchant's API with its token, which the request log records.
     */
    account: Principal
  }
}

export interface SessionCookies {
  /** Sets the cookie to a new login's access token, for as long as that token lives. */
  start(reply: FastifyReply, tokens: TokenResponse): void
  end(reply: FastifyReply): void
  /** onRequest hook: the cookie's token verified, `request.account` set; 401 without a live one. */
  authenticate(request: FastifyRequest): Promise<void>
  /** onRequest hook: refuses a call that changes something unless it comes from the dashboard's own origin. */
  sameOrigin(request: FastifyRequest): Promise<void>
  /**
   * onRequest hook for a GET that holds the account's data open (the live stream): refused when the browser says
   * it comes from another origin (`Sec-Fetch-Site`), or names another `Origin`.
   */
  sameOriginRead(request: FastifyRequest): Promise<void>
}

export function sessionCookies(auth: AuthService, publicUrl: string): SessionCookies {
  const publicOrigin = new URL(publicUrl).origin
  const secure = publicOrigin.startsWith('https:')
  const options = { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure } as const

  const allowedOrigin = (request: FastifyRequest, origin: string) =>
    origin === publicOrigin || origin === `${request.protocol}://${request.host}`
  const refuse = (origin: string | undefined) =>
    new DashboardError('CROSS_SITE', { origin: origin === undefined ? 'missing' : origin.slice(0, 200) })

  return {
    start(reply, tokens) {
      reply.setCookie(SESSION_COOKIE, tokens.access_token, { ...options, maxAge: tokens.expires_in })
    },
    end(reply) {
      reply.clearCookie(SESSION_COOKIE, options)
    },
    async authenticate(request) {
      const token = request.cookies[SESSION_COOKIE]
      if (!token) throw new ApiError('TOKEN_MISSING')
      const result = await auth.authenticate(token)
      if (!result.ok)
        throw new ApiError(result.failure === 'missing_token' ? 'TOKEN_MISSING' : 'TOKEN_INVALID')
      request.account = result.principal
      request.dashboardToken = token
    },
    async sameOrigin(request) {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return
      // SameSite=Strict already keeps the cookie off other sites' requests; the Origin check also covers a
      // browser without SameSite, a sibling site on the same registrable domain (same-site but cross-origin),
      // and the sign-in and sign-up themselves, which need no cookie (login CSRF). Browsers send Origin on
      // every POST, PUT and DELETE; a call without one is not a browser's and is refused as well.
      const origin = request.headers.origin
      const fetchSite = request.headers['sec-fetch-site']
      const allowed = origin !== undefined && allowedOrigin(request, origin)
      if (!allowed || (fetchSite !== undefined && fetchSite !== 'same-origin')) throw refuse(origin)
    },
    async sameOriginRead(request) {
      // A browser sends no Origin on a same-origin GET, so its absence is no sign of anything; SameSite=Strict
      // already keeps the cookie off other sites' requests, and this also refuses a sibling origin of the same
      // site (the same cookie) and a page opened from elsewhere.
      const origin = request.headers.origin
      const fetchSite = request.headers['sec-fetch-site']
      if (origin !== undefined && !allowedOrigin(request, origin)) throw refuse(origin)
      if (fetchSite !== undefined && fetchSite !== 'same-origin') throw refuse(origin)
    },
  }
}
