// What the Checks page computes from the tester's input and the API's reports, kept apart from React so it is
// tested on its own.
import type { IntegrationCheckRun } from './api.ts'

/**
 * `15m`, `2h`, `1d` or `45` (minutes) as minutes, the rule of the CLI's `plazo check flow --since`; undefined
 * outside 1 min to 24 h (the request log keeps 24 hours).
 */
export function sinceMinutes(text: string): number | undefined {
  const match = /^(\d+)\s*(m|min|h|d)?$/i.exec(text.trim())
  if (!match) return undefined
  const unit = match[2]?.toLowerCase() ?? 'm'
  const minutes = Number(match[1]) * (unit === 'h' ? 60 : unit === 'd' ? 1440 : 1)
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440 ? minutes : undefined
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i

/**
 * Whether a URL names the machine it is resolved on: to the sandbox that is its own machine, not the tester's,
 * so such a handler is checked with the CLI, which sends the notifications from the tester's machine.
 */
export function isLoopbackUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return LOOPBACK.test(url.hostname) || url.hostname.endsWith('.localhost')
  } catch {
    return false
  }
}

/** The CLI command that checks a handler the sandbox cannot reach, from the tester's machine. */
export function cliCommand(url: string): string {
  const target = url.trim() === '' ? 'http://localhost:3000/webhooks' : url.trim()
  return `npx plazo check webhooks --forward-to ${target}`
}

/**
 * Why a webhooks run's handler never answered, as the API wrote it in the report ("no answer (<reason>) after
 * N ms"): an address the sandbox refuses (PLAZO_WEBHOOK_TARGETS), a refused connection, a timeout. Read from
 * `signature.valid`, the notification every handler must acknowledge; undefined when it answered.
 */
export function noAnswerReason(run: Pick<IntegrationCheckRun, 'kind' | 'checks'>): string | undefined {
  if (run.kind !== 'webhooks') return undefined
  const valid = run.checks.find((check) => check.id === 'signature.valid')
  if (!valid || valid.status === 'pass') return undefined
  return /no answer \((.*)\) after \d+ ms/.exec(valid.detail)?.[1]
}

/** The guide's section in the page's language: the docs serve Spanish under `/es/`. */
export function docsUrlIn(url: string, lang: 'en' | 'es'): string {
  if (lang === 'en') return url
  try {
    const parsed = new URL(url)
    if (!parsed.pathname.startsWith('/docs/')) return url
    parsed.pathname = `/es${parsed.pathname}`
    return parsed.toString()
  } catch {
    return url
  }
}

/** A run this tab started: the API lists no runs, so the page keeps its own (docs/adr/0017). */
export interface RecentRun {
  id: string
  kind: 'webhooks' | 'flow'
  /** What was checked: the handler's URL, `session <id>` or the period, as the tester gave it. */
  target: string
  created_at: string
  status: 'running' | 'done'
  passed: number
  failed: number
  warned: number
}

export const MAX_RECENT_RUNS = 10

/** The list with `run` first (replacing an older entry of the same id), at most MAX_RECENT_RUNS long. */
export function remember(list: readonly RecentRun[], run: RecentRun): RecentRun[] {
  return [run, ...list.filter((entry) => entry.id !== run.id)].slice(0, MAX_RECENT_RUNS)
}

/** The entry updated with a report read later (its status and counts), keeping its place and its target. */
export function updateRecent(list: readonly RecentRun[], run: IntegrationCheckRun): RecentRun[] {
  return list.map((entry) =>
    entry.id === run.id
      ? { ...entry, status: run.status, passed: run.passed, failed: run.failed, warned: run.warned }
      : entry,
  )
}

// Per tab and per account: another account signed in on the same browser cannot read these runs, so it is not
// shown their ids.
const storageKey = (merchantId: string) => `plazo-dashboard-check-runs:${merchantId}`

export function loadRecent(merchantId: string): RecentRun[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey(merchantId)) ?? '[]')
    return Array.isArray(parsed) ? (parsed as RecentRun[]).slice(0, MAX_RECENT_RUNS) : []
  } catch {
    return []
  }
}

export function saveRecent(merchantId: string, list: readonly RecentRun[]): void {
  try {
    sessionStorage.setItem(storageKey(merchantId), JSON.stringify(list))
  } catch {
    // Storage blocked: the list lasts as long as the page.
  }
}
