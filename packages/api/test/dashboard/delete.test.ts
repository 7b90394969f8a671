// An account deleted from the Developers page (confirmed by typing its e-mail) leaves nothing behind: no row of
// any merchant-owned table, no login that works, no cookie; another account is untouched; the seeded Demo Store
// and Other Shop cannot be deleted. On every engine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/storage/index.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { browser, setCookie, signUp } from './kit.ts'

/** Every table the migrations create and leave (request_log became request_log_batches in 0017). */
const TABLES = (() => {
  const sql = MIGRATIONS.map((migration) =>
    migration.sql({ engine: 'sqlite', text: 'TEXT', serialPrimaryKey: 'INTEGER' }),
  ).join('\n')
  const dropped = new Set([...sql.matchAll(/DROP TABLE (\w+)/g)].map((match) => match[1] as string))
  const created = [...sql.matchAll(/CREATE TABLE (\w+)/g)].map((match) => match[1] as string)
  return [...new Set(created)].filter((table) => !dropped.has(table))
})()

describe.each(testEngines())('account deletion on $name', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await testApp(engine)
  })
  afterEach(() => t.close())

  /** How many rows of each table mention `text` (an id or the e-mail) in any column. */
  const rowsMentioning = async (text: string) => {
    const counts: Record<string, number> = {}
    for (const table of TABLES) {
      const rows = await t.t.db.query<Record<string, unknown>>(`SELECT * FROM ${table}`)
      const n = rows.filter((row) => JSON.stringify(row).includes(text)).length
      if (n > 0) counts[table] = n
    }
    return counts
  }

  /** An account with a session that went through approve, capture and refund, a clock moved, a log. */
  const busyAccount = async (address: string) => {
    const client = browser(t.app, { address })
    const { body, account } = await signUp(client)
    const call = (method: 'POST' | 'GET', path: string, payload?: unknown) =>
      client.call(method, `/dashboard/api/v2${path}`, payload, { 'idempotency-key': `k-${Math.random()}` })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: body.email, password: body.password },
    })
    const bearer = { authorization: `Bearer ${login.json().access_token}` }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/checkout',
      headers: bearer,
      payload: {
        merchant: {
          order_reference_1: 'DEL-1',
          checkout_mode: 'auto_capture',
          notification_url: 'http://127.0.0.1:9/hook',
        },
        cart: {
          total_price_with_tax: 5000,
          currency: 'EUR',
          items: [
            {
              article: {
                type: 'product',
                category: 'physical',
                name: 'Hat',
                reference: 'H',
                unit_price_with_tax: 5000,
              },
              units: 1,
              total_discount: 0,
              total_price_with_tax: 5000,
            },
          ],
        },
        ui: { mode: 'hpp' },
      },
    })
    const id = created.json().checkout_session_id as string
    expect(
      (await call('POST', `/test-helpers/checkout/${id}/customer-action`, { action: 'approve' })).statusCode,
    ).toBe(201)
    await call('POST', `/test-helpers/clock/advance`, { minutes: 5 })
    await t.app.services.webhookDelivery.deliverDue()
    // A read of the log writes what the log still buffers, so the rows counted below are all there.
    await t.app.inject({ method: 'GET', url: '/api/v2/test-helpers/request-log', headers: bearer })
    return { client, body, account, bearer, id }
  }

  it('removes the account and all its data, and only its data', async () => {
    const doomed = await busyAccount('203.0.113.1')
    const kept = await busyAccount('203.0.113.2')
    const before = await rowsMentioning(doomed.account.merchant_id)
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['merchants', 'users', 'agents', 'checkout_sessions', 'events']),
    )
    const keptBefore = await rowsMentioning(kept.account.merchant_id)

    const res = await doomed.client.call('DELETE', '/dashboard/api/account', {
      email: ` ${String(doomed.body.email).toUpperCase()} `,
    })
    expect(res.statusCode).toBe(200)
    expect(setCookie(res).value).toBe('')

    for (const text of [doomed.account.merchant_id, doomed.id, String(doomed.body.email)]) {
      expect(await rowsMentioning(text), text).toEqual({})
    }
    expect(await rowsMentioning(kept.account.merchant_id)).toEqual(keptBefore)
    // Its logins are gone at once: the API token, the dashboard cookie, and the password.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/checkout', headers: doomed.bearer })).statusCode,
    ).toBe(401)
    const again = browser(t.app, { address: '203.0.113.1' })
    const signIn = await again.call('POST', '/dashboard/api/sign-in', {
      email: doomed.body.email,
      password: doomed.body.password,
    })
    expect(signIn.statusCode).toBe(403)
    // The e-mail can sign up again, as a new account.
    expect((await again.call('POST', '/dashboard/api/sign-up', doomed.body)).statusCode).toBe(201)
  })

  it('asks for the account\u2019s own e-mail, and keeps the account otherwise', async () => {
    const client = browser(t.app)
    const { account } = await signUp(client)
    const res = await client.call('DELETE', '/dashboard/api/account', { email: 'someone@example.com' })
    expect(res.statusCode).toBe(400)
    expect(res.json().schema_errors).toEqual([
      { field: '/email', message: 'is not this account\u2019s e-mail', keyword: 'confirmation' },
    ])
    expect((await client.call('GET', '/dashboard/api/account')).json().merchant_id).toBe(account.merchant_id)
  })

  it('never deletes Demo Store or Other Shop', async () => {
    const client = browser(t.app)
    const signIn = await client.call('POST', '/dashboard/api/sign-in', {
      email: 'demo@plazo.test',
      password: 'plazo-sandbox',
    })
    expect(signIn.json()).toMatchObject({ business_name: 'Demo Store', seeded: true })
    const res = await client.call('DELETE', '/dashboard/api/account', { email: 'demo@plazo.test' })
    expect(res.statusCode).toBe(403)
    expect(res.json().exception).toBe('plazo.dashboard.seeded_account')
    expect((await client.call('GET', '/dashboard/api/account')).statusCode).toBe(200)
  })
})
