import type { Database } from '../../storage/index.ts'
import {
  type NewRequestLogRow,
  type RequestLogRow,
  requestLogRepository,
} from '../../storage/request-log-repository.ts'

/** How much of the past the log keeps, per merchant. */
export const REQUEST_LOG_HOURS = 24
export const REQUEST_LOG_MAX_ROWS = 10_000
/** Bodies longer than this are cut (the sandbox's own bodies are far smaller). */
export const REQUEST_LOG_BODY_CHARS = 64 * 1024

const FLUSH_MS = 100
const PRUNE_EVERY_MS = 10_000

/** One call, as `GET /test-helpers/request-log` answers it. */
export interface RequestLogEntry {
  request_id: string
  created_at: string
  method: string
  path: string
  status: number
  duration_ms: number
  idempotency_key: string | null
  /** The login (token family) the call was made with: the same for every call of one login and its refreshes. */
  login_id: string | null
  request_body: unknown
  response_body: unknown
}

export interface RequestLogQuery {
  /** `4xx`, `2xx`… or one status such as `404`. */
  status?: string
  /** Paths starting with this, with or without `/api/v2`. */
  path?: string
  limit?: number
}

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
  #buffer: NewRequestLogRow[] = []
  #timer: NodeJS.Timeout | undefined
  #flushing: Promise<void> = Promise.resolve()
  readonly #prunedAt = new Map<string, number>()

  constructor(options: { db: Database; now: () => Date; onError: (error: unknown) => void }) {
    this.#db = options.db
    this.#now = options.now
    this.#onError = options.onError
  }

  record(row: Omit<NewRequestLogRow, 'created_at'>): void {
    this.#buffer.push({ ...row, created_at: this.#now() })
    this.#timer ??= setTimeout(() => {
      this.flush().catch(this.#onError)
    }, FLUSH_MS)
  }

  /** Writes the buffered calls (and prunes their merchants' old ones now and then). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer)
    this.#timer = undefined
    const rows = this.#buffer
    this.#buffer = []
    const previous = this.#flushing
    this.#flushing = previous.then(async () => {
      if (rows.length === 0) return
      await this.#db.transaction((tx) => requestLogRepository.insertMany(tx, rows))
      const now = this.#now().getTime()
      for (const merchantId of new Set(rows.map((row) => row.merchant_id))) {
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

  /** The merchant's calls, newest first, filtered. */
  async list(merchantId: string, query: RequestLogQuery): Promise<RequestLogEntry[]> {
    await this.flush()
    const [statusFrom, statusTo] = statusRange(query.status)
    const rows = await requestLogRepository.list(this.#db, merchantId, {
      since: new Date(this.#now().getTime() - REQUEST_LOG_HOURS * 3_600_000),
      statusFrom,
      statusTo,
      pathPrefix: apiPath(query.path ?? ''),
      limit: Math.min(query.limit ?? 100, REQUEST_LOG_MAX_ROWS),
    })
    return rows.map(toEntry)
  }

  /** The merchant's calls answered at or after `since` (at most REQUEST_LOG_MAX_ROWS), oldest first. */
  async since(merchantId: string, since: Date): Promise<RequestLogEntry[]> {
    await this.flush()
    const rows = await requestLogRepository.list(this.#db, merchantId, {
      since,
      statusFrom: 0,
      statusTo: 999,
      pathPrefix: '',
      limit: REQUEST_LOG_MAX_ROWS,
    })
    return rows.map(toEntry).reverse()
  }
}

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

function toEntry(row: RequestLogRow): RequestLogEntry {
  return {
    request_id: row.request_id,
    created_at: row.created_at,
    method: row.method,
    path: row.path,
    status: row.status,
    duration_ms: row.duration_ms,
    idempotency_key: row.idempotency_key,
    login_id: row.login_id,
    request_body: body(row.request_text),
    response_body: body(row.response_text),
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
