import { Command, CommanderError } from 'commander'
import { COMMANDS } from './commands/index.ts'
import { describeError } from './errors.ts'

export { apiUrl, configDir, configFile, readConfig, type StoredConfig } from './config.ts'

/** The `plazo` program with every command of commands/ registered. */
export function createProgram(): Command {
  const program = new Command('plazo')
    .description(
      'Plazo sandbox from your terminal: webhooks on localhost, BNPL scenarios, events, request log.',
    )
    .option('--json', 'machine-readable output (one JSON value per line)')
    .option('--debug', 'show the detail of errors')
    .option('--api-url <url>', 'API base URL (default PLAZO_API_URL, else http://localhost:4000/api/v2)')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ outputError: () => {} })
  for (const register of COMMANDS) register(program)
  return program
}

/**
 * `plazo`: one line and exit 1 on any failure (no stack trace; `--debug` prints the detail), exit 0 on
 * success. Each command is a file under commands/ registered in COMMANDS. Resolves with the exit code once the
 * command is done (a long-running one, `listen` or `mcp`, when it stops).
 */
export async function run(argv: readonly string[] = process.argv): Promise<number> {
  const program = createProgram()
  try {
    await program.parseAsync([...argv])
    return 0
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, with exit code 0.
      if (error.exitCode !== 0) process.stderr.write(`plazo: ${error.message.replace(/^error: /, '')}\n`)
      return error.exitCode
    }
    process.stderr.write(`plazo: ${describeError(error)}\n`)
    if (program.opts().debug)
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
    return 1
  }
}
