// MCP clients (the SDK's own Client) against a real sandbox: the API listening on a loopback port, over
// Streamable HTTP at /mcp, or over stdio with `plazo mcp` as a child process (configured by PLAZO_API_URL and
// PLAZO_ACCESS_TOKEN).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { examples } from '@plazo/contract'
import type { TestApp } from './app.ts'

export interface Sandbox {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** The Demo Store's and Other Shop's access tokens. */
  demoToken: string
  otherToken: string
}

/** Starts listening on a free loopback port (the app of testApp). */
export async function listen(t: TestApp): Promise<Sandbox> {
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 })
  const token = (headers: Record<string, string>) => (headers.authorization ?? '').replace(/^Bearer /, '')
  return { origin, demoToken: token(t.demo), otherToken: token(t.other) }
}

export async function httpClient(origin: string, token: string): Promise<Client> {
  const client = new Client({ name: 'plazo-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', origin), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  })
  await client.connect(transport)
  return client
}

/** The `plazo` binary of packages/cli, as `npx plazo` runs it. */
export const PLAZO_BIN = fileURLToPath(new URL('../../../cli/bin/plazo.js', import.meta.url))

export async function stdioClient(origin: string, token: string): Promise<Client> {
  const client = new Client({ name: 'plazo-test', version: '1.0.0' })
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PLAZO_BIN, 'mcp'],
    env: {
      PATH: process.env.PATH ?? '',
      // No stored login of the machine's user: the token below is the only credential.
      XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'plazo-mcp-')),
      PLAZO_API_URL: `${origin}/api/v2`,
      PLAZO_ACCESS_TOKEN: token,
    },
    stderr: 'inherit',
  })
  await client.connect(transport)
  return client
}

/** The text of a tool result. */
export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content ?? []
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
}

/** A hosted-page session body from the contract's examples, for one article at `amount` cents (79 €). */
export function hppBody(amount = 7900): Record<string, unknown> {
  const body = structuredClone(examples.hppRequestExample('product')) as unknown as {
    cart: {
      total_price_with_tax: number
      items: Array<Record<string, unknown> & { article: Record<string, unknown> }>
    }
  }
  const [item] = body.cart.items
  if (!item) throw new Error('the example has no item')
  body.cart.items = [
    {
      ...item,
      units: 1,
      total_price_with_tax: amount,
      article: { ...item.article, unit_price_with_tax: amount },
    },
  ]
  body.cart.total_price_with_tax = amount
  return body as unknown as Record<string, unknown>
}

/** The session id in a create_checkout_session answer. */
export function createdId(text: string): string {
  const id = /Created checkout session ([0-9a-f-]{36})/.exec(text)?.[1]
  if (!id) throw new Error(`no session id in: ${text}`)
  return id
}

/** The curated tools of DESIGN.md "MCP server", and what each promises. */
export const EXPECTED_TOOLS: Record<
  string,
  { readOnly: boolean; destructive: boolean; idempotent: boolean }
> = {
  search_docs: { readOnly: true, destructive: false, idempotent: true },
  read_doc: { readOnly: true, destructive: false, idempotent: true },
  create_checkout_session: { readOnly: false, destructive: false, idempotent: false },
  get_checkout_session: { readOnly: true, destructive: false, idempotent: true },
  update_checkout_session: { readOnly: false, destructive: true, idempotent: true },
  cancel_checkout_session: { readOnly: false, destructive: true, idempotent: true },
  confirm_order: { readOnly: false, destructive: false, idempotent: true },
  capture_order: { readOnly: false, destructive: false, idempotent: true },
  refund_order: { readOnly: false, destructive: true, idempotent: false },
  simulate_customer_action: { readOnly: false, destructive: false, idempotent: false },
  advance_clock: { readOnly: false, destructive: false, idempotent: false },
  list_events: { readOnly: true, destructive: false, idempotent: true },
  resend_event: { readOnly: false, destructive: false, idempotent: false },
  verify_webhook_signature: { readOnly: true, destructive: false, idempotent: true },
  run_integration_check: { readOnly: false, destructive: false, idempotent: false },
}

/**
 * What an agent does for "create a hosted-page session for 79 €, approve it as the customer, show me the
 * webhooks it sent, refund 10 €": returns the session id and each answer's text.
 */
export async function agentSequence(client: Client): Promise<{ id: string; texts: string[] }> {
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args })
    if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`)
    return textOf(result)
  }
  const created = await call('create_checkout_session', hppBody())
  const id = createdId(created)
  const approved = await call('simulate_customer_action', { checkout_session_id: id, action: 'approve' })
  const status = await call('get_checkout_session', { checkout_session_id: id })
  const events = await call('list_events', { checkout_session_id: id })
  const refund = await call('refund_order', { checkout_session_id: id, refund: { refunded_amount: 1000 } })
  return { id, texts: [created, approved, status, events, refund] }
}
