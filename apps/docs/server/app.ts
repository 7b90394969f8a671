import { randomBytes } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { site, siteTitle } from '../site.config.ts'
import { type LoginError, type LoginLocale, loginLocale, renderLoginPage } from './login-page.ts'
import { PagePolicies } from './page-policy.ts'
import { isValidPasswordLength, type PasswordVerifier } from './password.ts'
import { SlidingWindowLimiter } from './rate-limit.ts'
import { type RequestPath, readRequestPath } from './request-path.ts'
import { isSameOriginPost } from './same-origin.ts'
import { DOCS_SESSION_REQUIRED, registerSandboxProxy, SANDBOX_PREFIX } from './sandbox-proxy.ts'
import { cacheControlFor, notFoundPage, resolveBuildFile } from './static-files.ts'

/**
 * The docs gate (DESIGN.md, "Docs gate is enforced by a server"): serves the built site only to a
 * browser holding a valid session cookie. Every other request, whatever its path (pages, /es/*, scripts,
 * styles, images, OpenAPI downloads), gets the login screen and nothing of the documentation.
 */

export const SESSION_COOKIE = 'plazo_docs_session'
export const GATE_PREFIX = '/__gate/'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The gate's own routes (login, logout, session), which answer without a session. Nothing else does. */
    public?: boolean
  }
}

/** What `rewriteUrl` read from each request's path, for the hooks and handlers to use as it is. */
const requestPaths = new WeakMap<object, RequestPath>()

function requestPath(request: FastifyRequest): RequestPath {
  return requestPaths.get(request.raw) ?? { ok: false, status: 400, error: 'bad_path' }
}

/** The decoded, normalised path of a request the gate let through (see requestPath for those it did not). */
function servedPath(request: FastifyRequest): string {
  const path = requestPath(request)
  return path.ok ? path.path : '/'
}

export interface GateOptions {
  buildDir: string
  password: PasswordVerifier
  sessionSecret?: string | undefined
  sessionTtlSeconds?: number
  /** Fastify's trustProxy: the proxy whose X-Forwarded-For/-Proto count (config.ts); none unless given. */
  trustProxy?: string | boolean
  /** No login answer comes sooner than this (spec §9: 500 ms), so timing tells nothing. */
  minLoginResponseMs?: number
  loginAttempts?: { max: number; windowMs: number }
  /** Where the reference pages' Try it console sends its calls (`/__sandbox/api/v2/*`, see sandbox-proxy.ts). */
  sandboxUrl?: string | undefined
  now?: () => number
  /** Fastify's logger: off by default (tests), see server.ts for the one `npm run start:docs` uses. */
  logger?: FastifyServerOptions['logger']
}

interface LoginBody {
  password?: unknown
  return_to?: unknown
}

/**
 * Where a form post may send the browser back to: a path of this site (not `//host`, not a backslash
 * that browsers read as one, no control characters, not the gate's own endpoints); anything else is `/`.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !/^\/(?![/\\])[^\\]*$/.test(value) || /\p{Cc}/u.test(value)) return '/'
  return value.startsWith(GATE_PREFIX) ? '/' : value
}

export async function buildGateServer(options: GateOptions): Promise<FastifyInstance> {
  const {
    buildDir,
    password,
    sessionTtlSeconds = 12 * 3600,
    minLoginResponseMs = 500,
    loginAttempts = { max: 10, windowMs: 60_000 },
    now = Date.now,
  } = options
  const app = Fastify({
    logger: options.logger ?? false,
    // Off unless the proxy in front is named: otherwise any client could pick its address for the login throttle
    // with X-Forwarded-For, or claim HTTPS with X-Forwarded-Proto.
    trustProxy: options.trustProxy ?? false,
    // Before routing: the path is decoded and normalised once, and that one reading picks the route, decides
    // whether a session is needed and names the file. A path that reads as nothing inside the build is
    // answered by the first hook below.
    rewriteUrl: (raw) => {
      const path = readRequestPath(raw.url ?? '/')
      requestPaths.set(raw, path)
      return path.ok ? path.url : '/'
    },
  })
  const policies = new PagePolicies(buildDir)
  const limiter = new SlidingWindowLimiter(loginAttempts.max, loginAttempts.windowMs, now)
  // Sessions are bound to the password: changing it ends every session at once.
  const secret = `${options.sessionSecret ?? randomBytes(32).toString('base64url')}:${password.fingerprint}`
  const loginPages = {
    en: renderLoginPage({ locale: 'en', title: siteTitle, supportEmail: site.supportEmail }),
    es: renderLoginPage({ locale: 'es', title: siteTitle, supportEmail: site.supportEmail }),
  } satisfies Record<LoginLocale, unknown>

  await app.register(fastifyCookie, { secret })
  await app.register(fastifyStatic, {
    root: buildDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, path) => {
      response.header('cache-control', cacheControlFor(path.slice(buildDir.length).replace(/^[\\/]+/, '')))
    },
  })

  app.addHook('onSend', async (request, reply) => {
    // HTTPS as the named proxy reports it (request.protocol believes X-Forwarded-Proto only from that proxy).
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000')
    reply.header('x-robots-tag', 'noindex, nofollow')
    // No other site may frame any answer (the pages and the login screen also say so in their CSP).
    reply.header('x-frame-options', 'DENY')
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'same-origin')
  })

  function isAuthenticated(request: FastifyRequest): boolean {
    const raw = request.cookies[SESSION_COOKIE]
    if (!raw) return false
    const { valid, value } = request.unsignCookie(raw)
    if (!valid || value === null || !/^\d+$/.test(value)) return false
    return Number(value) > now()
  }

  /** The login screen for a visitor who asked for `returnTo` (after a failed form post: with its error). */
  function sendLoginPage(
    request: FastifyRequest,
    reply: FastifyReply,
    {
      status = 401,
      returnTo = request.url,
      error,
    }: { status?: number; returnTo?: string; error?: LoginError } = {},
  ): FastifyReply {
    const page = loginPages[loginLocale(returnTo.split('?')[0] ?? '/', request.headers['accept-language'])]
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', page.csp)
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(page.html({ returnTo: safeReturnPath(returnTo), error }))
  }

  /** A login answer never leaves sooner than the floor, whatever the outcome. */
  async function afterFloor(startedAt: number): Promise<void> {
    const wait = startedAt + minLoginResponseMs - Date.now()
    if (wait > 0) await delay(wait)
  }

  // The gate itself: only its own routes, matched exactly on the normalised path, answer without a session.
  app.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request)
    if (!path.ok)
      return reply.code(path.status).header('cache-control', 'no-store').send({ error: path.error })
    if (request.routeOptions.config.public === true) return
    if (isAuthenticated(request)) return
    // The console's calls get an answer it can show; everything else the login screen.
    if (path.path.startsWith(SANDBOX_PREFIX)) {
      return reply.code(401).header('cache-control', 'no-store').send(DOCS_SESSION_REQUIRED)
    }
    return sendLoginPage(request, reply)
  })

  // Registered after the gate's hooks, which it inherits, and before the login form's body parser, which
  // it must not: what the console sends is forwarded byte for byte.
  if (options.sandboxUrl) await registerSandboxProxy(app, options.sandboxUrl)

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  // The login screen's script posts JSON and reloads the page itself; without JavaScript the browser posts
  // the form, and gets the login screen again (with the error) or a redirect to the page it asked for.
  app.post(`${GATE_PREFIX}login`, { config: { public: true } }, async (request, reply) => {
    const startedAt = Date.now()
    reply.header('cache-control', 'no-store')
    const body = request.body as LoginBody | undefined
    const formPost = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true
    const returnTo = safeReturnPath(body?.return_to)
    // The address actually connected, or the client the named proxy reports (never a header of anyone else).
    const retryAfter = limiter.hit(request.ip)
    if (retryAfter > 0) {
      await afterFloor(startedAt)
      reply.header('retry-after', String(retryAfter))
      if (formPost) return sendLoginPage(request, reply, { status: 429, returnTo, error: 'tooMany' })
      return reply.code(429).send({ error: 'too_many_attempts' })
    }
    const candidate = body?.password
    const accepted =
      typeof candidate === 'string' && isValidPasswordLength(candidate) && (await password.verify(candidate))
    await afterFloor(startedAt)
    if (!accepted) {
      if (formPost) return sendLoginPage(request, reply, { returnTo, error: 'invalid' })
      return reply.code(401).send({ error: 'invalid_password' })
    }
    const expiresAt = now() + sessionTtlSeconds * 1000
    reply.setCookie(SESSION_COOKIE, String(expiresAt), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      maxAge: sessionTtlSeconds,
      expires: new Date(expiresAt),
    })
    if (formPost) return reply.redirect(returnTo, 303)
    return reply.code(204).send()
  })

  app.post(`${GATE_PREFIX}logout`, { config: { public: true } }, async (request, reply) => {
    // Another site may not end the session: a cross-origin form post carries a foreign Origin (or Referer).
    if (!isSameOriginPost(request)) return reply.code(403).send({ error: 'cross_origin' })
    const returnTo = safeReturnPath((request.body as LoginBody | undefined)?.return_to)
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    })
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303)
  })

  app.get(`${GATE_PREFIX}session`, { config: { public: true } }, async (request, reply) => {
    return reply.header('cache-control', 'no-store').send({ authenticated: isAuthenticated(request) })
  })

  /** A file of the build; a page with its Content-Security-Policy (page-policy.ts). */
  async function sendBuildFile(reply: FastifyReply, file: string, status = 200): Promise<FastifyReply> {
    if (file.endsWith('.html')) reply.header('content-security-policy', await policies.forFile(file))
    return reply.code(status).sendFile(file)
  }

  app.get('/*', async (request, reply) => {
    const path = servedPath(request)
    const file = resolveBuildFile(buildDir, path)
    return file ? sendBuildFile(reply, file) : sendBuildFile(reply, notFoundPage(path), 404)
  })

  app.setNotFoundHandler(async (request, reply) => {
    const path = servedPath(request)
    if (path.startsWith(GATE_PREFIX)) return reply.code(404).send({ error: 'not_found' })
    return sendBuildFile(reply, notFoundPage(path), 404)
  })

  return app
}
