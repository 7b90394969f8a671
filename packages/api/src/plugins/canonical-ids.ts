import type { FastifyInstance } from 'fastify'

/**
 * UUIDs are case-insensitive on input (RFC 9562 §4) and the schemas accept either case, but ids are stored in
 * lower case. Path and query ids (every `*_id` there is a UUID) are lowercased before validation, so an id
 * printed in upper case (SQL Server and .NET print GUIDs so) finds its session instead of a 404.
 */
export function registerCanonicalIds(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    lowerCaseIds(request.params)
    lowerCaseIds(request.query)
    done()
  })
}

function lowerCaseIds(values: unknown): void {
  if (typeof values !== 'object' || values === null) return
  const record = values as Record<string, unknown>
  for (const name in record) {
    const value = record[name]
    if (name.endsWith('_id') && typeof value === 'string') record[name] = value.toLowerCase()
  }
}
