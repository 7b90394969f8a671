import type { FastifyInstance, FastifyRequest } from 'fastify'

type ParserDone = (error: Error | null, body?: unknown) => void

import { ApiError, badRequest } from '../errors.ts'
import { boundedBody, itemLimitOf, scanJson } from './bounded-body.ts'
import { declaredCharset, isUtf8Charset, notUtf8, textRuleError } from './json-text.ts'
import { echoOfBytes, echoOfText } from './original-data.ts'

/** The scan's item limit where a route has no body validator of ours: large enough that nothing is cut. */
const NO_ITEM_LIMIT = 0xffffffff
/** `__proto__` or `constructor`, written plainly or with escapes: what the safe parser looks for. */
function mayHavePrototypeKey(text: Buffer): boolean {
  return text.includes('__proto__') || text.includes('constructor') || text.includes('\\u')
}

/**
 * No request body of the API nests anywhere near this deep. A deeper one is refused before it is parsed:
 * echoing, storing or hashing it would recurse once per level, and a 1 MiB body can nest half a million
 * levels, enough to overflow the stack (a 500 instead of a 400).
 */
export const MAX_JSON_DEPTH = 64

/**
 * A body at least this long (bytes) is parsed in its turn (see LargeBodyTurns); every body of the contract's
 * examples is a few kilobytes, so only bulky or hostile bodies wait.
 */
export const LARGE_BODY_BYTES = 64 * 1024

/**
 * Large bodies are parsed and validated one per event-loop turn, in the order they arrived: the requests whose
 * data came in meanwhile (a GET, a small POST) are served in between. Without it, four 300 KB bodies that end
 * together are four parses and validations back to back (~4 ms each), and every other request waits for all
 * of them; with it, for one at most.
 */
export class LargeBodyTurns {
  readonly #waiting: Array<() => void> = []
  #scheduled = false

  push(task: () => void): void {
    this.#waiting.push(task)
    if (!this.#scheduled) {
      this.#scheduled = true
      setImmediate(this.#next)
    }
  }

  readonly #next = (): void => {
    const task = this.#waiting.shift()
    if (this.#waiting.length > 0) setImmediate(this.#next)
    else this.#scheduled = false
    task?.()
  }
}

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
 * The only body parser: `application/json` (UTF-8), kept raw as well, because a 400 echoes it as
 * `original_data` and idempotency keys hash it. Every other content type is a 415.
 */
export function registerJsonBody(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  const turns = new LargeBodyTurns()
  app.removeContentTypeParser(['application/json', 'text/plain'])
  // The body's bytes: decoding them into a string is a good part of what a large body costs, and a list over its
  // bound is refused without it (bounded-body.ts). UTF-8, as JSON is: a body declared in another charset is a
  // 415 rather than text decoded as something it is not (json-text.ts).
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    const bytes = body as Buffer
    const contentType = request.headers['content-type']
    if (!isUtf8Charset(declaredCharset(contentType))) {
      done(new ApiError('UNSUPPORTED_MEDIA_TYPE', { type: String(contentType).slice(0, 100) }), undefined)
      return
    }
    // Many clients send `Content-Type: application/json` on every call, DELETE and bodiless POSTs included:
    // no body is no body, and the route's schema decides whether one was required.
    if (bytes.length === 0) {
      done(null, undefined)
      return
    }
    if (bytes.length >= LARGE_BODY_BYTES) turns.push(() => parseBytes(request, bytes, done))
    else parseBytes(request, bytes, done)
  })

  function parseBytes(request: FastifyRequest, bytes: Buffer, done: ParserDone): void {
    // Kept before any check, so that every 400 echoes it (as a string when it is not JSON, see original-data.ts).
    request.rawBytes = bytes
    // One scan for the depth limit and for lists over the route's bound (bounded-body.ts).
    const schema = request.routeOptions.schema?.body
    const scan = scanJson(bytes, MAX_JSON_DEPTH, itemLimitOf(schema) ?? NO_ITEM_LIMIT)
    if (scan.tooDeep) {
      const message = `nests more than ${MAX_JSON_DEPTH} levels deep`
      done(
        badRequest(
          'BAD_REQUEST',
          { field: '/', message, keyword: 'maxDepth' },
          `The body nests more than ${MAX_JSON_DEPTH} levels deep.`,
          // Echoed as the text it is: parsing it again to echo it is what the limit avoids.
          echoOfBytes(bytes),
        ),
        undefined,
      )
      return
    }
    // A list over its bound: the text cut to the bound is parsed, when the route's validator refuses it (the
    // 400 is the whole body's); a text that might hold a prototype key is always parsed whole by the safe parser.
    if (scan.cuts.length > 0 && !mayHavePrototypeKey(bytes)) {
      const bounded = boundedBody(schema, bytes, scan.cuts)
      if (bounded !== undefined) {
        done(null, bounded)
        return
      }
    }
    const encoding = notUtf8(bytes)
    if (encoding) {
      done(encoding, undefined)
      return
    }
    const text = bytes.toString('utf8')
    request.rawBody = text
    parseJson(request, text, (error, value) => {
      if (error) {
        done(malformedJson(text), undefined)
        return
      }
      const broken = textRuleError(text, value, scan.keys)
      if (broken) done(broken, undefined)
      else done(null, value)
    })
  }
}
