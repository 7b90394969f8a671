import type { RequestLogEntrySchema, RequestLogQuerySchema, Static } from '@plazo/contract'
import type { Database } from '../../storage/index.ts'
import {
  bodyHash,
  type NewBatch,
  type NewCall,
  requestLogRepository,
  type StoredCall,
} from '../../storage/request-log-repository.ts'

/** How much of the past the log keeps, per merchant. */
export const REQUEST_LOG_HOURS = 24
export const REQUEST_LOG_MAX_ROWS = 10_000
/** Bodies longer than this are cut (the sandbox's own bodies are far smaller). */
export const REQUEST_LOG_BODY_CHARS = 64 * 1024

const FLUSH_MS = 100
const PRUNE_EVERY_MS = 10_000

/** A call as the API hook records it: what was asked and answered, with both bodies as text. */
export type RecordedCall = Omit<NewCall, 'at' | 'request_hash' | 'response_hash'> & {
  merchant_id: string
  request_text: string | null
  response_text: string | null
}

/** One call, as `GET /test-helpers/request-log` answers it. */
export type RequestLogEntry = Static<typeof RequestLogEntrySchema>

export type RequestLogQuery = Static<typeof RequestLogQuerySchema>

/**
 * The sandbox request log: each merchant's last API calls with their bodies, for `plazo logs tail`. Calls are
 * buffered and written in batches off the request path (a call never waits for its log row, and a failed write
 * of the log never fails a call); a read writes this node's buffer first, so a call is in the log once it was
 * answered. Bounded to the last 24 hours and 10 000 calls per merchant.
 */
export class RequestLog {
  readonly #db: Database
  readonly #now: () => Date
  readonly #onError: (error: unknown) => void
  #buffer: Buffered[] = []
  /**
   * The last answer given at each place (merchant, method, path), and its hash once a flush has named it: an
   * answer given again is kept as this one copy (see record) and not hashed again (see #batches).
   */
  readonly #lastAnswers = new Map<string, { text: string; hash?: string }>()
  #timer: NodeJS.Timeout | undefined
  #flushing: Promise<void> = Promise.resolve()
  readonly #prunedAt = new Map<string, number>()

  constructor(options: { db: Database; now: () => Date; onError: (error: unknown) => void }) {
    this.#db = options.db
    this.#now = options.now
    this.#onError = options.onError
  }

  record(call: RecordedCall): void {
    // An answer equal to the last one given at the same place (a GET read again) is kept as that one: the
    // buffer then holds each distinct body once, and the new copy dies young instead of outliving the flush.
    const response = call.response_text
    if (response !== null) {
      const place = `${call.merchant_id} ${call.method} ${call.path}`
      const last = this.#lastAnswers.get(place)
      if (last?.text === response) call.response_text = last.text
      else {
        this.#lastAnswers.delete(place)
        this.#lastAnswers.set(place, { text: response })
        if (this.#lastAnswers.size > LAST_ANSWERS) {
          const oldest = this.#lastAnswers.keys().next().value
          if (oldest !== undefined) this.#lastAnswers.delete(oldest)
        }
      }
    }
    this.#buffer.push({ call, at: this.#now() })
    this.#timer ??= setTimeout(() => {
      this.flush().catch(this.#onError)
    }, FLUSH_MS)
  }

  /** Writes the buffered calls, a batch per merchant (and prunes their merchants' old ones now and then). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer)
    this.#timer = undefined
    const buffered = this.#buffer
    this.#buffer = []
    const previous = this.#flushing
    this.#flushing = previous.then(async () => {
      if (buffered.length === 0) return
      const batches = this.#batches(buffered)
      await this.#db.transaction((tx) => requestLogRepository.insertBatches(tx, batches))
      const now = this.#now().getTime()
      for (const { merchantId } of batches) {
        if (now - (this.#prunedAt.get(merchantId) ?? 0) < PRUNE_EVERY_MS) continue
        this.#prunedAt.set(merchantId, now)
        await requestLogRepository.prune(
          this.#db,
          merchantId,
          new Date(now - REQUEST_LOG_HOURS * 3_600_000),
          REQUEST_LOG_MAX_ROWS,
        )
      }
    })
    await this.#flushing
  }

  /**
   * The buffered calls grouped by merchant, each body named by its hash. The last answer given at a place keeps
   * its hash, so a GET read again is hashed once.
   */
  #batches(buffered: readonly Buffered[]): NewBatch[] {
    const byMerchant = new Map<string, NewBatch & { bodies: Map<string, string> }>()
    for (const { call, at } of buffered) {
      let batch = byMerchant.get(call.merchant_id)
      if (!batch) {
        batch = { merchantId: call.merchant_id, calls: [], bodies: new Map() }
        byMerchant.set(call.merchant_id, batch)
      }
      const bodies = batch.bodies
      const name = (text: string | null, last?: { text: string; hash?: string }): string | null => {
        if (text === null) return null
        if (last?.text !== text) {
          const hash = bodyHash(text)
          bodies.set(hash, text)
          return hash
        }
        last.hash ??= bodyHash(text)
        bodies.set(last.hash, text)
        return last.hash
      }
      batch.calls.push({
        request_id: call.request_id,
        at: at.getTime(),
        method: call.method,
        path: call.path,
        status: call.status,
        duration_ms: call.duration_ms,
        idempotency_key: call.idempotency_key,
        login_id: call.login_id,
        request_hash: name(call.request_text),
        response_hash: name(
          call.response_text,
          this.#lastAnswers.get(`${call.merchant_id} ${call.method} ${call.path}`),
        ),
      })
    }
    return [...byMerchant.values()]
  }

  /** The merchant's calls, newest first, filtered. */
  async list(merchantId: string, query: RequestLogQuery): Promise<RequestLogEntry[]> {
    const [statusFrom, statusTo] = statusRange(query.status)
    const prefix = apiPath(query.path ?? '')
    return this.#newest(
      merchantId,
      new Date(this.#now().getTime() - REQUEST_LOG_HOURS * 3_600_000),
      Math.min(query.limit ?? 100, REQUEST_LOG_MAX_ROWS),
      (call) => call.status >= statusFrom && call.status <= statusTo && call.path.startsWith(prefix),
    )
  }

  /** The merchant's calls answered at or after `since` (at most REQUEST_LOG_MAX_ROWS), oldest first. */
  async since(merchantId: string, since: Date): Promise<RequestLogEntry[]> {
    return (await this.#newest(merchantId, since, REQUEST_LOG_MAX_ROWS, () => true)).reverse()
  }

  /** The newest `limit` calls at or after `since` that `matches` accepts, newest first, with their bodies. */
  async #newest(
    merchantId: string,
    since: Date,
    limit: number,
    matches: (call: StoredCall) => boolean,
  ): Promise<RequestLogEntry[]> {
    await this.flush()
    const found: StoredCall[] = []
    const from = since.getTime()
    read: for await (const batch of requestLogRepository.newestBatches(this.#db, merchantId, since)) {
      for (let i = batch.calls.length - 1; i >= 0; i--) {
        const call = batch.calls[i] as StoredCall
        if (Date.parse(call.created_at) < from || !matches(call)) continue
        found.push(call)
        if (found.length === limit) break read
      }
    }
    const hashes = new Set<string>()
    for (const call of found) {
      if (call.request_hash) hashes.add(call.request_hash)
      if (call.response_hash) hashes.add(call.response_hash)
    }
    const bodies = await requestLogRepository.bodies(this.#db, merchantId, [...hashes])
    const text = (hash: string | null, written: string | null | undefined) =>
      hash === null ? (written ?? null) : (bodies.get(hash) ?? null)
    return found.map((call) => ({
      request_id: call.request_id,
      created_at: call.created_at,
      method: call.method,
      path: call.path,
      status: call.status,
      duration_ms: call.duration_ms,
      idempotency_key: call.idempotency_key,
      login_id: call.login_id,
      request_body: body(text(call.request_hash, call.request_text)),
      response_body: body(text(call.response_hash, call.response_text)),
    }))
  }
}

/** A recorded call waiting in the buffer, with the time it was answered. */
interface Buffered {
  call: RecordedCall
  at: Date
}

/** Places (merchant, method, path) whose last answer is remembered. */
const LAST_ANSWERS = 1_000

/** `4xx` → 400–499, `404` → 404–404, none → every status. */
function statusRange(status: string | undefined): [number, number] {
  if (status === undefined) return [0, 999]
  const hundreds = /^([1-5])xx$/i.exec(status)
  if (hundreds) return [Number(hundreds[1]) * 100, Number(hundreds[1]) * 100 + 99]
  return [Number(status), Number(status)]
}

function apiPath(path: string): string {
  if (path === '') return ''
  const absolute = path.startsWith('/') ? path : `/${path}`
  return absolute.startsWith('/api/v2') ? absolute : `/api/v2${absolute}`
}

/** A body as JSON when it is JSON, else its text. */
function body(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A body for the log: its text, cut at REQUEST_LOG_BODY_CHARS. */
export function bodyText(value: unknown): string | null {
  if (value === undefined || value === null) return null
  let text: string
  if (typeof value === 'string') text = value
  else if (Buffer.isBuffer(value)) text = value.toString('utf8')
  else if (typeof value === 'object' && typeof (value as { pipe?: unknown }).pipe === 'function') return null
  else text = JSON.stringify(value)
  return text.length > REQUEST_LOG_BODY_CHARS ? text.slice(0, REQUEST_LOG_BODY_CHARS) : text
}
