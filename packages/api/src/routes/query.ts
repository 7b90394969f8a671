import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

/** A query string is text: the parameter is read as the integer it spells (the validator does not coerce). */
export function integerQuery(name: string) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const query = request.query as Record<string, unknown>
    const value = query[name]
    if (typeof value === 'string' && /^\d{1,9}$/.test(value)) query[name] = Number(value)
    done()
  }
}
