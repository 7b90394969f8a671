import {
  LoginRequestSchema,
  type LogoutResponseSchema,
  RefreshRequestSchema,
  type Static,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import { type AuthService, parseBearer } from '../../domain/auth/index.ts'
import { ApiError, RateLimitedError } from '../../errors.ts'

/** POST /auth/login, /auth/refresh and /auth/logout (spec §7; refresh and logout are our documented additions). */
export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post<{ Body: Static<typeof LoginRequestSchema> }>(
    '/auth/login',
    { schema: { body: LoginRequestSchema } },
    async (request) => {
      const result = await auth.login(request.body.username, request.body.password, request.ip)
      if (!result.ok && result.failure === 'rate_limited')
        throw new RateLimitedError(result.retryAfterSeconds)
      if (!result.ok) throw new ApiError('INVALID_CREDENTIALS')
      return result.tokens
    },
  )

  app.post<{ Body: Static<typeof RefreshRequestSchema> }>(
    '/auth/refresh',
    { schema: { body: RefreshRequestSchema } },
    async (request) => {
      const result = await auth.refresh(request.body.refresh_token)
      if (!result.ok) throw new ApiError('INVALID_CREDENTIALS')
      return result.tokens
    },
  )

  // The calling token ends its own login: the bearer token is checked like any other call's, then its family
  // is revoked. A token revoked meanwhile (a second logout racing this one) is the usual 401.
  app.post(
    '/auth/logout',
    { onRequest: [app.authenticate] },
    async (request): Promise<Static<typeof LogoutResponseSchema>> => {
      const token = parseBearer(request.headers.authorization) as string
      if (!(await auth.logout(token))) throw new ApiError('TOKEN_INVALID')
      return { status: 'ok' }
    },
  )
}
