import {
  FLOW_CHECKS,
  INTEGRATION_CHECK_GUIDE,
  type IntegrationCheckId,
  type IntegrationCheckStatus,
  integrationCheckAnchor,
  WEBHOOK_CHECKS,
} from '@plazo/contract'

/** What one check found: its status and what it saw, in a sentence or two with the ids involved. */
export interface Verdict {
  status: IntegrationCheckStatus
  detail: string
}

/** One check of a report, as the API answers it and `plazo check --json` prints it. */
export interface CheckResult {
  id: IntegrationCheckId
  status: IntegrationCheckStatus
  title: string
  detail: string
  docs_url: string
}

export type CheckKind = 'webhooks' | 'flow'

/** Every check of a kind, in the catalogue's order, with its verdict, title and guide section. */
export function reportChecks(
  kind: CheckKind,
  verdicts: Readonly<Partial<Record<IntegrationCheckId, Verdict>>>,
  docsUrl: string,
): CheckResult[] {
  const catalogue: ReadonlyArray<{ id: IntegrationCheckId; title: string }> =
    kind === 'webhooks' ? WEBHOOK_CHECKS : FLOW_CHECKS
  return catalogue.map(({ id, title }) => {
    const verdict = verdicts[id] ?? { status: 'skip', detail: 'Not checked.' }
    return {
      id,
      status: verdict.status,
      title,
      detail: verdict.detail,
      docs_url: `${docsUrl}${INTEGRATION_CHECK_GUIDE}#${integrationCheckAnchor(id)}`,
    }
  })
}

/** How many checks passed, failed and warned. */
export function tally(checks: readonly CheckResult[]): { passed: number; failed: number; warned: number } {
  const count = (status: IntegrationCheckStatus) => checks.filter((check) => check.status === status).length
  return { passed: count('pass'), failed: count('fail'), warned: count('warn') }
}

/** `N thing` or `N things`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

/** At most `limit` items of a list, then how many more. */
export function listed(items: readonly string[], limit = 5): string {
  if (items.length <= limit) return items.join('; ')
  return `${items.slice(0, limit).join('; ')}; and ${items.length - limit} more`
}

/** A logged call in a detail: `POST /api/v2/checkout/…/confirm → 409 (request 3c0a…)`. */
export function describeCall(call: {
  method: string
  path: string
  status: number
  request_id: string
}): string {
  return `${call.method} ${call.path} → ${call.status} (request ${call.request_id})`
}
