import { LoginRequestSchema, RefreshRequestSchema, type Static } from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import type { AuthService } from '../../domain/auth/index.ts'
import { ApiError } from '../../errors.ts'

/** POST /auth/login and /auth/refresh (spec §7; refresh is our documented addition). */
export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post<{ Body: Static<typeof LoginRequestSchema> }>(
    '/auth/login',
    { schema: { body: LoginRequestSchema } },
    async (request) => {
      const result = await auth.login(request.body.username, request.body.password)
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
}
