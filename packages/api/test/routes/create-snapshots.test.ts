// A node makes a create from what it last read of the merchant (its country, sandbox clock and default agent),
// and the INSERT checks that snapshot in the same statement. These tests change the merchant behind a node's
// back, as another node would, and check that the next create on the first node sees the change.
import { type CheckoutSession, examples } from '@plazo/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { insertChecked } from '../../src/domain/checkout/checked-inserts.ts'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { oneWriteAtMost } from '../../src/storage/single-write.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

const demo = SANDBOX.demoStore

describe.each(testEngines())('creates after the merchant changed on another node, on $name', (engine) => {
  let t: TestApp
  let other: App

  beforeEach(async () => {
    t = await testApp(engine)
    // A second node: its own services (and snapshots) over the same database.
    other = await buildApp({ config: loadConfig({}), db: t.t.db, webhooks: { intervalMs: false } })
  })
  afterEach(async () => {
    await other.close()
    await t.close()
  })

  const create = async (app: App, body: object = examples.hppRequestExample('product')) => {
    const res = await app.inject({ method: 'POST', url: '/api/v2/checkout/', headers: t.demo, payload: body })
    expect(res.statusCode, res.body).toBe(201)
    const id: string = res.json().checkout_session_id
    const read = await t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers: t.demo })
    return read.json().payload as { created_at: string; agent_id: string }
  }

  it('dates a session by the sandbox clock another node moved', async () => {
    await create(t.app)
    const advanced = await other.inject({
      method: 'POST',
      url: '/api/v2/test-helpers/clock/advance/',
      headers: t.demo,
      payload: { minutes: 600 },
    })
    expect(advanced.statusCode, advanced.body).toBe(201)
    const session = await create(t.app)
    expect(Date.parse(session.created_at) - Date.now()).toBeGreaterThan(599 * 60_000)
  })

  it('gives a session the default agent another node set', async () => {
    expect((await create(t.app)).agent_id).toBe(demo.agents.online.id)
    await t.t.db.transaction(async (tx) => {
      await tx.run('UPDATE agents SET is_default = 0 WHERE merchant_id = $1', [demo.merchantId])
      await tx.run('UPDATE agents SET is_default = 1 WHERE id = $1', [demo.agents.store.id])
    })
    expect((await create(t.app)).agent_id).toBe(demo.agents.store.id)
  })

  it('lets a single write through and refuses a second one before it runs', async () => {
    await expect(
      t.t.db.singleWrite(async (db) => {
        await db.run('UPDATE merchants SET name = $1 WHERE id = $2', ['Renamed', demo.merchantId])
        await db.run('UPDATE merchants SET name = $1 WHERE id = $2', ['Twice', demo.merchantId])
      }),
    ).rejects.toThrow(/second write/)
    const row = await t.t.db.one<{ name: string }>('SELECT name FROM merchants WHERE id = $1', [
      demo.merchantId,
    ])
    // SQLite rolls the whole callback back; on PostgreSQL the first statement committed on its own.
    expect(['Renamed', demo.name]).toContain(row?.name)
    expect(row?.name).not.toBe('Twice')
    expect(oneWriteAtMost(t.t.db).engine).toBe(engine.engine)
  })
})

describe.each(testEngines())('concurrent gets, on $name', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await testApp(engine)
  })
  afterEach(() => t.close())

  it('answer each request with its own session, and another merchant’s as unknown, when read together', async () => {
    const create = async (headers: Record<string, string>) => {
      const payload = examples.hppRequestExample('product')
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/checkout/', headers, payload })
      return res.json().checkout_session_id as string
    }
    const mine = [await create(t.demo), await create(t.demo), await create(t.demo)]
    const theirs = await create(t.other)
    const get = (id: string, headers = t.demo) =>
      t.app.inject({ method: 'GET', url: `/api/v2/checkout/${id}/`, headers })
    // Issued in one event-loop turn, so PostgreSQL reads them in one statement.
    const answers = await Promise.all([
      ...mine.map((id) => get(id)),
      get(theirs),
      get(mine[0] as string),
      get(theirs, t.other),
    ])
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 404, 200, 200])
    expect(answers.map((res) => res.json().payload?.id ?? null)).toEqual([...mine, null, mine[0], theirs])
  })
})

describe.each(testEngines())('concurrent creates, on $name', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await testApp(engine)
  })
  afterEach(() => t.close())

  const create = (headers: Record<string, string>, body: object = examples.hppRequestExample('product')) =>
    t.app.inject({ method: 'POST', url: '/api/v2/checkout/', headers, payload: body })

  it('write every session of two merchants made at once, each as its own', async () => {
    // The first creates read their merchants; the ones after are made from snapshots, together.
    await create(t.demo)
    await create(t.other)
    const agentStore = { ...examples.hppRequestExample('product'), agent_id: demo.agents.store.id }
    const answers = await Promise.all([
      create(t.demo),
      create(t.other),
      create(t.demo, agentStore),
      create(t.demo),
      create(t.other),
    ])
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201])
    const read = await Promise.all(
      answers.map((res, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v2/checkout/${res.json().checkout_session_id}/`,
          headers: i === 1 || i === 4 ? t.other : t.demo,
        }),
      ),
    )
    expect(read.map((res) => res.json().payload.agent_id)).toEqual([
      demo.agents.online.id,
      SANDBOX.otherShop.agents.online.id,
      demo.agents.store.id,
      demo.agents.online.id,
      SANDBOX.otherShop.agents.online.id,
    ])
  })

  it('fail only the create at fault when a statement of several fails', async () => {
    const first = await create(t.demo)
    const existingId: string = first.json().checkout_session_id
    const stored = await t.t.db.one<{ document: CheckoutSession }>(
      'SELECT document FROM checkout_sessions WHERE id = $1',
      [existingId],
    )
    const document = stored?.document as CheckoutSession
    const merchant = {
      default_country: 'ESP',
      offset_minutes: 0,
      agent_id: document.agent_id,
      agentRequested: false,
    }
    const fresh = { ...document, id: '01a2aaaa-0000-7000-8000-000000000001', hpp: null }
    const duplicate = { ...document, hpp: null }
    const extra = { clientSecretHash: null }
    const stale = { ...document, id: '01a2aaaa-0000-7000-8000-000000000002', hpp: null }
    const results = await insertChecked(t.t.db, [
      { session: fresh, extra, merchant },
      { session: duplicate, extra, merchant },
      { session: stale, extra, merchant: { ...merchant, offset_minutes: 5 } },
    ])
    expect(results[0]).toBe(true)
    expect(results[1]).toBeInstanceOf(Error)
    expect(results[2]).toBe(false)
    const ids = await t.t.db.query<{ id: string }>('SELECT id FROM checkout_sessions WHERE id IN ($1, $2)', [
      fresh.id,
      stale.id,
    ])
    expect(ids.map((row) => row.id)).toEqual([fresh.id])
  })
})
