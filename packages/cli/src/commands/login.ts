import { createInterface } from 'node:readline/promises'
import type { Command } from 'commander'
import { type GlobalOptions, saveTokens, type Tokens } from '../client.ts'
import { apiUrl, configFile } from '../config.ts'
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
      const response = await fetch(`${url}/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      }).catch((error: unknown) => {
        throw new CliError(
          `cannot reach the API at ${url}: ${(error as Error).cause ?? (error as Error).message}`,
        )
      })
      const body = (await response.json().catch(() => ({}))) as Tokens & {
        error?: string
        error_description?: string
      }
      if (!response.ok)
        throw new CliError(
          `login refused (HTTP ${response.status}): ${body.error_description ?? body.error ?? 'wrong credentials'}`,
        )
      saveTokens(body, url)
      if (globals.json) printJson({ logged_in: true, username, api_url: url, config: configFile() })
      else print(`Logged in as ${username} at ${url}. Tokens stored in ${configFile()}.`)
    })
}

async function ask(question: string, secret = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  if (secret) {
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput: (text: string) => void }
    const write = output._writeToOutput.bind(rl)
    output._writeToOutput = (text: string) => write(text.startsWith(question) ? question : '')
  }
  try {
    const answer = await rl.question(question)
    if (secret) process.stdout.write('\n')
    return answer.trim()
  } finally {
    rl.close()
  }
}
