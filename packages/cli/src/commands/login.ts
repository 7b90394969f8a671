import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { Plazo } from '@plazo/node'
import type { Command } from 'commander'
import { type GlobalOptions, Session, saveTokens } from '../client.ts'
import { apiUrl, configFile, forgetTokens, readConfig } from '../config.ts'
import { CliError } from '../errors.ts'
import { print, printJson } from '../output.ts'

/**
 * `plazo login`: exchanges a username and password for tokens and stores the tokens only (0600). In a terminal
 * it asks for what is missing (the password without echo); without one (CI) it takes `--username/--password`
 * or PLAZO_USERNAME/PLAZO_PASSWORD and never waits for input.
 */
export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('log in to the sandbox and store the tokens (never the password)')
    .option('--username <username>', 'default PLAZO_USERNAME')
    .option('--password <password>', 'default PLAZO_PASSWORD')
    .action(async (options: { username?: string; password?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>()
      const url = apiUrl(globals.apiUrl)
      let username = options.username ?? process.env.PLAZO_USERNAME
      let password = options.password ?? process.env.PLAZO_PASSWORD
      if (!username || !password) {
        if (!process.stdin.isTTY)
          throw new CliError(
            'no terminal to ask in: give --username and --password, or PLAZO_USERNAME and PLAZO_PASSWORD',
          )
        username ||= await ask('Username: ')
        password ||= await ask('Password: ', true)
      }
      // The SDK is the one HTTP client: it logs in and answers the tokens, which are all that is stored.
      const plazo = new Plazo({ apiUrl: url, username, password, maxNetworkRetries: 1, timeout: 15_000 })
      const tokens = await plazo.login().catch((error: unknown) => {
        const failure = error as Error & { name: string; status?: number; cause?: unknown }
        if (failure.name === 'PlazoConnectionError')
          throw new CliError(`cannot reach the API at ${url}: ${String(failure.cause ?? failure.message)}`)
        if (failure.status === 401 || failure.status === 400 || failure.status === 429)
          throw new CliError(`login refused (HTTP ${failure.status}): ${failure.message}`)
        throw error
      })
      saveTokens(tokens, url)
      if (globals.json) printJson({ logged_in: true, username, api_url: url, config: configFile() })
      else print(`Logged in as ${username} at ${url}. Tokens stored in ${configFile()}.`)
    })
}

/**
 * One question in the terminal. A password is not echoed: readline writes through an output that passes the
 * prompt and then nothing while the answer is typed.
 */
/**
 * `plazo logout`: ends the login the CLI uses (`POST /auth/logout/`: its tokens stop working everywhere at once)
 * and removes the stored tokens. With PLAZO_ACCESS_TOKEN set, it ends that token's login.
 */
export function registerLogout(program: Command): void {
  program
    .command('logout')
    .description('end the stored login: its tokens stop working, and are removed from this machine')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>()
      const stored = readConfig().access_token !== undefined
      if (!stored && !process.env.PLAZO_ACCESS_TOKEN) {
        if (globals.json) printJson({ logged_out: false, reason: 'not logged in' })
        else print('Not logged in: nothing to end.')
        return
      }
      const session = new Session(globals)
      await session.plazo.logout()
      if (stored && !process.env.PLAZO_ACCESS_TOKEN) forgetTokens()
      if (globals.json) printJson({ logged_out: true, api_url: session.apiUrl })
      else
        print(
          `Logged out of ${session.apiUrl}: the tokens no longer work${stored ? ' and were removed' : ''}.`,
        )
    })
}

async function ask(question: string, secret = false): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding)
      callback()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  try {
    const answer = rl.question(question)
    // The prompt is written as the question is asked; what follows is the typing.
    muted = secret
    const text = await answer
    if (secret) process.stdout.write('\n')
    return text.trim()
  } finally {
    rl.close()
  }
}
