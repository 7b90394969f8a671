/**
 * A tool: its name, what an agent reads about it, its input schema and its handler. Input schemas are the
 * contract's TypeBox schemas (JSON Schema), listed as they are and checked with the contract's own validator
 * before the handler runs. They are not passed through `McpServer.registerTool`, which takes Zod schemas:
 * the checkout session body uses if/then/else, which Zod cannot express (`z.fromJSONSchema` refuses it), and
 * converting would write the schema a second time. So `tools/list` and `tools/call` are answered on the
 * McpServer's underlying `Server`, with the SDK's request schemas and result types.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js'
import { type Static, type TSchema, validate } from '@plazo/contract'
import { toolError } from './errors.ts'

export interface ToolDefinition<S extends TSchema = TSchema> {
  name: string
  title: string
  description: string
  inputSchema: S
  annotations: ToolAnnotations
  /** The guide that explains this call, quoted when the call fails. */
  guide?: string
  run(args: Static<S>): Promise<CallToolResult>
}

/** Declared with its schema's type, kept in a list of any schema. */
export function defineTool<S extends TSchema>(tool: ToolDefinition<S>): ToolDefinition {
  return tool as unknown as ToolDefinition
}

/** A TypeBox schema as plain JSON Schema (no TypeBox symbols, no `$id`s the client would try to resolve). */
function jsonSchema(schema: TSchema): Tool['inputSchema'] {
  return JSON.parse(JSON.stringify(schema)) as Tool['inputSchema']
}

export function registerTools(server: McpServer, tools: readonly ToolDefinition[]): void {
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  const listed: Tool[] = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema),
    annotations: { title: tool.title, ...tool.annotations },
  }))
  server.server.registerCapabilities({ tools: { listChanged: false } })
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }))
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name)
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`)
    const args = request.params.arguments ?? {}
    const checked = validate(tool.inputSchema, args)
    if (!checked.ok) {
      return toolError(
        [
          `Invalid arguments for ${tool.name}:`,
          ...checked.errors.map((error) => `- ${error.field}: ${error.message}`),
        ],
        tool.guide,
      )
    }
    try {
      return await tool.run(checked.value)
    } catch (error) {
      // The handlers turn API errors into results themselves; this is for anything unexpected.
      const message = error instanceof Error ? error.message : String(error)
      return toolError([`${tool.name} failed: ${message}`], tool.guide)
    }
  })
}
