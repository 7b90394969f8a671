import type { Command } from 'commander'
import { type GlobalOptions, Session } from '../client.ts'
import { clock, colour, print, printJson, status } from '../output.ts'

interface LogEntry {
  request_id: string
  created_at: string
  method: string
  path: string
  status: number
  duration_ms: number
  idempotency_key: string | null
}

/**
 * `plazo logs tail [--status 4xx] [--path P]`: the sandbox request log of your merchant, oldest first, then
 * each new call as it is made until Ctrl-C (`--once` stops after the calls so far). `--json` prints each call
 * with its request and response bodies.
 */
export function registerLogs(program: Command): void {
  const logs = program.command('logs').description('the sandbox request log')
  logs
    .command('tail')
    .description('show your latest API calls, then follow new ones')
    .option('--status <status>', 'only this status or class, e.g. 4xx or 404')
    .option('--path <prefix>', 'only paths starting with this, e.g. /checkout')
    .option('--limit <n>', 'how many past calls to show first', '20')
    .option('--once', 'print the calls so far and exit')
    .action(
      async (
        options: { status?: string; path?: string; limit: string; once?: boolean },
        command: Command,
      ) => {
        const globals = command.optsWithGlobals<GlobalOptions>()
        const { plazo } = new Session(globals)
        const query: Record<string, string> = { limit: options.limit }
        if (options.status) query.status = options.status
        if (options.path) query.path = options.path
        const seen = new Set<string>()
        const show = (entries: Array<LogEntry & Record<string, unknown>>) => {
          for (const entry of [...entries].reverse()) {
            const key = `${entry.request_id}|${entry.created_at}`
            if (seen.has(key)) continue
            seen.add(key)
            if (globals.json) printJson(entry)
            else
              print(
                `${clock(new Date(entry.created_at))}  ${entry.method.padEnd(6)} ${entry.path}  ${status(entry.status)}  ${entry.duration_ms} ms  ${colour.dim(entry.request_id)}${entry.idempotency_key ? `  key ${entry.idempotency_key}` : ''}`,
              )
          }
        }
        const read = async () => {
          const answer = (await plazo.request({
            method: 'GET',
            path: '/test-helpers/request-log',
            query,
          })) as { payload: Array<LogEntry & Record<string, unknown>> }
          show(answer.payload)
        }
        await read()
        if (options.once) return
        process.once('SIGINT', () => process.exit(0))
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 1000))
          await read()
        }
      },
    )
}
