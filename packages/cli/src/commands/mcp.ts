import { runStdioServer } from '@plazo/mcp'
import type { Command } from 'commander'
import { type GlobalOptions, Session } from '../client.ts'

/**
 * `plazo mcp`: the Plazo MCP server on stdin/stdout, for a coding agent to start (its config names
 * `npx plazo mcp`). It signs in as every command does (PLAZO_ACCESS_TOKEN, PLAZO_USERNAME + PLAZO_PASSWORD, or
 * the tokens of `plazo login`); stdout carries only the protocol.
 */
export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the Plazo docs and sandbox to a coding agent (MCP over stdio)')
    .action(async (_options: unknown, command: Command) => {
      const { plazo } = new Session(command.optsWithGlobals<GlobalOptions>())
      const server = await runStdioServer({ plazo })
      await server.closed
    })
}
