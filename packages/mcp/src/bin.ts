#!/usr/bin/env node
/**
 * `plazo-mcp` (`npx -y @plazo/mcp`): the MCP server on stdin/stdout for a coding agent, in any project. The docs
 * tools need nothing; the sandbox tools sign in to PLAZO_API_URL (default http://localhost:4000/api/v2, the
 * sandbox `npx @plazo/sandbox` starts) with PLAZO_ACCESS_TOKEN, or PLAZO_USERNAME + PLAZO_PASSWORD. stdout
 * carries only the protocol. `plazo mcp` of @plazo/cli is the same server, signed in as the CLI is.
 */
import { Plazo } from '@plazo/node'
import { runStdioServer } from './stdio.ts'

const env = process.env
let client: Plazo | undefined

/** Made when a sandbox tool first runs, so the docs tools work without credentials. */
function plazo(): Plazo {
  if (client) return client
  const common = {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(env.PLAZO_API_URL ? { apiUrl: env.PLAZO_API_URL } : {}),
  }
  if (env.PLAZO_ACCESS_TOKEN) client = new Plazo({ ...common, accessToken: env.PLAZO_ACCESS_TOKEN })
  else if (env.PLAZO_USERNAME && env.PLAZO_PASSWORD)
    client = new Plazo({ ...common, username: env.PLAZO_USERNAME, password: env.PLAZO_PASSWORD })
  else
    throw new Error(
      'not signed in to the sandbox: set PLAZO_ACCESS_TOKEN, or PLAZO_USERNAME and PLAZO_PASSWORD, in the MCP server configuration (and PLAZO_API_URL unless it is http://localhost:4000/api/v2)',
    )
  return client
}

const server = await runStdioServer({ plazo })
await server.closed
process.exit(0)
