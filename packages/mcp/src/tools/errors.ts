/**
 * Failures become tool results with `isError: true`, never protocol errors or crashes: the agent reads what
 * went wrong, the API's `exception`, message and schema errors, and the guide that explains it, and can
 * correct its call.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { isPlazoError } from '../client.ts'

/**
 * The guide for the exceptions that belong to one topic. Others (`plazo.checkout.invalid_state`: the call does
 * not fit the order's status) are explained by the guide of the call that failed.
 */
const GUIDE_BY_EXCEPTION: ReadonlyArray<[RegExp, string]> = [
  [/^plazo\.checkout\.cart_total_mismatch$/, '/docs/get-started/checkout-session.md'],
  [/^plazo\.capture\./, '/docs/order-management/captures.md'],
  [/^plazo\.refund\./, '/docs/order-management/refunds.md'],
  [/^plazo\.lender\.rejected$/, '/docs/testing.md'],
  [/^plazo\.webhook\./, '/docs/webhooks.md'],
  [/^plazo\.(idempotency|request|route)\./, '/docs/api.md'],
]

export function guideFor(exception: string | undefined, fallback?: string): string | undefined {
  if (exception) {
    for (const [pattern, guide] of GUIDE_BY_EXCEPTION) if (pattern.test(exception)) return guide
  }
  return fallback
}

export function toolError(lines: readonly string[], guide?: string): CallToolResult {
  const text = [...lines, ...(guide ? [`Guide: ${guide} (read it with read_doc)`] : [])].join('\n')
  return { isError: true, content: [{ type: 'text', text }] }
}

/** An error thrown by the Plazo client (or anything else) as a tool error. */
export function apiErrorResult(error: unknown, fallbackGuide?: string): CallToolResult {
  if (!isPlazoError(error)) {
    const message = error instanceof Error ? error.message : String(error)
    return toolError([`The call failed: ${message}`])
  }
  const lines = [
    `Plazo API error${error.status ? ` ${error.status}` : ''}${error.exception ? ` ${error.exception}` : ''}: ${error.message}`,
  ]
  for (const schemaError of error.schemaErrors ?? [])
    lines.push(`- ${schemaError.field}: ${schemaError.message}`)
  if (error.requestId) lines.push(`request id: ${error.requestId}`)
  if (error.status === 401)
    lines.push(
      'The access token is missing, unknown or expired: sign in again (plazo login) or send a valid token.',
    )
  return toolError(lines, guideFor(error.exception, fallbackGuide))
}
