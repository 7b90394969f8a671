import type { FastifyInstance } from 'fastify'
import { badRequest } from '../errors.ts'
import { boundedBody, itemLimitOf, scanJson } from './bounded-body.ts'
import { echoOfText } from './original-data.ts'

/** The scan's item limit where a route has no body validator of ours: large enough that nothing is cut. */
const NO_ITEM_LIMIT = 0xffffffff
/** `__proto__` or `constructor`, written plainly or with escapes: what the safe parser looks for. */
function mayHavePrototypeKey(text: string): boolean {
  return text.includes('__proto__') || text.includes('constructor') || text.includes('\\u')
}

/**
 * No request body of the API nests anywhere near this deep. A deeper one is refused before it is parsed:
 * echoing, storing or hashing it would recurse once per level, and a 1 MiB body can nest half a million
 * levels, enough to overflow the stack (a 500 instead of a 400).
 */
export const MAX_JSON_DEPTH = 64

/**
 * The 400 of a body that is not JSON, with the parser's reason ("Expected ',' or '}' after property value in
 * JSON at position 9"), which says where it breaks. Fastify's parser keeps the reason to itself; the text is
 * parsed again on this error path only. A text that parses is refused for a `__proto__` or
 * `constructor.prototype` key, which could poison the prototype of the objects built from it.
 */
function malformedJson(text: string) {
  let message = 'has a forbidden __proto__ or constructor.prototype key'
  try {
    JSON.parse(text)
  } catch (error) {
    message = `is not valid JSON: ${(error as Error).message.slice(0, 200)}`
  }
  return badRequest('MALFORMED_JSON', { field: '/', message, keyword: 'json' }, undefined, echoOfText(text))
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
    // Kept before any check, so that every 400 echoes it (as a string when it is not JSON, see original-data.ts).
    request.rawBody = text
    // One scan for the depth limit and for lists over the route's bound (bounded-body.ts).
    const schema = request.routeOptions.schema?.body
    const scan = scanJson(text, MAX_JSON_DEPTH, itemLimitOf(schema) ?? NO_ITEM_LIMIT)
    if (scan.tooDeep) {
      const message = `nests more than ${MAX_JSON_DEPTH} levels deep`
      done(
        badRequest(
          'BAD_REQUEST',
          { field: '/', message, keyword: 'maxDepth' },
          `The body nests more than ${MAX_JSON_DEPTH} levels deep.`,
          // Echoed as the text it is: parsing it again to echo it is what the limit avoids.
          echoOfText(text),
        ),
        undefined,
      )
      return
    }
    // A list over its bound: the text cut to the bound is parsed, when the route's validator refuses it (the
    // 400 is the whole body's); a text that might hold a prototype key is always parsed whole by the safe parser.
    if (scan.cuts.length > 0 && !mayHavePrototypeKey(text)) {
      const bounded = boundedBody(schema, text, scan.cuts)
      if (bounded !== undefined) {
        done(null, bounded)
        return
      }
    }
    parseJson(request, text, (error, value) => {
      if (error) done(malformedJson(text), undefined)
      else done(null, value)
    })
  })
}
