// run_integration_check, as a coding agent calls it while it fixes a webhook handler: over Streamable HTTP at
// /mcp (the sandbox sends the notifications) and over stdio with `plazo mcp` (the MCP server, on the
// developer's machine, sends them to a localhost handler). The report is the API's; API errors are tool errors.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../../helpers/app.ts'
import { testEngines } from '../../helpers/engines.ts'
import { httpClient, listen, type Sandbox, stdioClient, textOf } from '../../helpers/mcp.ts'
import { type Handler, startHandler } from '../../integration-checks/handler.ts'

const [engine] = testEngines()

interface Structured {
  kind: string
  passed: number
  failed: number
  warned: number
  checks: Array<{ id: string; status: string; detail: string; docs_url: string }>
}

describe('run_integration_check', { timeout: 120_000 }, () => {
  let t: TestApp
  let sandbox: Sandbox
  let http: Client
  let stdio: Client
  let good: Handler
  let duplicates: Handler
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    t = await testApp(engine, {}, { integrationChecks: { settleMs: 300 } })
    sandbox = await listen(t)
    http = await httpClient(sandbox.origin, sandbox.demoToken)
    stdio = await stdioClient(sandbox.origin, sandbox.demoToken)
    good = await startHandler(t.app, t.demo)
    duplicates = await startHandler(t.app, t.demo, { actOnEveryDelivery: true })
  })
  afterAll(async () => {
    await http?.close()
    await stdio?.close()
    await good?.close()
    await duplicates?.close()
    await t?.close()
  })

  const check = async (client: Client, args: Record<string, unknown>) => {
    const result = await client.callTool({ name: 'run_integration_check', arguments: args })
    return { result, text: textOf(result), report: result.structuredContent as Structured | undefined }
  }

  it('over HTTP, the sandbox sends the notifications: a handler that acts twice on a duplicate fails that check', async () => {
    const { result, text, report } = await check(http, { kind: 'webhooks', url: duplicates.url })
    expect(result.isError).toBeFalsy()
    expect(report?.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['delivery.duplicate'])
    // (It also acts on the older of two events sent out of order: a warning.) The failure comes first, with
    // what was seen and the section of the guide to read.
    expect(text.split('\n')[0]).toMatch(
      /^Integration check \(webhooks\) [0-9a-f-]{36}: \d+ passed, 1 failed, \d+ warned\.$/,
    )
    expect(text.split('\n')[1]).toBe(
      'FAIL delivery.duplicate: The same notification twice is acknowledged twice and acted on once',
    )
    expect(text).toContain(
      'Fix: read_doc /docs/get-started/integration-check.md (section #delivery-duplicate)',
    )
    expect(text).toMatch(/Deduplicate on webhook-id/)
  })

  it('points at a guide read_doc serves, with the section of each check', async () => {
    const guide = await http.callTool({
      name: 'read_doc',
      arguments: { path: '/docs/get-started/integration-check.md' },
    })
    expect(guide.isError).toBeFalsy()
    expect(textOf(guide)).toMatch(/delivery\.duplicate/)
  })

  it('over HTTP, refuses to post from inside the sandbox (deliver "client")', async () => {
    const { result, text } = await check(http, { kind: 'webhooks', url: good.url, deliver: 'client' })
    expect(result.isError).toBe(true)
    expect(text).toMatch(/plazo check webhooks --forward-to URL/)
  })

  it('over stdio, plazo mcp posts the notifications to a localhost handler itself, and it passes', async () => {
    const before = good.received
    const { result, text, report } = await check(stdio, { kind: 'webhooks', url: good.url })
    expect(result.isError, text).toBeFalsy()
    expect(report).toMatchObject({ kind: 'webhooks', passed: 11, failed: 0 })
    expect(good.received - before).toBe(13)
    expect(text).toMatch(/Every check that applies passed\./)
  })

  it('grades the flow, and answers an API error as a tool error', async () => {
    const flow = await check(stdio, { kind: 'flow', since_minutes: 30 })
    expect(flow.result.isError).toBeFalsy()
    expect(flow.report?.kind).toBe('flow')
    expect(flow.report?.checks).toHaveLength(7)

    const unknown = await check(http, {
      kind: 'flow',
      checkout_session_id: '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11',
    })
    expect(unknown.result.isError).toBe(true)
    expect(unknown.text).toMatch(/Plazo API error 404 plazo\.checkout\.not_found/)

    const invalid = await check(http, { kind: 'webhooks' })
    expect(invalid.result.isError).toBe(true)
    expect(invalid.text).toMatch(/Invalid arguments for run_integration_check/)
  })
})
