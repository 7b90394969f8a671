import type { Command } from 'commander'
import { registerCheck } from './check.ts'
import { registerEvents } from './events.ts'
import { registerListen } from './listen.ts'
import { registerLogin, registerLogout } from './login.ts'
import { registerLogs } from './logs.ts'
import { registerMcp } from './mcp.ts'
import { registerTrigger } from './trigger.ts'

/**
 * Every command of `plazo`: each file adds its command (and subcommands) to the program. To add one, write
 * `commands/<name>.ts` exporting `register<Name>(program)` and list it here. Global options (`--json`,
 * `--debug`, `--api-url`) are read with `command.optsWithGlobals()`.
 */
export const COMMANDS: ReadonlyArray<(program: Command) => void> = [
  registerLogin,
  registerLogout,
  registerListen,
  registerTrigger,
  registerEvents,
  registerLogs,
  registerCheck,
  registerMcp,
]
