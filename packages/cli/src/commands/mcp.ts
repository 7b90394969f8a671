import type { Command } from 'commander'
import { type GlobalOptions, Session } from '../client.ts'

/**
 * `plazo mcp`: the Plazo MCP server on stdin/stdout, for a coding agent to start (its config names
 * `npx plazo mcp`). It signs in as every command does (PLAZO_ACCESS_TOKEN, PLAZO_USERNAME + PLAZO_PASSWORD, or
 * the tokens of `plazo login`); stdout carries only the protocol. The server (the MCP SDK, the docs and their
 * search index) is loaded when this command runs, not on every `plazo` start: it took 1.8 s of each call.
 */
export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the Plazo docs and sandbox to a coding agent (MCP over stdio)')
    .action(async (_options: unknown, command: Command) => {
      const { plazo } = new Session(command.optsWithGlobals<GlobalOptions>())
      const { runStdioServer } = await import('@plazo/mcp')
      const server = await runStdioServer({ plazo })
      await server.closed
    })
}
