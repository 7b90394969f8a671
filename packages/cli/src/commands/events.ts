import type { Command } from 'commander'
import { type GlobalOptions, Session } from '../client.ts'
import { CliError } from '../errors.ts'
import { colour, print, printJson, status } from '../output.ts'

interface EventRecord {
  event_id: string
  type: string
  status: string
  created_at: string
  attempt_count: number
  attempts: Array<{ status_code: number | null }>
}

/** `plazo events list --session ID` and `plazo events resend EVENT_ID`. */
export function registerEvents(program: Command): void {
  const events = program.command('events').description('list and resend events')

  events
    .command('list')
    .description("list a session's events and their delivery")
    .option('--session <id>', 'the checkout session')
    .action(async (options: { session?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>()
      if (!options.session)
        throw new CliError('give --session <checkout_session_id> (plazo trigger prints it)')
      const { plazo } = new Session(globals)
      const list = (await plazo.webhooks.listEvents({ checkout_session_id: options.session })) as unknown as {
        payload: EventRecord[]
      }
      if (globals.json) {
        printJson(list.payload)
        return
      }
      for (const event of list.payload) {
        const last = event.attempts.at(-1)?.status_code
        print(
          `${event.created_at}  ${colour.cyan(event.type.padEnd(34))} ${event.event_id}  ${event.status}${last ? ` (${status(last)})` : ''}  ${event.attempt_count} tries`,
        )
      }
    })

  events
    .command('resend')
    .description("send an event again: to the session's notification URL and to every running plazo listen")
    .argument('<event_id>', 'the event id (webhook-id)')
    .action(async (eventId: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>()
      const { plazo } = new Session(globals)
      const answer = (await plazo.webhooks.redeliver(eventId)) as unknown as { payload: EventRecord }
      if (globals.json) printJson(answer.payload)
      else print(`Resent ${answer.payload.type} ${answer.payload.event_id}.`)
    })
}
