import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
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
 * Bearer authentication as an onRequest hook. Missing token: 401 invalid_request; unknown, revoked or expired:
 * 401 invalid_token (spec §8). Routes opt in with `{ onRequest: [app.authenticate] }`. Written with `done`, so
 * a token verified moments ago (most calls) is accepted without a promise or a database read.
 */
export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('principal', null as unknown as Principal)
  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      const token = parseBearer(request.headers.authorization)
      if (token === undefined) {
        done(new ApiError('TOKEN_MISSING'))
        return
      }
      const remembered = auth.remembered(token)
      if (remembered) {
        request.principal = remembered
        done()
        return
      }
      auth.authenticate(token).then((result) => {
        if (!result.ok) {
          done(new ApiError(result.failure === 'missing_token' ? 'TOKEN_MISSING' : 'TOKEN_INVALID'))
          return
        }
        request.principal = result.principal
        done()
      }, done)
    },
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void
  }
}
