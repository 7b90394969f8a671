// /mcp: the MCP server over Streamable HTTP on the API, with the SDK's own client against the listening
// sandbox, on each engine. Authentication, the curated tools, an agent's sequence checked in the API itself,
// tool errors, merchant isolation, and two API nodes on one database (stateless).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { CheckoutSessionRequestSchema } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.ts'
import { loadConfig } from '../../../src/config.ts'
import { type TestApp, testApp } from '../../helpers/app.ts'
import { testEngines } from '../../helpers/engines.ts'
import {
  agentSequence,
  createdId,
  EXPECTED_TOOLS,
  hppBody,
  httpClient,
  listen,
  type Sandbox,
  textOf,
} from '../../helpers/mcp.ts'

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
}

describe.each(testEngines())('/mcp on $name', (engine) => {
  let t: TestApp
  let sandbox: Sandbox
  let demo: Client
  beforeAll(async () => {
    t = await testApp(engine)
    sandbox = await listen(t)
    demo = await httpClient(sandbox.origin, sandbox.demoToken)
  })
  afterAll(async () => {
    await demo?.close()
    await t?.close()
  })

  const post = (headers: Record<string, string>) =>
    fetch(`${sandbox.origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(INITIALIZE),
    })

  it('refuses a missing or a wrong token with the API 401, and answers a good one', async () => {
    const missing = await post({})
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The access token is missing',
    })
    const wrong = await post({ authorization: 'Bearer not-a-token' })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_token')
    const good = await post({ authorization: `Bearer ${sandbox.demoToken}` })
    expect(good.status).toBe(200)
    expect(((await good.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(
      'plazo',
    )
    expect(good.headers.get('x-request-id')).toBeTruthy()
    // Stateless: no session id handed out, and no stream to open.
    expect(good.headers.get('mcp-session-id')).toBeNull()
    const stream = await fetch(`${sandbox.origin}/mcp`, {
      headers: { authorization: `Bearer ${sandbox.demoToken}` },
    })
    expect(stream.status).toBe(405)
  })

  it('lists the curated tools with true annotations and the contract schemas', async () => {
    const { tools } = await demo.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(EXPECTED_TOOLS).sort())
    for (const tool of tools) {
      const expected = EXPECTED_TOOLS[tool.name]
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: expected?.readOnly,
        destructiveHint: expected?.destructive,
        idempotentHint: expected?.idempotent,
      })
      expect(tool.description?.length, tool.name).toBeGreaterThan(100)
    }
    const create = tools.find((tool) => tool.name === 'create_checkout_session')
    expect(create?.inputSchema).toEqual(JSON.parse(JSON.stringify(CheckoutSessionRequestSchema)))
  })

  it('runs an agent sequence that leaves the sandbox in the expected state', async () => {
    const { id, texts } = await agentSequence(demo)
    expect(texts[1]).toContain('status confirmed')
    expect(texts[2]).toContain('total 79.00 EUR, captured 79.00 EUR')
    expect(texts[3]).toMatch(/checkout_session_status_changed → confirmed/)
    expect(texts[4]).toMatch(/Refund [0-9a-f-]{36}: 10\.00 EUR, status approved/)
    // The API itself agrees.
    const session = await t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers: t.demo })
    const payload = session.json().payload
    expect(payload.status).toBe('confirmed')
    expect(payload.refunded_amount.amount).toBe(1000)
    expect(payload.refunds).toHaveLength(1)
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/events?checkout_session_id=${id}`,
      headers: t.demo,
    })
    expect(events.json().payload.map((event: { type: string }) => event.type)).toContain('refund_approved')
  })

  it('answers bad input and API errors as tool errors, and keeps answering', async () => {
    const invalid = await demo.callTool({
      name: 'get_checkout_session',
      arguments: { checkout_session_id: 'nope' },
    })
    expect(invalid.isError).toBe(true)
    expect(textOf(invalid)).toContain('/checkout_session_id')
    const created = createdId(
      textOf(await demo.callTool({ name: 'create_checkout_session', arguments: hppBody() })),
    )
    // Refund before any capture: the API's 409, its exception and the guide that explains it.
    const refund = await demo.callTool({
      name: 'refund_order',
      arguments: { checkout_session_id: created, refund: { refunded_amount: 100 } },
    })
    expect(refund.isError).toBe(true)
    expect(textOf(refund)).toMatch(/Plazo API error 409 plazo\.checkout\.invalid_state: .*prior capture/)
    expect(textOf(refund)).toContain('Guide: /docs/order-management/refunds.md')
    const cart = hppBody()
    ;(cart.cart as { total_price_with_tax: number }).total_price_with_tax += 1
    const mismatch = await demo.callTool({ name: 'create_checkout_session', arguments: cart })
    expect(mismatch.isError).toBe(true)
    expect(textOf(mismatch)).toContain('plazo.checkout.cart_total_mismatch')
    await expect(demo.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/not found/)
    const again = await demo.callTool({
      name: 'get_checkout_session',
      arguments: { checkout_session_id: created },
    })
    expect(again.isError).toBeFalsy()
    expect(textOf(again)).toContain('status initial')
  })

  it("never shows another merchant's session", async () => {
    const id = createdId(
      textOf(await demo.callTool({ name: 'create_checkout_session', arguments: hppBody() })),
    )
    const other = await httpClient(sandbox.origin, sandbox.otherToken)
    try {
      const read = await other.callTool({
        name: 'get_checkout_session',
        arguments: { checkout_session_id: id },
      })
      expect(read.isError).toBe(true)
      expect(textOf(read)).toContain('404 plazo.checkout.not_found')
      expect(textOf(read)).not.toContain('ORDER-100045')
      const events = await other.callTool({ name: 'list_events', arguments: { checkout_session_id: id } })
      expect(textOf(events)).not.toMatch(/checkout_session_status_changed/)
      const act = await other.callTool({
        name: 'simulate_customer_action',
        arguments: { checkout_session_id: id, action: 'approve' },
      })
      expect(act.isError).toBe(true)
    } finally {
      await other.close()
    }
  })

  it('works across two API nodes on one database: no state in a node', async () => {
    const second = await buildApp({
      config: loadConfig({}),
      db: t.t.db,
      webhooks: { intervalMs: false },
      timerIntervalMs: 0,
    })
    try {
      const origin = await second.listen({ host: '127.0.0.1', port: 0 })
      const id = createdId(
        textOf(await demo.callTool({ name: 'create_checkout_session', arguments: hppBody() })),
      )
      const onSecond = await httpClient(origin, sandbox.demoToken)
      try {
        const read = await onSecond.callTool({
          name: 'get_checkout_session',
          arguments: { checkout_session_id: id },
        })
        expect(textOf(read)).toContain(`Checkout session ${id}: status initial`)
      } finally {
        await onSecond.close()
      }
    } finally {
      await second.close()
    }
  })
})
