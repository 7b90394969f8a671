import type { Command } from 'commander'
import yoctoSpinner from 'yocto-spinner'
import { type GlobalOptions, Session } from '../client.ts'
import { CliError } from '../errors.ts'
import { colour, print, printJson } from '../output.ts'
import { createBody, findScenario, SCENARIOS } from '../scenarios.ts'

interface EventSummary {
  event_id: string
  type: string
  payload: unknown
}

/**
 * `plazo trigger SCENARIO [--param path=value]… [--list]`: creates a session of its own and drives it through
 * the API and the test helpers to the scenario's outcome, printing each step and the events it caused.
 */
export function registerTrigger(program: Command): void {
  program
    .command('trigger')
    .description('create a session and drive it to a BNPL outcome; --list shows the scenarios')
    .argument('[scenario]', 'scenario name, e.g. order.refunded')
    .option('--param <path=value>', 'override a field of the create body (repeatable)', collect, [])
    .option('--list', 'list the scenarios')
    .action(
      async (name: string | undefined, options: { param: string[]; list?: boolean }, command: Command) => {
        const globals = command.optsWithGlobals<GlobalOptions>()
        if (options.list) {
          if (globals.json) printJson(SCENARIOS.map((s) => ({ name: s.name, description: s.description })))
          else for (const s of SCENARIOS) print(`${colour.cyan(s.name.padEnd(20))} ${s.description}`)
          return
        }
        if (!name) throw new CliError(`name a scenario; one of: ${SCENARIOS.map((s) => s.name).join(', ')}`)
        const scenario = findScenario(name)
        const body = createBody(scenario, options.param)
        const { plazo } = new Session(globals)
        const spinner =
          !globals.json && process.stderr.isTTY ? yoctoSpinner({ handleSignals: true }) : undefined

        const seen = new Set<string>()
        const events: EventSummary[] = []
        const newEvents = async (id: string): Promise<EventSummary[]> => {
          const list = (await plazo.webhooks.listEvents({ checkout_session_id: id })) as unknown as {
            payload: EventSummary[]
          }
          const fresh = list.payload.filter((event) => !seen.has(event.event_id))
          for (const event of fresh) {
            seen.add(event.event_id)
            events.push({ event_id: event.event_id, type: event.type, payload: event.payload })
          }
          return fresh
        }
        const step = async (label: string, run: () => Promise<unknown>, id?: () => string) => {
          spinner?.start(label)
          await run()
          const fresh = await newEvents(id ? id() : '')
          spinner?.stop()
          if (globals.json) return
          print(`${colour.green('✔')} ${label}`)
          for (const event of fresh) print(`    ${colour.cyan(event.type)} ${colour.dim(event.event_id)}`)
        }

        let id = ''
        await step(
          `create a hosted-page checkout session (${scenario.mode})`,
          async () => {
            const created = (await plazo.checkoutSessions.create(body as never)) as unknown as {
              checkout_session_id: string
            }
            id = created.checkout_session_id
          },
          () => id,
        )
        if (!globals.json) print(`    checkout_session_id ${colour.bold(id)}`)
        for (const s of scenario.steps)
          await step(
            s.label,
            () => s.run(plazo, id),
            () => id,
          )
        if (globals.json) printJson({ scenario: scenario.name, checkout_session_id: id, events })
        else print(`${scenario.name}: ${events.length} events written for session ${id}`)
      },
    )
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value]
}
