// The hosted page link is a capability that outlives the checkout: it travels by SMS and e-mail and stays in
// browser history. Once the customer is done, it no longer shows who they are, and nothing it answers is kept
// by a browser or a proxy (security review, issue 36, finding 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { BASIC_CUSTOMER, HppKit } from './hpp-kit.ts'

const PERSONAL = [BASIC_CUSTOMER.first_name, BASIC_CUSTOMER.last_name, BASIC_CUSTOMER.email]

describe.each(testEngines())("the customer's data behind the hosted page link on $name", (engine) => {
  let t: TestApp
  let kit: HppKit
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
  })
  afterAll(() => t.close())

  async function publicView(hppId: string) {
    const res = await kit.client('GET', `/hpp/${hppId}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    return res
  }

  it('prefills the form while the customer is choosing', async () => {
    const { hppId } = await kit.createHpp()
    expect((await kit.view(hppId)).customer).toMatchObject({ first_name: 'Ana', email: BASIC_CUSTOMER.email })
  })

  it('shows no personal data once the order is paid, and still none 30 sandbox days later', async () => {
    const { hppId } = await kit.createHpp()
    await kit.completeOk(hppId, { payment_method_type: 'bnpl_instalments', customer: BASIC_CUSTOMER })
    const view = await kit.view(hppId)
    expect(view.status).toBe('confirmed')
    expect(view.customer).toBeNull()
    await kit.advance(30 * 24 * 60)
    const later = await publicView(hppId)
    for (const value of PERSONAL) expect(later.body).not.toContain(value)
  })

  it.each([
    ['given up', 'desist'],
    ['denied', 'deny'],
    ['approved, for the merchant to confirm', 'approve'],
  ] as const)('shows no personal data once the checkout is %s', async (_label, action) => {
    const created = await kit.createHpp(action === 'approve' ? { checkoutMode: 'delegated' } : {})
    // A denial of one method leaves the others to choose from: denied is when every method was refused.
    for (const type of action === 'deny' ? ['bnpl_instalments', 'consumer_loan_instalments'] : [undefined]) {
      await kit.actOk(created.id, action, type)
    }
    const res = await publicView(created.hppId)
    expect(res.json().customer).toBeNull()
    for (const value of PERSONAL) expect(res.body).not.toContain(value)
  })

  it('shows no personal data once the session is cancelled or expired', async () => {
    const cancelled = await kit.createHpp()
    expect((await kit.cancel(cancelled.id)).statusCode).toBe(201)
    expect((await kit.view(cancelled.hppId)).customer).toBeNull()
    const expiring = await kit.createHpp()
    await kit.advance(60 * 24 * 8)
    expect((await kit.view(expiring.hppId)).status).toBe('expired')
    expect((await kit.view(expiring.hppId)).customer).toBeNull()
  })

  it('keeps every API answer and the QR code out of caches, errors included', async () => {
    const { hppId } = await kit.createHpp()
    const qr = await t.app.inject({ method: 'GET', url: `/hpp/${hppId}/qr` })
    expect(qr.statusCode).toBe(200)
    expect(qr.headers['cache-control']).toBe('no-store')
    for (const url of [
      `/api/v2/client/hpp/${hppId}`,
      '/api/v2/client/hpp/nope',
      '/api/v2/checkout/',
      '/api/v2/auth/login/',
    ]) {
      const res = await t.app.inject({
        method: url.includes('login') ? 'POST' : 'GET',
        url,
        payload: url.includes('login') ? {} : undefined,
      })
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
  })
})
