import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, SANDBOX, type SandboxApi, startSandboxApi } from '../../../../test-support/sandbox-api.ts'
import { buildDemoStore, type DemoStore } from '../app.ts'
import { CATALOG } from '../catalog.ts'
import { loadDemoConfig } from '../config.ts'

// The demo store is the integration the guides point to: its webhook handler and its hosted-page checkout pass
// Plazo's integration check (the API's own grader, as `plazo check` runs it), with nothing failed or warned.

interface Run {
  id: string
  status: 'running' | 'done'
  checks: Array<{ id: string; status: string; detail: string }>
}

describe('the demo store under the integration check', { timeout: 60_000 }, () => {
  let sandbox: SandboxApi
  let demo: DemoStore
  let store: string
  let auth: Record<string, string>

  beforeAll(async () => {
    sandbox = await startSandboxApi({ name: 'demo-check' })
    const port = await freePort()
    store = `http://127.0.0.1:${port}`
    demo = await buildDemoStore(
      loadDemoConfig({
        PLAZO_DEMO_PORT: String(port),
        PLAZO_API_URL: sandbox.url,
        PLAZO_DEMO_PUBLIC_URL: store,
      }),
    )
    await demo.app.listen({ port, host: '127.0.0.1' })
    // The developer running the check: their own login, apart from the store's.
    const login = await fetch(`${sandbox.url}/api/v2/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: SANDBOX.demoStore.username, password: SANDBOX.password }),
    })
    auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` }
  })
  afterAll(async () => {
    await demo?.app.close()
    await sandbox?.close()
  })

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}/api/v2${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    return res.json() as Promise<unknown>
  }

  const check = async (request: Record<string, unknown>): Promise<Run> => {
    let run = (await api('POST', '/test-helpers/integration-checks/', request)) as Run
    while (run.status !== 'done') {
      await new Promise((resolve) => setTimeout(resolve, 100))
      run = (await api('GET', `/test-helpers/integration-checks/${run.id}`)) as Run
    }
    return run
  }

  const problems = (run: Run) =>
    run.checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => `${c.id}: ${c.detail}`)

  it('its webhook handler passes every webhooks check', async () => {
    const run = await check({ kind: 'webhooks', url: `${store}/webhooks/plazo` })
    expect(problems(run)).toEqual([])
    expect(run.checks.map((c) => c.status)).toEqual(Array(11).fill('pass'))
  })

  it('its hosted-page checkout passes the flow checks', async () => {
    const product = CATALOG[0]
    if (!product) throw new Error('empty catalogue')
    const checkout = await fetch(`${store}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ sku: product.sku, mode: 'hpp' }),
      redirect: 'manual',
    })
    expect(checkout.status).toBe(303)
    const [order] = demo.orders.list()
    const id = order?.checkoutSessionId ?? ''
    // The customer pays on the hosted page (the sandbox plays them), Plazo notifies the store, and the
    // customer's browser comes back to the store's return URL and lands on the order.
    await api('POST', `/test-helpers/checkout/${id}/customer-action/`, { action: 'approve' })
    await sandbox.app.services.webhookDelivery.deliverDue()
    const back = await fetch(`${store}/orders/return?checkout_session_id=${id}`, { redirect: 'manual' })
    expect(back.headers.get('location')).toBe(`/orders/${id}`)
    expect((await fetch(`${store}/orders/${id}`)).status).toBe(200)

    const run = await check({ kind: 'flow', checkout_session_id: id })
    expect(problems(run)).toEqual([])
    const byId = Object.fromEntries(run.checks.map((c) => [c.id, c.status]))
    expect(byId).toEqual({
      'flow.idempotency_key': 'pass',
      'flow.token_reuse': 'pass',
      'flow.return_verified': 'pass',
      // auto_capture: Plazo confirms and captures at approval, there is no window to keep.
      'flow.confirm_window': 'skip',
      'flow.capture_window': 'skip',
      'flow.no_repeated_4xx': 'pass',
      'flow.notifications_acknowledged': 'pass',
    })
  })
})
