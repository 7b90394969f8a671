import {
  documentedResponses,
  examples,
  FUTURE_DATE_TIME_EXAMPLE,
  type OperationSpec,
  operationsByDocument,
} from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { type Body, LifecycleKit, sessionRequest } from '../lifecycle/kit.ts'

// The documents' request examples are what a developer sends first, from the docs' Try it console or by copying
// them: each must be accepted by the sandbox on any day, with its operation's documented success status. A
// call on an existing order needs that order, made here in the state the call expects (a capture needs a
// confirmed order); the ids in the path, the refresh token and the ids of order lines are the sandbox's own.
// Everything else is sent exactly as documented.

const [engine] = testEngines()

const operations = [
  ...new Map(
    Object.values(operationsByDocument)
      .flat()
      .filter((op) => op.request)
      .map((op) => [op.id, op]),
  ).values(),
]

const cases = operations.flatMap((op) =>
  Object.entries(op.request?.examples ?? {}).map(
    ([name, example]) => [`${op.id} (${name})`, op, name, example.value] as const,
  ),
)

/** A customer the sandbox lender challenges: it asks a down payment. */
const CHALLENGED = { first_name: 'Ana', last_name: 'García', email: 'ana+challenge@example.com' }

interface Prepared {
  path?: Record<string, string>
  headers?: Record<string, string>
  body?: unknown
}

describe('every request example of the documents', () => {
  let t: TestApp
  let kit: LifecycleKit
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    t = await testApp(engine)
    kit = new LifecycleKit(t)
  })
  afterAll(() => t.close())

  /** A new session of the Demo Store: its id, hosted-page id and client secret. */
  async function session(request: Body = sessionRequest()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout/',
      headers: t.demo,
      payload: request,
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = res.json() as {
      checkout_session_id: string
      client_secret?: string
      redirect_url?: string
    }
    const hppId = created.redirect_url?.split('/hpp/')[1]?.split(/[/?]/)[0] ?? ''
    return { id: created.checkout_session_id, hppId, secret: created.client_secret ?? '' }
  }

  /** The state each call on an existing order expects, and the sandbox values its example cannot know. */
  async function prepare(op: OperationSpec, name: string, example: unknown): Promise<Prepared> {
    const body = structuredClone(example) as Body
    switch (op.id) {
      case 'refreshToken': {
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/v2/auth/login/',
          payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
        })
        return { body: { ...body, refresh_token: login.json().refresh_token } }
      }
      case 'completeEmbeddedCheckout':
        return { headers: { 'x-client-secret': (await session()).secret } }
      case 'completeEmbeddedDownPayment': {
        // The lender asks a down payment of a challenged order; it is paid with the same secret.
        const { secret } = await session(sessionRequest({ email: 'ana+challenge@example.com' }))
        const challenged = await t.app.inject({
          method: 'POST',
          url: '/api/v2/client/embedded/complete/',
          headers: { 'x-client-secret': secret },
          payload: { payment_method_type: 'bnpl_instalments', customer: CHALLENGED },
        })
        expect(challenged.json().status, challenged.body).toBe('challenge')
        return { headers: { 'x-client-secret': secret } }
      }
      case 'completeHostedPageCheckout': {
        const { id, hppId } = await session(sessionRequest({ ui: 'hpp' }))
        if (name !== 'downPayment') return { path: { hpp_id: hppId } }
        // The down-payment page of a challenged order: the hosted page of its down-payment session.
        const challenged = await t.app.inject({
          method: 'POST',
          url: `/api/v2/client/hpp/${hppId}/complete/`,
          payload: { payment_method_type: 'bnpl_instalments', customer: CHALLENGED },
        })
        expect(challenged.statusCode, challenged.body).toBe(200)
        const child = await kit.get((await kit.get(id)).downpayment_checkout_session_id ?? '')
        return { path: { hpp_id: child.hpp?.id ?? '' } }
      }
      case 'distributeHostedPage':
      case 'distributeHostedPageFromPage':
        return { path: { hpp_id: (await session(sessionRequest({ ui: 'hpp' }))).hppId } }
      case 'sandboxCustomerAction':
      case 'updateCheckoutSession':
      case 'setSessionNotificationUrl':
        return { path: { checkout_session_id: (await session()).id } }
      case 'captureCheckoutSession': {
        const { id } = await session(sessionRequest({ checkoutMode: 'auto_confirm' }))
        await kit.actOk(id, 'approve')
        return { path: { checkout_session_id: id } }
      }
      case 'refundCheckoutSession': {
        const { id } = await session(sessionRequest({ checkoutMode: 'auto_capture' }))
        await kit.actOk(id, 'approve')
        const lines = (await kit.get(id)).cart.order_lines.map((line) => line.id)
        if (Array.isArray(body.refunded_item_ids))
          body.refunded_item_ids = lines.slice(0, body.refunded_item_ids.length)
        return { path: { checkout_session_id: id }, body }
      }
      case 'answerIntegrationCheck': {
        // A webhooks run whose notifications the client sends: it waits for their answers.
        const run = await t.app.inject({
          method: 'POST',
          url: '/api/v2/test-helpers/integration-checks/',
          headers: t.demo,
          payload: { kind: 'webhooks', url: 'http://127.0.0.1:9/webhooks', deliver: 'client' },
        })
        expect(run.statusCode, run.body).toBe(201)
        return { path: { integration_check_id: run.json().id } }
      }
      default:
        return {}
    }
  }

  it('name the sandbox agent where they name an agent', () => {
    expect(examples.DEMO_AGENT_ONLINE_ID).toBe(SANDBOX.demoStore.agents.online.id)
  })

  it.each(cases)('%s is accepted with its documented success status', async (_, op, name, example) => {
    const prepared = await prepare(op, name, example)
    const url = `/api/v2${op.path.replace(/\{(\w+)\}/g, (_match, name: string) => prepared.path?.[name] ?? '')}/`
    const headers = { ...(op.auth ? t.demo : {}), ...prepared.headers }
    const res = await t.app.inject({
      method: op.method.toUpperCase() as 'POST',
      url,
      headers,
      payload: (prepared.body ?? example) as Body,
    })
    const success = Object.keys(documentedResponses(op)).filter((status) => status.startsWith('2'))
    expect(success, res.body).toContain(String(res.statusCode))
  })

  it('give a date in the future, for decades, wherever a request must (expiries)', () => {
    const examplesOf = (node: unknown, out: string[] = []): string[] => {
      if (typeof node !== 'object' || node === null) return out
      const record = node as Record<string, unknown>
      const future = String(record.description ?? '').includes('Must be in the future')
      if (record.format === 'date-time' && future)
        out.push(...((record.examples as string[] | undefined) ?? []))
      for (const [key, value] of Object.entries(record)) if (key !== 'examples') examplesOf(value, out)
      return out
    }
    const dates = operations.flatMap((op) => examplesOf(op.request?.schema))
    // expires_at, ui.hpp.expires_at and merchant.invitation_expires_on_date, in each request that has them.
    expect(dates.length).toBeGreaterThanOrEqual(3)
    const decades = Date.now() + 50 * 365 * 24 * 3600 * 1000
    expect(dates.filter((date) => Date.parse(date) < decades)).toEqual([])
    expect(dates).toContain(FUTURE_DATE_TIME_EXAMPLE)
  })
})
