// The stdio MCP server as an agent starts it: configured by PLAZO_API_URL and PLAZO_ACCESS_TOKEN.
import { runStdioServer } from '@plazo/mcp'
import { Plazo } from '@plazo/node'

await runStdioServer({ plazo: Plazo.fromEnv() })
