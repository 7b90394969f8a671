import type { FastifyInstance } from 'fastify'
import { ApiError } from '../errors.ts'

/**
 * No request body of the API nests anywhere near this deep. A deeper one is refused before it is parsed:
 * echoing, storing or hashing it would recurse once per level, and a 1 MiB body can nest half a million
 * levels, enough to overflow the stack (a 500 instead of a 400).
 */
export const MAX_JSON_DEPTH = 64

/** Whether arrays and objects in a JSON text nest deeper than `limit`, found without parsing it. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/**
 * The only body parser: `application/json` (any charset), kept raw as well, because a 400 echoes it as
 * `original_data` and idempotency keys hash it. Every other content type is a 415.
 */
export function registerJsonBody(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = body as string
    // Many clients send `Content-Type: application/json` on every call, DELETE and bodiless POSTs included:
    // no body is no body, and the route's schema decides whether one was required.
    if (text === '') {
      done(null, undefined)
      return
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new ApiError('BAD_REQUEST', { detail: `The body nests more than ${MAX_JSON_DEPTH} levels deep.` }),
        undefined,
      )
      return
    }
    request.rawBody = text
    parseJson(request, text, done)
  })
}
