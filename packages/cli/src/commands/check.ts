import { writeFileSync } from 'node:fs'
import type { IntegrationCheckRequest, IntegrationCheckRun } from '@plazo/node'
import type { Command } from 'commander'
import { type GlobalOptions, Session } from '../client.ts'
import { CliError } from '../errors.ts'
import { junitXml } from '../junit.ts'
import { colour, print, printJson } from '../output.ts'
import { forwardUrl } from './listen.ts'

/** `30m`, `2h`, `1d`, `45` (minutes) → minutes; the request log keeps 24 hours. */
export function sinceMinutes(text: string): number {
  const match = /^(\d+)\s*(m|min|h|d)?$/i.exec(text.trim())
  const unit = match?.[2]?.toLowerCase() ?? 'm'
  const minutes = match ? Number(match[1]) * (unit === 'h' ? 60 : unit === 'd' ? 1440 : 1) : Number.NaN
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440)
    throw new CliError(`--since: a duration from 1m to 24h (e.g. 30m, 2h, 1d), got ${text}`)
  return minutes
}

const MARKS = {
  pass: () => colour.green('✓'),
  fail: () => colour.red('✗'),
  warn: () => colour.yellow('!'),
  skip: () => colour.dim('-'),
} as const

/** Prints the report (`--json`: the one object of DESIGN.md), writes `--junit`, and fails when a check did. */
function report(
  run: IntegrationCheckRun,
  globals: GlobalOptions,
  junit: string | undefined,
  startedAt: number,
): void {
  const { kind, passed, failed, warned, checks } = run
  if (junit) {
    try {
      writeFileSync(junit, junitXml({ kind, checks }, { seconds: (Date.now() - startedAt) / 1000 }))
    } catch (error) {
      throw new CliError(`--junit: cannot write ${junit}: ${(error as Error).message}`)
    }
  }
  if (globals.json) printJson({ kind, passed, failed, warned, checks })
  else {
    const width = Math.max(...checks.map((check) => check.id.length))
    for (const check of checks) {
      print(`${MARKS[check.status]()} ${check.id.padEnd(width)}  ${check.title}`)
      if (check.status !== 'pass') {
        print(colour.dim(`    ${check.detail}`))
        print(colour.dim(`    ${check.docs_url}`))
      }
    }
    const skipped = checks.length - passed - failed - warned
    print(
      `${checks.length} checks: ${colour.green(`${passed} passed`)}, ${failed ? colour.red(`${failed} failed`) : '0 failed'}, ${warned} warned${skipped ? `, ${skipped} skipped` : ''}`,
    )
  }
  if (failed > 0) throw new CliError(`${failed} of ${checks.length} checks failed`)
}

/**
 * `plazo check webhooks --forward-to URL` and `plazo check flow [--session ID | --since DURATION]`: the
 * integration check, graded by the sandbox (docs/adr/0017). `webhooks` gets the battery of notifications
 * prepared by the sandbox and POSTs each to the URL from here (a localhost the sandbox cannot reach), then
 * reports the answers; `flow` grades the request log. `--json` prints one object, `--junit FILE` writes JUnit
 * XML for CI; exit 1 when a check fails.
 */
export function registerCheck(program: Command): void {
  const check = program
    .command('check')
    .description('check your integration: your webhook handler, or your latest API calls')
  check
    .command('webhooks')
    .description('send your handler signed, forged, stale, duplicate… notifications and grade what it does')
    .requiredOption('--forward-to <url>', 'your webhook handler, e.g. localhost:3000/webhooks')
    .option('--json', 'print the report as one JSON object')
    .option('--junit <file>', 'write the report as JUnit XML (one test case per check)')
    .action(async (options: { forwardTo: string; json?: boolean; junit?: string }, command: Command) => {
      const globals = {
        ...command.optsWithGlobals<GlobalOptions>(),
        json: options.json ?? command.optsWithGlobals<GlobalOptions>().json,
      }
      const url = forwardUrl(options.forwardTo)
      const startedAt = Date.now()
      const { plazo } = new Session(globals)
      if (!globals.json) print(colour.dim(`Sending the integration check's notifications to ${url}…`))
      const run = await plazo.testHelpers.runIntegrationCheck({ kind: 'webhooks', url, deliver: 'client' })
      report(run, globals, options.junit, startedAt)
    })
  check
    .command('flow')
    .description(
      'grade your latest API calls and sessions (keys, tokens, return URL, windows, 4xx, notifications)',
    )
    .option('--session <id>', 'only this checkout session and the calls made on it')
    .option('--since <duration>', 'the calls of the last 30m, 2h, 1d… (default 1h)')
    .option('--json', 'print the report as one JSON object')
    .option('--junit <file>', 'write the report as JUnit XML (one test case per check)')
    .action(
      async (
        options: { session?: string; since?: string; json?: boolean; junit?: string },
        command: Command,
      ) => {
        const globals = {
          ...command.optsWithGlobals<GlobalOptions>(),
          json: options.json ?? command.optsWithGlobals<GlobalOptions>().json,
        }
        if (options.session !== undefined && options.since !== undefined)
          throw new CliError('give --session or --since, not both')
        const request: IntegrationCheckRequest = { kind: 'flow' }
        if (options.session !== undefined) request.checkout_session_id = options.session
        if (options.since !== undefined) request.since_minutes = sinceMinutes(options.since)
        const startedAt = Date.now()
        const { plazo } = new Session(globals)
        report(await plazo.testHelpers.runIntegrationCheck(request), globals, options.junit, startedAt)
      },
    )
}
