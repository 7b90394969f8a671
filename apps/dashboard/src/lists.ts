// What the pages compute from the API's answers, kept apart from React so it is tested on its own.
import type { EventSummary, RequestLogEntry } from './api.ts'

const ORDER: Record<string, number> = { failed: 0, pending: 1, delivered: 2 }

/** Failing first (failed, then pending with tries made), then pending, then delivered; newest first within. */
export function failingFirst(events: EventSummary[]): EventSummary[] {
  const rank = (e: EventSummary) =>
    (ORDER[e.status] ?? 3) * 2 - (e.status === 'pending' && e.attempt_count > 0 ? 1 : 0)
  return [...events].sort((a, b) => rank(a) - rank(b) || b.created_at.localeCompare(a.created_at))
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** The session a call was about: named in its path, or the one its answer created or returned. */
export function sessionOf(entry: Pick<RequestLogEntry, 'path' | 'response_body'>): string | undefined {
  const inPath = new RegExp(`/checkout/(${UUID})`, 'i').exec(entry.path)
  if (inPath) return inPath[1]?.toLowerCase()
  const body = entry.response_body as Record<string, unknown> | null
  if (body && typeof body === 'object') {
    if (typeof body.checkout_session_id === 'string') return body.checkout_session_id
    const payload = body.payload as Record<string, unknown> | undefined
    if (
      payload &&
      typeof payload === 'object' &&
      typeof payload.id === 'string' &&
      entry.path.includes('/checkout')
    )
      return payload.id
  }
  return undefined
}

/** The snippets that start a project on this account, with this sandbox's URL. */
export function snippets(apiUrl: string, username: string) {
  return {
    sdk: `import { Plazo } from '@plazo/node'

const plazo = new Plazo({
  username: '${username}',
  password: process.env.PLAZO_PASSWORD,
  apiUrl: '${apiUrl}',
})`,
    cli: `export PLAZO_API_URL=${apiUrl}
npx plazo login --username ${username}`,
    mcp: JSON.stringify(
      {
        command: 'npx',
        args: ['-y', '@plazo/mcp'],
        env: { PLAZO_API_URL: apiUrl, PLAZO_USERNAME: username, PLAZO_PASSWORD: '<your password>' },
      },
      null,
      2,
    ),
  }
}
