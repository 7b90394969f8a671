// `plazo mcp`: the MCP server over stdio, started as a child process the way an agent starts it, with the
// SDK's own client, against a listening sandbox. The docs side (search_docs with a table of questions, read_doc,
// resources, prompts) is checked here; the sandbox side runs the same agent sequence as over HTTP.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../../api/test/helpers/app.ts'
import { testEngines } from '../../api/test/helpers/engines.ts'
import {
  agentSequence,
  EXPECTED_TOOLS,
  listen,
  PLAZO_BIN,
  stdioClient,
  textOf,
} from '../../api/test/helpers/mcp.ts'

/** Questions a developer asks, and the guide that answers each. */
const QUESTIONS: ReadonlyArray<[locale: 'en' | 'es', question: string, page: string]> = [
  ['en', 'verify webhook signature', '/docs/webhooks.md'],
  ['en', 'refund part of an order', '/docs/order-management/refunds.md'],
  ['en', 'capture an order after shipping', '/docs/order-management/captures.md'],
  ['en', 'cancel an order', '/docs/order-management/cancel-order.md'],
  ['en', 'simulate the customer in the sandbox', '/docs/testing.md'],
  ['en', 'redirect the customer back after the hosted payment page', '/docs/hpp/customization/redirect.md'],
  ['en', 'send the payment link by SMS or email', '/docs/hpp/distribution.md'],
  ['en', 'idempotency key', '/docs/api.md'],
  [
    'en',
    'mount the embedded checkout with checkout-js',
    '/docs/embedded/integration/checkout-session-component.md',
  ],
  ['es', 'verificar la firma de los webhooks', '/es/docs/webhooks.md'],
  ['es', 'reembolsar parte de un pedido', '/es/docs/order-management/refunds.md'],
  ['es', 'capturar un pedido', '/es/docs/order-management/captures.md'],
  ['es', 'cancelar un pedido', '/es/docs/order-management/cancel-order.md'],
  ['es', 'simular al cliente en el sandbox', '/es/docs/testing.md'],
  ['es', 'enviar el enlace de pago por SMS', '/es/docs/hpp/distribution.md'],
  ['es', 'modificar el importe de un pedido confirmado', '/es/docs/order-management/update-order.md'],
  ['es', 'liquidaciones', '/es/docs/payouts/overview.md'],
]

const engine = testEngines()[0]
if (!engine) throw new Error('no test engine')

describe('plazo mcp (stdio)', () => {
  let t: TestApp
  let client: Client
  beforeAll(async () => {
    t = await testApp(engine)
    const sandbox = await listen(t)
    client = await stdioClient(sandbox.origin, sandbox.demoToken)
  })
  afterAll(async () => {
    await client?.close()
    await t?.close()
  })

  it('lists the curated tools, the resources and the prompts', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(EXPECTED_TOOLS).sort())
    const { resources } = await client.listResources()
    expect(resources.map((resource) => resource.uri).sort()).toEqual(
      ['en', 'es']
        .flatMap((locale) => [
          ...['checkout-session-embedded', 'checkout-session-hpp', 'order-management', 'webhook'].map(
            (name) => `plazo://openapi/${locale}/${name}.json`,
          ),
          `plazo://docs/${locale}/llms.txt`,
        ])
        .sort(),
    )
    const { prompts } = await client.listPrompts()
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual([
      'handle_webhooks',
      'integrate_hosted_payment_page',
    ])
    const prompt = await client.getPrompt({
      name: 'integrate_hosted_payment_page',
      arguments: { stack: 'Express' },
    })
    const first = prompt.messages[0]?.content
    expect(first?.type === 'text' ? first.text : '').toContain('(Express)')
  })

  it('serves the OpenAPI documents and llms.txt with instructions for agents, in both languages', async () => {
    const spanish = await client.readResource({ uri: 'plazo://openapi/es/order-management.json' })
    const document = JSON.parse(String((spanish.contents[0] as { text: string }).text))
    expect(document.openapi).toMatch(/^3\.1/)
    for (const [locale, heading] of [
      ['en', '## Instructions for coding agents'],
      ['es', '## Instrucciones para agentes de programación'],
    ]) {
      const llms = await client.readResource({ uri: `plazo://docs/${locale}/llms.txt` })
      const text = String((llms.contents[0] as { text: string }).text)
      expect(text.split('\n')[0]).toBe('# Plazo Docs')
      expect(text).toContain(heading)
      expect(text).toContain(`(${locale === 'en' ? '' : '/es'}/docs/webhooks.md)`)
    }
  })

  it('search_docs finds the guide for a table of questions in each language', async () => {
    const rates: Record<string, { at1: number; at3: number; total: number }> = {}
    for (const [locale, query, page] of QUESTIONS) {
      const result = await client.callTool({ name: 'search_docs', arguments: { query, locale, limit: 3 } })
      const paths = ((result.structuredContent as { hits?: Array<{ path: string }> })?.hits ?? []).map(
        (h) => h.path,
      )
      const rate = rates[locale] ?? { at1: 0, at3: 0, total: 0 }
      rates[locale] = rate
      rate.total += 1
      if (paths[0] === page) rate.at1 += 1
      if (paths.includes(page)) rate.at3 += 1
    }
    for (const [locale, rate] of Object.entries(rates)) {
      console.log(
        `search_docs ${locale}: hit rate @1 ${rate.at1}/${rate.total}, @3 ${rate.at3}/${rate.total}`,
      )
      expect(rate.at3 / rate.total, locale).toBeGreaterThanOrEqual(0.75)
    }
  })

  it('read_doc returns a Markdown page, and a wrong path is a tool error', async () => {
    const page = textOf(
      await client.callTool({
        name: 'read_doc',
        arguments: { path: '/es/docs/order-management/refunds.md' },
      }),
    )
    expect(page.split('\n')[0]).toBe('# Reembolsar un pedido')
    expect(page).not.toContain('@theme/Tabs')
    expect(page).not.toContain('<TabItem')
    const missing = await client.callTool({ name: 'read_doc', arguments: { path: '/docs/no-such-page' } })
    expect(missing.isError).toBe(true)
  })

  it('runs the agent sequence, answers bad input as tool errors, and checks webhook signatures', async () => {
    const { id, texts } = await agentSequence(client)
    expect(texts[2]).toContain(`Checkout session ${id}: status confirmed`)
    const invalid = await client.callTool({ name: 'create_checkout_session', arguments: { cart: {} } })
    expect(invalid.isError).toBe(true)
    expect(textOf(invalid)).toMatch(/- \/merchant: /)

    const secret = (
      await t.app.inject({ method: 'GET', url: '/api/v2/webhooks/secret', headers: t.demo })
    ).json().payload.secret as string
    const payload = JSON.stringify({
      event: 'refund_approved',
      event_id: '4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11',
    })
    const timestamp = new Date()
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_1', timestamp, payload),
    }
    const good = await client.callTool({ name: 'verify_webhook_signature', arguments: { payload, headers } })
    expect(textOf(good)).toContain('Valid signature: event refund_approved')
    const tampered = await client.callTool({
      name: 'verify_webhook_signature',
      arguments: { payload: payload.replace('refund', 'capture'), headers },
    })
    expect(tampered.isError).toBe(true)
    expect(textOf(tampered)).toContain('Invalid signature')
    // Still answering after the errors.
    const again = await client.callTool({
      name: 'get_checkout_session',
      arguments: { checkout_session_id: id },
    })
    expect(again.isError).toBeFalsy()
  })

  it('without credentials, exits 1 with a one-line reason and nothing on stdout', async () => {
    const env = { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'plazo-mcp-')) }
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [PLAZO_BIN, 'mcp'], { env, timeout: 30_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      )
    })
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim()).toMatch(/^plazo: not logged in: /)
  })
})
