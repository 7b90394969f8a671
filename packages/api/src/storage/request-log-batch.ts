// How a batch of the request log writes its calls in `request_log_batches.entries` (migration 0017). A flush
// writes a thousand calls a second per busy merchant, so the text is compact: each call a tuple, the strings
// that repeat from call to call (methods, paths, logins, body hashes) written once in `strings` and named by
// index, times in milliseconds after `at`. Batches moved in by the migration are a plain array of call objects
// with their bodies written out; both read back the same.

/** A call to write: as the API answered it, its bodies named by hash. */
export interface NewCall {
  request_id: string
  /** When it was answered, in epoch milliseconds. */
  at: number
  method: string
  path: string
  status: number
  duration_ms: number
  idempotency_key: string | null
  login_id: string | null
  request_hash: string | null
  response_hash: string | null
}

/** A call read back. Calls moved in from the old table have their bodies written out in `*_text`. */
export type StoredCall = Omit<NewCall, 'at'> & {
  created_at: string
  request_text?: string | null
  response_text?: string | null
}

/** request id, ms after `at`, method, path, status, duration, Idempotency-Key, login, request and response body. */
type Tuple = [string, number, number, number, number, number, string | null, number, number, number]

interface Encoded {
  at: number
  strings: string[]
  calls: Tuple[]
}

/** The calls (oldest first) as `entries` text. */
export function encodeCalls(calls: readonly NewCall[]): string {
  const at = calls[0]?.at ?? 0
  const strings: string[] = []
  const indexes = new Map<string, number>()
  const index = (value: string | null): number => {
    if (value === null) return -1
    let found = indexes.get(value)
    if (found === undefined) {
      found = strings.push(value) - 1
      indexes.set(value, found)
    }
    return found
  }
  const tuples = calls.map(
    (call): Tuple => [
      call.request_id,
      call.at - at,
      index(call.method),
      index(call.path),
      call.status,
      call.duration_ms,
      call.idempotency_key,
      index(call.login_id),
      index(call.request_hash),
      index(call.response_hash),
    ],
  )
  return JSON.stringify({ at, strings, calls: tuples } satisfies Encoded)
}

/** The calls of `entries` text, oldest first. */
export function decodeCalls(entries: string): StoredCall[] {
  const parsed = JSON.parse(entries) as Encoded | StoredCall[]
  if (Array.isArray(parsed)) return parsed
  const { at, strings, calls } = parsed
  const text = (i: number) => (i < 0 ? null : (strings[i] ?? null))
  return calls.map(([requestId, dt, method, path, status, duration, key, login, request, response]) => ({
    request_id: requestId,
    created_at: new Date(at + dt).toISOString(),
    method: text(method) ?? '',
    path: text(path) ?? '',
    status,
    duration_ms: duration,
    idempotency_key: key,
    login_id: text(login),
    request_hash: text(request),
    response_hash: text(response),
  }))
}

/** The newest `keep` calls of `entries` as text again, with the body hashes they name. */
export function keepNewest(
  entries: string,
  keep: number,
): { entries: string; hashes: string[]; oldestAt: string } {
  const parsed = JSON.parse(entries) as Encoded | StoredCall[]
  const hashes = new Set<string>()
  if (Array.isArray(parsed)) {
    const calls = parsed.slice(-keep)
    for (const call of calls) {
      if (call.request_hash) hashes.add(call.request_hash)
      if (call.response_hash) hashes.add(call.response_hash)
    }
    return { entries: JSON.stringify(calls), hashes: [...hashes], oldestAt: calls[0]?.created_at ?? '' }
  }
  const calls = parsed.calls.slice(-keep)
  for (const call of calls) {
    for (const i of [call[8], call[9]]) {
      const hash = i < 0 ? undefined : parsed.strings[i]
      if (hash !== undefined) hashes.add(hash)
    }
  }
  const first = calls[0]
  return {
    entries: JSON.stringify({ ...parsed, calls }),
    hashes: [...hashes],
    oldestAt: first ? new Date(parsed.at + first[1]).toISOString() : '',
  }
}
