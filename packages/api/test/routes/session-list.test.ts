// GET /api/v2/checkout/: the merchant's sessions, newest first, filtered and paged by cursor (issue 38). Never
// another merchant's, and a page never skips or repeats a session, sessions created meanwhile included.
import { SessionListResponseSchema } from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HppKit } from '../client/hpp-kit.ts'
import { expectBody, type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'

describe.each(testEngines())('GET /api/v2/checkout/ on $name', (engine) => {
  let t: TestApp
  let kit: HppKit
  const created: string[] = []
  let embedded: string
  beforeAll(async () => {
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
    for (let i = 0; i < 5; i++) created.push((await kit.createHpp()).id)
    embedded = (await kit.createEmbedded()).id
    created.push(embedded)
    await kit.cancel(created[1] as string)
    // Other Shop's sessions never show.
    await kit.createHpp({}, t.other)
  })
  afterAll(() => t.close())

  const list = async (query = '', headers = t.demo) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/checkout/${query}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    return expectBody(res, SessionListResponseSchema) as {
      payload: Array<{ id: string; status: string; mode: string; created_at: string }>
      has_more: boolean
    }
  }

  it('lists every session of the merchant, newest first, as GET of each returns it', async () => {
    const page = await list('?limit=100')
    expect(page.payload.map((s) => s.id)).toEqual([...created].reverse())
    expect(page.has_more).toBe(false)
    const one = await t.app.inject({ method: 'GET', url: `/api/v2/checkout/${embedded}/`, headers: t.demo })
    expect(page.payload[0]).toEqual(one.json().payload)
    const other = await list('', t.other)
    expect(other.payload).toHaveLength(1)
    expect(other.payload.map((s) => s.id)).not.toContain(created[0])
  })

  it('pages by cursor without skipping or repeating, even when sessions are created between pages', async () => {
    const first = await list('?limit=2')
    expect(first.payload).toHaveLength(2)
    expect(first.has_more).toBe(true)
    const newer = (await kit.createHpp()).id
    const seen = [...first.payload.map((s) => s.id)]
    let page = first
    while (page.has_more) {
      page = await list(`?limit=2&starting_after=${seen.at(-1)}`)
      seen.push(...page.payload.map((s) => s.id))
    }
    expect(seen).toEqual([...created].reverse())
    expect((await list('?limit=1')).payload[0]?.id).toBe(newer)
    created.push(newer)
  })

  it('filters by status, mode and creation time, inclusive at both ends', async () => {
    expect((await list('?status=cancelled')).payload.map((s) => s.id)).toEqual([created[1]])
    expect((await list('?mode=embedded')).payload.map((s) => s.id)).toEqual([embedded])
    const all = (await list('?limit=100')).payload
    const middle = all[2] as { created_at: string; id: string }
    // Sessions created in the same millisecond share created_at, so both ends are compared as instants.
    const at = (s: { created_at: string }) => Date.parse(s.created_at)
    const from = await list(`?limit=100&created_from=${encodeURIComponent(middle.created_at)}`)
    expect(from.payload.map((s) => s.id)).toEqual(all.filter((s) => at(s) >= at(middle)).map((s) => s.id))
    expect(from.payload.map((s) => s.id)).toContain(middle.id)
    const to = await list(`?limit=100&created_to=${encodeURIComponent(middle.created_at)}`)
    expect(to.payload.map((s) => s.id)).toEqual(all.filter((s) => at(s) <= at(middle)).map((s) => s.id))
    expect(to.payload.map((s) => s.id)).toContain(middle.id)
    // The same instant written with another offset selects the same sessions.
    const shifted = new Date(Date.parse(middle.created_at)).toISOString().replace('Z', '+00:00')
    expect((await list(`?limit=100&created_to=${encodeURIComponent(shifted)}`)).payload).toEqual(to.payload)
  })

  it('answers 400 naming the field for a bad filter, a limit out of range or a cursor that is not yours', async () => {
    const other = (await kit.createHpp({}, t.other)).id
    for (const [query, field] of [
      ['?limit=0', '/limit'],
      ['?limit=101', '/limit'],
      ['?limit=ten', '/limit'],
      ['?status=paid', '/status'],
      ['?mode=popup', '/mode'],
      ['?created_from=yesterday', '/created_from'],
      ['?starting_after=not-a-uuid', '/starting_after'],
      [`?starting_after=${other}`, '/starting_after'],
      ['?colour=red', '/colour'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/checkout/${query}`, headers: t.demo })
      expect(res.statusCode, query).toBe(400)
      expect(
        res.json().schema_errors.map((e: { field: string }) => e.field),
        query,
      ).toContain(field)
    }
  })

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/checkout/' })).statusCode).toBe(401)
  })
})
