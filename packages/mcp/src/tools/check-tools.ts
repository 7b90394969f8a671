/**
 * run_integration_check: the integration check of `plazo check`, for an agent that fixes a webhook handler or an
 * API flow until every check passes. The sandbox grades (one engine for every client); this tool starts the run
 * through the Plazo client and reads the report back as text an agent can act on, check by check.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { INTEGRATION_CHECK_GUIDE, IntegrationCheckRequestSchema } from '@plazo/contract'
import type { IntegrationCheckRun } from '@plazo/node'
import type { PlazoClient } from '../client.ts'
import { defineTool, type ToolDefinition } from './define.ts'
import { apiErrorResult, toolError } from './errors.ts'

const GUIDE = `${INTEGRATION_CHECK_GUIDE}.md`

const MARKS = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' } as const

/** The report as an agent reads it: the failures first, each with what was seen and the section to read. */
export function formatReport(run: IntegrationCheckRun): string {
  const order = { fail: 0, warn: 1, pass: 2, skip: 3 } as const
  const checks = [...run.checks].sort((a, b) => order[a.status] - order[b.status])
  const lines = [
    `Integration check (${run.kind}) ${run.id}: ${run.passed} passed, ${run.failed} failed, ${run.warned} warned.`,
  ]
  for (const check of checks) {
    lines.push(`${MARKS[check.status]} ${check.id}: ${check.title}`)
    if (check.status !== 'pass') {
      lines.push(`  ${check.detail}`)
      const anchor = check.docs_url.split('#')[1]
      lines.push(`  Fix: read_doc ${GUIDE}${anchor ? ` (section #${anchor})` : ''}`)
    }
  }
  lines.push(
    run.failed > 0
      ? 'Next: fix the failed checks in the handler or the flow, then run_integration_check again.'
      : 'Every check that applies passed.',
  )
  return lines.join('\n')
}

/**
 * `clientDelivery`: a webhooks run may have its notifications POSTed from this server's process (`deliver:
 * "client"`), which reaches a handler on the developer's localhost. Only over stdio, where this process is the
 * developer's: over HTTP it runs inside the sandbox, which sends them itself (with its own target rules).
 */
export function checkTools(plazo: () => PlazoClient, options: { clientDelivery: boolean }): ToolDefinition[] {
  const defaultDelivery = options.clientDelivery ? 'client' : 'sandbox'
  return [
    defineTool({
      name: 'run_integration_check',
      title: 'Check the integration',
      description: `Grades the merchant's integration as \`plazo check\` does, against the guide ${GUIDE}. kind "webhooks" (with url: the webhook handler) sends the handler a battery of notifications from real sandbox events (correctly signed, forged, tampered, stale, unsigned, during a secret rotation, twice, out of order, an unknown event type, unknown fields) and grades its answers, what it then did on the sandbox, and its latency: 11 checks (signature.*, delivery.*). kind "flow" grades the latest API calls and sessions (since_minutes, default 60, or one checkout_session_id): Idempotency-Key on every POST, tokens reused, the session read after the customer returns, confirm and capture windows, no request repeated unchanged after a 4xx, notifications acknowledged: 7 checks (flow.*). deliver: "${defaultDelivery}" by default${options.clientDelivery ? ' (this server POSTs the notifications itself, so a localhost handler works; "sandbox" makes the sandbox send them)' : ' (the sandbox sends the notifications, so url must be reachable from it)'}. Returns each check's status, what it saw and the guide section of the fix; run it again after each fix until nothing fails. A webhooks run takes a few seconds.`,
      inputSchema: IntegrationCheckRequestSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      guide: GUIDE,
      run: async (request): Promise<CallToolResult> => {
        const deliver = request.kind === 'webhooks' ? (request.deliver ?? defaultDelivery) : undefined
        if (deliver === 'client' && !options.clientDelivery)
          return toolError(
            [
              'deliver "client" posts the notifications from the MCP server, and this one runs inside the sandbox: use deliver "sandbox" with a URL the sandbox reaches, or run `plazo check webhooks --forward-to URL` (or `plazo mcp`) on the machine of the handler.',
            ],
            GUIDE,
          )
        try {
          const run = await plazo().testHelpers.runIntegrationCheck(
            deliver ? { ...request, deliver } : request,
          )
          return {
            content: [{ type: 'text', text: formatReport(run) }],
            structuredContent: {
              kind: run.kind,
              passed: run.passed,
              failed: run.failed,
              warned: run.warned,
              checks: run.checks,
            },
          }
        } catch (error) {
          return apiErrorResult(error, GUIDE)
        }
      },
    }),
  ]
}
