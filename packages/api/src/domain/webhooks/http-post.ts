import http from 'node:http'
import https from 'node:https'

/** A try that got no HTTP answer: connection refused or reset, TLS failure, timeout, bad URL. */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError'
}

export interface PostRequest {
  url: URL
  headers: Record<string, string>
  body: string
  /** The whole exchange (connect, TLS, request and the response body) must finish within this. */
  timeoutMs: number
  agent?: http.Agent
}

export interface PostResponse {
  statusCode: number
  /** The first bytes of the response body (enough for an error message or a token). */
  body: string
}

/** Bodies are read up to this size; receivers answering more are not waited for. */
const MAX_RESPONSE_BYTES = 64 * 1024

/**
 * One POST with a hard deadline. Redirects are not followed (a 3XX is an answer like any other): following
 * them would send a signed body and its credentials to a URL the merchant did not configure.
 */
export function post(request: PostRequest): Promise<PostResponse> {
  const { url } = request
  if (!targetAllowed(url)) {
    return Promise.reject(
      new DeliveryError(`${url.hostname} is not a loopback address, and PLAZO_WEBHOOK_TARGETS=loopback`),
    )
  }
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
  return new Promise((resolve, reject) => {
    const body = Buffer.from(request.body)
    let settled = false
    const finish = (error: Error | undefined, response?: PostResponse) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (error) reject(error)
      else resolve(response as PostResponse)
    }
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(body.length) },
        ...(request.agent ? { agent: request.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_RESPONSE_BYTES) return
          chunks.push(chunk)
          size += chunk.length
          if (size >= MAX_RESPONSE_BYTES) {
            finish(undefined, { statusCode: res.statusCode ?? 0, body: text(chunks) })
            res.destroy()
          }
        })
        res.on('end', () => finish(undefined, { statusCode: res.statusCode ?? 0, body: text(chunks) }))
        res.on('error', (error) => finish(new DeliveryError(describe(error))))
      },
    )
    const timer = setTimeout(() => {
      const error = new DeliveryError(`timed out after ${request.timeoutMs} ms`)
      finish(error)
      req.destroy(error)
    }, request.timeoutMs)
    req.on('error', (error) =>
      finish(error instanceof DeliveryError ? error : new DeliveryError(describe(error))),
    )
    req.end(body)
  })
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i

/**
 * With PLAZO_WEBHOOK_TARGETS=loopback (set for every test run and by CI), notifications and token requests go
 * only to loopback addresses, decided before any DNS lookup: a test that builds a session with an example
 * `notification_url` never sends traffic off the machine.
 */
export function targetAllowed(url: URL, mode = process.env.PLAZO_WEBHOOK_TARGETS): boolean {
  return mode !== 'loopback' || LOOPBACK_HOSTS.test(url.hostname)
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
