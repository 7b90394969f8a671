import { randomBytes } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { site, siteTitle } from '../site.config.ts'
import { type LoginLocale, loginLocale, renderLoginPage } from './login-page.ts'
import { isValidPasswordLength, type PasswordVerifier } from './password.ts'
import { SlidingWindowLimiter } from './rate-limit.ts'
import { cacheControlFor, notFoundPage, resolveBuildFile } from './static-files.ts'

/**
 * The docs gate (DESIGN.md, "Docs gate is enforced by a server"): serves the built site only to a
 * browser holding a valid session cookie. Every other request, whatever its path (pages, /es/*, scripts,
 * styles, images, OpenAPI downloads), gets the login screen and nothing of the documentation.
 */

export const SESSION_COOKIE = 'plazo_docs_session'
export const GATE_PREFIX = '/__gate/'

export interface GateOptions {
  buildDir: string
  password: PasswordVerifier
  sessionSecret?: string | undefined
  sessionTtlSeconds?: number
  trustProxy?: string | boolean
  /** No login answer comes sooner than this (spec §9: 500 ms), so timing tells nothing. */
  minLoginResponseMs?: number
  loginAttempts?: { max: number; windowMs: number }
  now?: () => number
  logger?: boolean
}

interface LoginBody {
  password?: unknown
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
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? 'loopback' })
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

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow')
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

  function sendLoginPage(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const page = loginPages[loginLocale(request.url.split('?')[0] ?? '/', request.headers['accept-language'])]
    return reply
      .code(401)
      .header('cache-control', 'no-store')
      .header('content-security-policy', page.csp)
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(page.html)
  }

  /** A login answer never leaves sooner than the floor, whatever the outcome. */
  async function afterFloor(startedAt: number): Promise<void> {
    const wait = startedAt + minLoginResponseMs - Date.now()
    if (wait > 0) await delay(wait)
  }

  // The gate itself: nothing outside /__gate/ is routed for a browser without a valid session.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(GATE_PREFIX)) return
    if (!isAuthenticated(request)) return sendLoginPage(request, reply)
  })

  app.post(`${GATE_PREFIX}login`, async (request, reply) => {
    const startedAt = Date.now()
    reply.header('cache-control', 'no-store')
    const retryAfter = limiter.hit(request.ip)
    if (retryAfter > 0) {
      await afterFloor(startedAt)
      return reply.code(429).header('retry-after', String(retryAfter)).send({ error: 'too_many_attempts' })
    }
    const candidate = (request.body as LoginBody | undefined)?.password
    const accepted =
      typeof candidate === 'string' && isValidPasswordLength(candidate) && (await password.verify(candidate))
    await afterFloor(startedAt)
    if (!accepted) return reply.code(401).send({ error: 'invalid_password' })
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
    return reply.code(204).send()
  })

  app.post(`${GATE_PREFIX}logout`, async (request, reply) => {
    // Another site may not end the session: a cross-origin form post carries a foreign Origin.
    const origin = request.headers.origin
    if (origin && origin !== 'null' && new URL(origin).host !== request.headers.host) {
      return reply.code(403).send({ error: 'cross_origin' })
    }
    const target = (request.body as { return_to?: unknown } | undefined)?.return_to
    const returnTo = typeof target === 'string' && /^\/(?!\/)[^\\]*$/.test(target) ? target : '/'
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    })
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303)
  })

  app.get(`${GATE_PREFIX}session`, async (request, reply) => {
    return reply.header('cache-control', 'no-store').send({ authenticated: isAuthenticated(request) })
  })

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const file = resolveBuildFile(buildDir, path)
    if (file) return reply.sendFile(file)
    return reply.code(404).sendFile(notFoundPage(path))
  })

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(GATE_PREFIX)) return reply.code(404).send({ error: 'not_found' })
    return reply.code(404).sendFile(notFoundPage(request.url.split('?')[0] ?? '/'))
  })

  return app
}
