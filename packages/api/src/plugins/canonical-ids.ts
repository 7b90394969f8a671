import type { FastifyInstance } from 'fastify'

/**
 * UUIDs are case-insensitive on input (RFC 9562 §4) and the schemas accept either case, but ids are stored in
 * lower case. Path ids are lowercased before validation, so an id printed in upper case (SQL Server and .NET
 * print GUIDs so) finds its session instead of a 404.
 */
export function registerCanonicalIds(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const params = request.params as Record<string, unknown> | undefined
    if (params) {
      for (const name in params) {
        const value = params[name]
        if (name.endsWith('_id') && typeof value === 'string') params[name] = value.toLowerCase()
      }
    }
    done()
  })
}
