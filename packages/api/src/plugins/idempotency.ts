import { createHash } from 'node:crypto'
import { CONSTANTS } from '@plazo/contract'
import canonicalize from 'canonicalize'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, badRequest } from '../errors.ts'
import { idempotencyRepository } from '../storage/idempotency-repository.ts'
import type { Database } from '../storage/index.ts'
import { rawText } from './original-data.ts'

const KEY_TTL_MS = CONSTANTS.IDEMPOTENCY_KEY_TTL_MINUTES.value * 60_000
/** A key still `running` after this long belongs to a request that died; a retry may take it over. */
const ABANDONED_AFTER_MS = 60 * 1000

interface Claim {
  merchantId: string
  key: string
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim
  }
  interface FastifyInstance {
    /** preHandler for POST routes, after authenticate: honours the `Idempotency-Key` header. */
    idempotent: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

/**
 * The path a request names, as the router matched it: `/checkout` and `/checkout/` (or `//checkout`) are one
 * route, so a retry through either spelling is the same request.
 */
function routePath(request: FastifyRequest): string {
  const path = (request.url.split('?')[0] ?? '').replace(/\/{2,}/g, '/')
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * The body's meaning rather than its bytes: a client that retries re-serialises its request (another key order,
 * other spacing, `1.0` for `1`, `\u00e9` for `é`), and that is still the same request. The parsed JSON is written
 * in the canonical form of RFC 8785 (JSON Canonicalization Scheme: keys sorted, no whitespace, numbers and
 * strings in one spelling), as Stripe compares a retry's parameters rather than its text. A body canonicalize
 * cannot write (a string with a lone surrogate, which JSON allows but RFC 8785 does not) is compared as sent.
 * The raw body is parsed again rather than `request.body` used, which validation has already filled with
 * defaults and renamed aliases in.
 */
function canonicalBody(raw: string | undefined): string {
  if (raw === undefined) return ''
  try {
    return canonicalize(JSON.parse(raw)) ?? raw
  } catch {
    return raw
  }
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${routePath(request)}\n${canonicalBody(rawText(request))}`)
    .digest('hex')
}

/**
 * Idempotency keys (Stripe's model): the first request with a key runs and its response is stored; the same
 * key with the same request (same method, path and body as parsed JSON, see canonicalBody) replays that response
 * (status and body) for 24 h; with a different request it
 * is a 422; while the first is still running, a 409. 5xx answers are not stored, so a retry runs again.
 */
export function registerIdempotency(
  app: FastifyInstance,
  db: Database,
  now: () => Date = () => new Date(),
): void {
  app.decorateRequest('idempotencyClaim', undefined)

  app.decorate('idempotent', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key']
    if (header === undefined) return
    const key = Array.isArray(header) ? header[0] : header
    if (!key || key.length > 255) {
      throw badRequest(
        'BAD_REQUEST',
        {
          field: 'Idempotency-Key',
          message: 'must be 1 to 255 characters',
          keyword: key ? 'maxLength' : 'minLength',
        },
        'The Idempotency-Key header must be 1 to 255 characters.',
      )
    }
    const merchantId = request.principal.merchantId
    const hash = requestHash(request)
    const at = now()

    const replay = await db.transaction(async (tx) => {
      const row = await idempotencyRepository.lock(tx, merchantId, key)
      const expired = row !== undefined && Date.parse(row.expires_at) <= at.getTime()
      const abandoned =
        row !== undefined &&
        row.status === 'running' &&
        at.getTime() - Date.parse(row.created_at) > ABANDONED_AFTER_MS
      if (row && !expired && !abandoned) {
        if (row.request_hash !== hash) throw new ApiError('IDEMPOTENCY_MISMATCH')
        if (row.status === 'running') throw new ApiError('IDEMPOTENCY_IN_PROGRESS')
        return row
      }
      if (row) await idempotencyRepository.remove(tx, merchantId, key)
      const claimed = await idempotencyRepository.claim(tx, {
        merchantId,
        key,
        method: request.method,
        path: routePath(request),
        requestHash: hash,
        createdAt: at,
        expiresAt: new Date(at.getTime() + KEY_TTL_MS),
      })
      if (!claimed) {
        // Concurrent first requests with one key all find no row (PostgreSQL cannot lock a row that does not
        // exist yet); the insert lets one of them claim the key, and the others learn of it here.
        const winner = await idempotencyRepository.requestHash(tx, merchantId, key)
        if (winner !== undefined && winner !== hash) throw new ApiError('IDEMPOTENCY_MISMATCH')
        throw new ApiError('IDEMPOTENCY_IN_PROGRESS')
      }
      return undefined
    })

    if (replay) {
      await reply
        .status(replay.response_status ?? 200)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(replay.response_body))
      return
    }
    request.idempotencyClaim = { merchantId, key }
  })

  // Written with `done`: most requests carry no key and pass straight through, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim
    if (!claim) {
      done(null, payload)
      return
    }
    request.idempotencyClaim = undefined
    const settle =
      reply.statusCode >= 500 || typeof payload !== 'string' || payload === ''
        ? idempotencyRepository.remove(db, claim.merchantId, claim.key)
        : idempotencyRepository.complete(db, claim.merchantId, claim.key, {
            status: reply.statusCode,
            body: payload,
          })
    settle.then(
      () => done(null, payload),
      (error: Error) => done(error),
    )
  })
}
