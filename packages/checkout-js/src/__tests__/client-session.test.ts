// checkoutSession() and paymentIntent() of the built library against the real API (in-process): the path,
// the x-client-secret header and the body are the ones the API's embedded client calls expect. Node
// environment: these calls need only fetch, and the API's modules need Node's URL, not the DOM's.
import { examples } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type App, buildApp } from '../../../api/src/app.ts'
import { loadConfig } from '../../../api/src/config.ts'
import { SANDBOX, seedSandbox } from '../../../api/src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../../../api/src/storage/index.ts'
import { BASE_URL, builtLibrary, type CheckoutJs } from './helpers.ts'

let lib: CheckoutJs
let db: Database
let app: App
let token: string

beforeAll(async () => {
  lib = await builtLibrary()
  db = await openDatabase('sqlite::memory:')
  await seedSandbox(db)
  app = await buildApp({ config: loadConfig({}), db, timerIntervalMs: 0, webhooks: { intervalMs: false } })
  const login = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login/',
    payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
  })
  token = (login.json() as { access_token: string }).access_token
  // The browser's fetch, answered by the API in-process.
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: String(input).replace(BASE_URL, ''),
      headers: init.headers as Record<string, string>,
      ...(init.body === undefined ? {} : { payload: String(init.body) }),
    })
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    })
  })
  lib.init({ agentId: SANDBOX.demoStore.agents.online.id, baseUrl: BASE_URL, locale: 'es' })
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await app?.close()
  await db?.close()
})

async function embeddedSession(): Promise<{ id: string; secret: string; total: number }> {
  const request = structuredClone(examples.embeddedRequestExample('product')) as unknown as {
    merchant: Record<string, unknown>
    cart: { total_price_with_tax: number }
  }
  request.merchant = { order_reference_1: `CJS-${Math.random().toString(36).slice(2, 8)}` }
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/checkout/',
    headers: { authorization: `Bearer ${token}` },
    payload: request,
  })
  expect(res.statusCode).toBe(201)
  const body = res.json() as { checkout_session_id: string; client_secret: string }
  return {
    id: body.checkout_session_id,
    secret: body.client_secret,
    total: request.cart.total_price_with_tax,
  }
}

describe('checkoutSession and paymentIntent against the API', () => {
  it('reads the customer view of an embedded session with its client secret', async () => {
    const { id, secret, total } = await embeddedSession()
    const session = await lib.checkoutSession({ clientSecret: secret })
    expect(session).toMatchObject({ checkout_session_id: id, mode: 'embedded', status: 'initial' })
    expect(session.total.amount).toBe(total)
    expect(session.merchant_name).toBe('Demo Store')
    const bnpl = session.payment_methods.find((m) => m.type === 'bnpl_instalments')
    // The offers the checkout shows are the simulator's.
    const simulated = await lib.paymentMethodConditions('bnpl_instalments', total)
    expect(bnpl?.offers.map((o) => [o.period, o.conditions.user_defined_quota])).toEqual(
      simulated.conditions.map((c) => [c.term, c.instalmentAmount]),
    )
  })

  it('completes it with a payment method and the customer', async () => {
    const { id, secret } = await embeddedSession()
    const outcome = await lib.paymentIntent({
      clientSecret: secret,
      paymentMethodType: lib.PaymentMethodType.BnplInstalments,
      term: 6,
      customer: {
        first_name: 'Ana',
        last_name: 'García',
        email: 'ana.garcia@example.com',
        phone_number: '+34600123456',
      },
    })
    expect(outcome.status).toBe(lib.Status.Confirmed)
    expect(outcome.session.checkout_session_id).toBe(id)
    const read = await app.inject({
      method: 'GET',
      url: `/api/v2/checkout/${id}/`,
      headers: { authorization: `Bearer ${token}` },
    })
    const payload = (
      read.json() as {
        payload: { payment_intents: Array<{ status: string; conditions: { term?: number } | null }> }
      }
    ).payload
    expect(payload.payment_intents.find((i) => i.status === 'confirmed')?.conditions?.term).toBe(6)
  })

  it('rejects a wrong client secret with the API error', async () => {
    const error = await lib.checkoutSession({ clientSecret: 'cs_wrong_secret' }).then(
      () => undefined,
      (e: unknown) => e as Error & { status: number },
    )
    expect(error).toBeInstanceOf(lib.PlazoError)
    expect(error).toMatchObject({
      name: 'PlazoError',
      status: 401,
      exception: 'invalid_token',
      localizedMessage: 'No se ha podido abrir este pago. Vuelve a empezar la compra.',
    })
  })
})
