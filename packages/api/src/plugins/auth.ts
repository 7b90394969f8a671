import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthService, Principal } from '../domain/auth/index.ts'
import { parseBearer } from '../domain/auth/index.ts'
import { ApiError } from '../errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user and its merchant; set on every route that needs the bearer token. */
    principal: Principal
  }
}

/**
 * Bearer authentication as a preHandler. Missing token: 401 invalid_request; unknown, revoked or expired:
 * 401 invalid_token (spec §8). Routes opt in with `{ preHandler: app.authenticate }`.
 */
export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('principal', null as unknown as Principal)
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = parseBearer(request.headers.authorization)
    if (token === undefined) throw new ApiError('TOKEN_MISSING')
    const result = await auth.authenticate(token)
    if (!result.ok) throw new ApiError(result.failure === 'missing_token' ? 'TOKEN_MISSING' : 'TOKEN_INVALID')
    request.principal = result.principal
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>
  }
}
