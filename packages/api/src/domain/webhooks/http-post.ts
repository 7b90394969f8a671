import http from 'node:http'
import https from 'node:https'
import { DeliveryError } from './delivery-error.ts'
import { type CheckedTarget, checkTarget, targetMode } from './targets.ts'

export { DeliveryError }

export interface PostRequest {
  url: URL
  headers: Record<string, string>
  body: string
  /** The whole exchange (connect, TLS, request and the response body) must finish within this. */
  timeoutMs: number
  agent?: http.Agent
  /**
   * The status line decides the outcome (notifications): a 2XX resolves as soon as it arrives, its body read and
   * thrown away afterwards for at most `ACKNOWLEDGED_BODY_GRACE_MS`; any other answer resolves with the part of
   * its body that came before the body ended, broke off or ran out of time. Without it (token requests) the body
   * is the answer, and one that does not arrive whole is a DeliveryError.
   */
  statusDecides?: boolean
}

export interface PostResponse {
  statusCode: number
  /** The first bytes of the response body (enough for an error message or a token). */
  body: string
  /** The answer's `Retry-After` header, as sent. */
  retryAfter?: string | undefined
}

/**
 * The receiver closed a kept-alive socket just as it was reused, before any answer: the request never reached
 * it, so it is sent once more on a new connection rather than counted as a failed try.
 */
class StaleSocketError extends DeliveryError {}

/** Bodies are read up to this size; receivers answering more are not waited for. */
const MAX_RESPONSE_BYTES = 64 * 1024

/**
 * How long the body of an acknowledged notification (a 2XX) may take to end before its socket is closed. A
 * socket goes back to the keep-alive pool only once its body has ended, and the pool holds a bounded number
 * per host: bodies that never end, waited for up to the deadline, would leave every other merchant on the same
 * host queued for a socket until their own deadline runs out.
 */
export const ACKNOWLEDGED_BODY_GRACE_MS = 1_000

/**
 * One POST with a hard deadline. Redirects are not followed (a 3XX is an answer like any other): following
 * them would send a signed body and its credentials to a URL the merchant did not configure.
 */
export async function post(request: PostRequest): Promise<PostResponse> {
  const { url } = request
  // PLAZO_WEBHOOK_TARGETS (targets.ts): in `public` mode, the connection goes to the address that was checked.
  const target = await checkTarget(url, targetMode())
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined
  if (!client) return Promise.reject(new DeliveryError(`unsupported URL scheme ${url.protocol}`))
  // A header value HTTP does not allow (a notification_auth value or a token with a non-Latin-1 character or
  // a line break) is a failed try like any other, recorded and retried, not an error of the whole pass.
  for (const [name, value] of Object.entries(request.headers)) {
    try {
      http.validateHeaderValue(name, value)
    } catch {
      return Promise.reject(
        new DeliveryError(`the ${name} header holds a character HTTP does not allow in a header value`),
      )
    }
  }
  const startedAt = Date.now()
  return exchange(request, client, request.timeoutMs, target).catch((error: unknown) => {
    if (!(error instanceof StaleSocketError)) throw error
    return exchange(request, client, Math.max(1, request.timeoutMs - (Date.now() - startedAt)), target)
  })
}

function exchange(
  request: PostRequest,
  client: typeof http | typeof https,
  timeoutMs: number,
  target: CheckedTarget | undefined,
) {
  const { url } = request
  return new Promise<PostResponse>((resolve, reject) => {
    const body = Buffer.from(request.body)
    let settled = false
    const settle = (error: Error | undefined, response?: PostResponse) => {
      if (settled) return
      settled = true
      if (error) reject(error)
      else resolve(response as PostResponse)
    }
    /** The answer so far, once its status line has arrived. */
    let answer: { statusCode: number; chunks: Buffer[]; retryAfter: string | undefined } | undefined
    const answered = () => {
      if (!answer) return
      settle(undefined, {
        statusCode: answer.statusCode,
        body: text(answer.chunks),
        retryAfter: answer.retryAfter,
      })
    }
    let deadline: NodeJS.Timeout | undefined
    let grace: NodeJS.Timeout | undefined
    const stopTimers = () => {
      clearTimeout(deadline)
      clearTimeout(grace)
    }
    let req: http.ClientRequest
    try {
      req = client.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(body.length) },
          ...(request.agent ? { agent: request.agent } : {}),
          // The checked address, whatever the name resolves to now (no DNS rebinding between check and connect).
          ...(target ? { lookup: pinnedLookup(target) } : {}),
        },
        onResponse,
      )
    } catch (error) {
      // Node throws while it builds the request from a URL it cannot use (a URIError for user-info that does
      // not percent-decode, an invalid header): the try fails like an unreachable endpoint, recorded and
      // retried, and nothing is left running.
      settle(new DeliveryError(`the URL cannot be used: ${describe(error as Error)}`))
      return
    }
    // The deadline covers the whole exchange, the body included, even when the outcome is already known: a
    // receiver that never finishes its body does not keep a socket for ever.
    deadline = setTimeout(() => {
      if (answer && request.statusDecides) answered()
      else settle(new DeliveryError(`timed out after ${request.timeoutMs} ms`))
      req.destroy()
    }, timeoutMs)
    function onResponse(res: http.IncomingMessage) {
      const statusCode = res.statusCode ?? 0
      const current = { statusCode, chunks: [] as Buffer[], retryAfter: res.headers['retry-after'] }
      answer = current
      // A 2XX is a delivery the moment it arrives: nothing in its body can undo it, so it is not kept. The body
      // gets a short grace to end, so the socket can be reused; after it, the socket is closed rather than
      // pooled with an unfinished body.
      const acknowledged = request.statusDecides === true && statusCode >= 200 && statusCode <= 299
      if (acknowledged) {
        answered()
        grace = setTimeout(() => {
          stopTimers()
          req.destroy()
        }, ACKNOWLEDGED_BODY_GRACE_MS)
      }
      let size = 0
      res.on('data', (chunk: Buffer) => {
        if (size >= MAX_RESPONSE_BYTES) return
        if (!acknowledged) current.chunks.push(chunk)
        size += chunk.length
        if (size >= MAX_RESPONSE_BYTES) {
          stopTimers()
          answered()
          res.destroy()
        }
      })
      res.on('end', () => {
        stopTimers()
        answered()
      })
      res.on('error', (error) => {
        stopTimers()
        if (request.statusDecides) answered()
        else settle(new DeliveryError(describe(error)))
      })
    }
    // A 101 Switching Protocols is an answer, not a notification's acknowledgement: recorded with its status,
    // and the socket, handed over to another protocol, closed.
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      stopTimers()
      settle(undefined, { statusCode: res.statusCode ?? 101, body: '' })
    })
    req.on('error', (error: Error & { code?: string }) => {
      stopTimers()
      const stale = !answer && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
      if (stale) settle(new StaleSocketError(describe(error)))
      else settle(error instanceof DeliveryError ? error : new DeliveryError(describe(error)))
    })
    req.end(body)
  })
}

/** A DNS lookup that answers the checked address only (net.connect calls it with `all` or without). */
function pinnedLookup(target: CheckedTarget) {
  return (
    _hostname: string,
    options: { all?: boolean },
    callback: (
      error: Error | null,
      address: string | Array<{ address: string; family: number }>,
      family?: number,
    ) => void,
  ) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
}

function text(chunks: Buffer[]): string {
  return Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8')
}

/** A short reason a merchant can act on: `connect ECONNREFUSED 127.0.0.1:9`, `socket hang up`… */
function describe(error: Error & { code?: string }): string {
  // OpenSSL errors carry their reason between library internals: keep only the reason.
  const tls = /:SSL routines:[^:]*:([^:]+):/.exec(error.message)
  if (tls?.[1]) return `TLS error: ${tls[1]}`
  if (error.message) return error.message.trim()
  return error.code ?? 'connection error'
}
