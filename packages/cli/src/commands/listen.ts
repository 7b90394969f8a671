import type { Command } from 'commander'
import { type GlobalOptions, Session } from '../client.ts'
import { CliError } from '../errors.ts'
import { forward, listenSecret } from '../forward.ts'
import { clock, colour, print, printJson, status } from '../output.ts'
import { followStream } from '../stream.ts'

/** `localhost:3000/webhooks` → `http://localhost:3000/webhooks`. */
export function forwardUrl(text: string): string {
  const url = /^https?:\/\//i.test(text) ? text : `http://${text}`
  try {
    return new URL(url).toString()
  } catch {
    throw new CliError(`--forward-to: not a URL: ${text}`)
  }
}

/**
 * `plazo listen --forward-to URL [--events a,b]`: receives the merchant's events from the sandbox's stream
 * (no public URL needed) and POSTs each, signed, to the URL. One line per event; a failing target is retried
 * and reported, never fatal. Ctrl-C ends it at once.
 */
export function registerListen(program: Command): void {
  program
    .command('listen')
    .description('forward your sandbox events to a local URL, signed with Standard Webhooks')
    .requiredOption('--forward-to <url>', 'where to POST each event, e.g. localhost:3000/webhooks')
    .option('--events <types>', 'only these event types, comma-separated')
    .action(async (options: { forwardTo: string; events?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>()
      const target = forwardUrl(options.forwardTo)
      const types = options.events
        ? new Set(
            options.events
              .split(',')
              .map((type) => type.trim())
              .filter(Boolean),
          )
        : undefined
      const session = new Session(globals)
      const secret = listenSecret()
      const controller = new AbortController()
      const stop = () => {
        controller.abort()
        process.exit(0)
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)

      let queue = Promise.resolve()
      await followStream(session, controller.signal, {
        onReady: () => {
          if (globals.json) printJson({ ready: true, forward_to: target, secret })
          else
            print(
              `Ready. Forwarding events to ${colour.bold(target)}\nSigning secret: ${colour.bold(secret)} (the same on every run)\nCtrl-C to stop.`,
            )
        },
        onDisconnect: (reason) => {
          if (globals.json) printJson({ disconnected: true, reason })
          else process.stderr.write(`${clock()} ${colour.yellow('stream lost')} (${reason}); reconnecting…\n`)
        },
        onEvent: (message) => {
          if (types && !types.has(message.type)) return
          // One at a time, in the order written, as the sandbox delivers a session's notifications.
          queue = queue.then(async () => {
            const result = await forward(target, secret, message.event_id, JSON.stringify(message.payload), {
              signal: controller.signal,
            })
            if (globals.json) {
              printJson({
                time: new Date().toISOString(),
                type: message.type,
                event_id: message.event_id,
                checkout_session_id: message.checkout_session_id,
                redelivery: message.redelivery,
                status: result.status,
                ms: result.ms,
                tries: result.tries,
                ok: result.ok,
              })
              return
            }
            const again = message.redelivery ? colour.dim(' (resent)') : ''
            const tries = result.ok ? '' : colour.red(` failed after ${result.tries} tries`)
            print(
              `${clock()}  ${colour.cyan(message.type.padEnd(34))} ${message.event_id}  session ${message.checkout_session_id}${again}  → ${status(result.status)} ${result.ms} ms${tries}`,
            )
          })
        },
      })
    })
}
