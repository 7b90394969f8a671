/**
 * The consoles' shared state for the visit, and their calls to the sandbox API. Calls go to the docs gate,
 * which forwards `/__sandbox/api/v2/*` to PLAZO_DOCS_SANDBOX_URL (apps/docs/server/sandbox-proxy.ts). The
 * account, its token and the ids the consoles have seen are kept in sessionStorage: they last the visit
 * and are shared by every console of every reference page.
 */

export const SANDBOX_API = '/__sandbox/api/v2'

/** The sandbox's seeded users (DESIGN.md, "Sandbox seed"). */
export const SANDBOX_ACCOUNTS = {
  demo: { username: 'demo@plazo.test', password: 'plazo-sandbox', merchant: 'Demo Store' },
  other: { username: 'other@plazo.test', password: 'plazo-sandbox', merchant: 'Other Shop' },
} as const

export type AccountChoice = keyof typeof SANDBOX_ACCOUNTS | 'own' | 'token'

export interface SandboxState {
  account: AccountChoice
  /** The user the token belongs to, when the console signed in. */
  username: string | undefined
  token: string | undefined
  /** Ids (and client secrets) found in the answers, by field name, newest first. */
  ids: Readonly<Record<string, readonly string[]>>
}

const STORAGE_KEY = 'plazo.tryit.v1'
const IDS_PER_FIELD = 8
const INITIAL: SandboxState = { account: 'demo', username: undefined, token: undefined, ids: {} }

function load(): SandboxState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<SandboxState> | null
    return stored ? { ...INITIAL, ...stored } : INITIAL
  } catch {
    return INITIAL
  }
}

let state: SandboxState | undefined
const listeners = new Set<() => void>()

export function sandboxState(): SandboxState {
  state ??= load()
  return state
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function update(change: Partial<SandboxState>): void {
  state = { ...sandboxState(), ...change }
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // Storage full or refused: the state still lasts until the page is left.
  }
  for (const listener of listeners) listener()
}

export function chooseAccount(account: AccountChoice): void {
  update({ account, username: undefined, token: undefined })
}

export function pasteToken(token: string): void {
  update({ account: 'token', username: undefined, token: token.trim() || undefined })
}

/** Field names whose values are worth offering again: ids and client secrets. */
const REMEMBERED = /(^|_)id$|^client_secret$/

/** Remembers the ids of an answer (any depth), so the next console can offer them. */
export function rememberIds(body: unknown): void {
  const found: Array<[string, string]> = []
  const walk = (value: unknown, depth: number) => {
    if (depth > 5 || typeof value !== 'object' || value === null) return
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && item !== '' && REMEMBERED.test(key)) found.push([key, item])
      else walk(item, depth + 1)
    }
  }
  walk(body, 0)
  if (found.length === 0) return
  const ids: Record<string, readonly string[]> = { ...sandboxState().ids }
  for (const [key, value] of found.reverse()) {
    ids[key] = [value, ...(ids[key] ?? []).filter((known) => known !== value)].slice(0, IDS_PER_FIELD)
  }
  update({ ids })
}

/** Why an answer did not come from the API itself. */
export type Problem = 'sandbox-down' | 'docs-session' | 'network'

export interface Call {
  method: string
  /** Relative to the API base: `/checkout/…?…`. */
  path: string
  headers: Record<string, string>
  body: string | undefined
}

export interface Answer {
  status: number
  statusText: string
  ms: number
  headers: Array<[string, string]>
  text: string
  json: unknown
  problem: Problem | undefined
}

export async function send(call: Call): Promise<Answer> {
  const started = performance.now()
  let response: Response
  try {
    response = await fetch(`${SANDBOX_API}${call.path}`, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      credentials: 'same-origin',
      cache: 'no-store',
    })
  } catch {
    const ms = Math.round(performance.now() - started)
    return { status: 0, statusText: '', ms, headers: [], text: '', json: undefined, problem: 'network' }
  }
  const text = await response.text()
  const ms = Math.round(performance.now() - started)
  let json: unknown
  try {
    json = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  // The gate's own answers (sandbox-proxy.ts) carry an `error` code; the API's never do.
  const code = (json as { error?: unknown } | undefined)?.error
  const problem: Problem | undefined =
    response.status === 502 && code === 'sandbox_unavailable'
      ? 'sandbox-down'
      : response.status === 401 && code === 'docs_session_required'
        ? 'docs-session'
        : undefined
  if (response.ok) rememberIds(json)
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    headers: [...response.headers.entries()],
    text,
    json,
    problem,
  }
}

/** Signs in and keeps the token for the visit; the answer tells why when it fails. */
export async function signIn(username: string, password: string, account: AccountChoice): Promise<Answer> {
  const answer = await send({
    method: 'POST',
    path: '/auth/login/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const token = (answer.json as { access_token?: unknown } | undefined)?.access_token
  if (answer.status === 200 && typeof token === 'string') update({ account, username, token })
  return answer
}

/**
 * The bearer token to send: the one held, or for a sandbox account a fresh sign-in (`renew` after a 401,
 * as when the sandbox was restarted on a new database). Otherwise the failed sign-in's answer.
 */
export async function bearerToken(
  renew = false,
): Promise<{ token: string } | { failed: Answer | undefined }> {
  const { account, token } = sandboxState()
  if (token && !renew) return { token }
  if (account !== 'demo' && account !== 'other') return { failed: undefined }
  const { username, password } = SANDBOX_ACCOUNTS[account]
  const answer = await signIn(username, password, account)
  const fresh = sandboxState().token
  return answer.status === 200 && fresh ? { token: fresh } : { failed: answer }
}

/** Where the sandbox API is, for the curl command (the gate knows PLAZO_DOCS_SANDBOX_URL). */
let apiUrl: Promise<string> | undefined
export function sandboxApiUrl(): Promise<string> {
  apiUrl ??= fetch('/__sandbox/config', { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((config: { api_url: string }) => config.api_url)
    .catch(() => {
      apiUrl = undefined
      return 'http://localhost:4000/api/v2'
    })
  return apiUrl
}

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

export function curlCommand(base: string, call: Call): string {
  const lines = [`curl -X ${call.method} ${shellQuote(`${base}${call.path}`)}`]
  for (const [name, value] of Object.entries(call.headers))
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`)
  if (call.body !== undefined) lines.push(`  --data-raw ${shellQuote(call.body)}`)
  return lines.join(' \\\n')
}
