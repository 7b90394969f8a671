import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type RecordedCall, RequestLog } from '../../src/domain/devtools/request-log.ts'
import { SANDBOX, seedSandbox } from '../../src/domain/sandbox/seed.ts'
import { MIGRATIONS, migrate } from '../../src/storage/index.ts'
import { requestLogRepository } from '../../src/storage/request-log-repository.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

// The request log's storage: a batch per merchant and flush (migration 0017), read back newest first across
// batches, pruned to the newest calls, its bodies named by hash; and the calls logged before batches, moved in.

const demo = SANDBOX.demoStore.merchantId
const other = SANDBOX.otherShop.merchantId

function call(path: string, status: number, response: string | null, merchant: string = demo): RecordedCall {
  return {
    merchant_id: merchant,
    request_id: `req-${path}-${status}-${Math.random()}`,
    method: 'GET',
    path,
    status,
    duration_ms: 3,
    idempotency_key: null,
    login_id: 'login-1',
    request_text: null,
    response_text: response,
  }
}

describe.each(testEngines())('request log batches on $name', (engine) => {
  let t: TestDatabase
  let clock: Date
  let log: RequestLog
  beforeEach(async () => {
    t = await engine.open()
    clock = new Date('2026-11-28T10:00:00.000Z')
    log = new RequestLog({ db: t.db, now: () => clock, onError: (error) => expect.fail(String(error)) })
  })
  afterEach(() => t.cleanup())

  const at = (minutes: number) => {
    clock = new Date(Date.parse('2026-11-28T10:00:00.000Z') + minutes * 60_000)
  }
  const paths = (entries: Array<{ path: string }>) => entries.map((entry) => entry.path)

  it('reads the newest calls across flushes, filtered, within the limit, and each merchant its own', async () => {
    for (let i = 1; i <= 12; i++) {
      at(i)
      log.record(call(`/api/v2/checkout/${i}/`, i % 3 === 0 ? 404 : 200, `{"n":${i}}`))
      if (i % 5 === 0) await log.flush()
    }
    log.record(call('/api/v2/checkout/other/', 200, '{}', other))
    const newest = await log.list(demo, { limit: 4 })
    expect(paths(newest)).toEqual(['12', '11', '10', '9'].map((n) => `/api/v2/checkout/${n}/`))
    expect(newest.map((entry) => entry.response_body)).toEqual([{ n: 12 }, { n: 11 }, { n: 10 }, { n: 9 }])
    expect(paths(await log.list(demo, { status: '4xx' }))).toEqual(
      ['12', '9', '6', '3'].map((n) => `/api/v2/checkout/${n}/`),
    )
    expect(paths(await log.list(demo, { path: '/checkout/1' }))).toEqual([
      '/api/v2/checkout/12/',
      '/api/v2/checkout/11/',
      '/api/v2/checkout/10/',
      '/api/v2/checkout/1/',
    ])
    expect(paths(await log.list(other, {}))).toEqual(['/api/v2/checkout/other/'])
    // since(): oldest first, from the instant given, across batches.
    const since = await log.since(demo, new Date('2026-11-28T10:04:00.000Z'))
    expect(paths(since)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `/api/v2/checkout/${n}/`))
  })

  it('names a body given again by the same hash, and a changed one by its own, wherever it repeats', async () => {
    const answers = ['{"v":"a"}', '{"v":"a"}', '{"v":"b"}', '{"v":"a"}', '{"v":"b"}']
    for (const [i, answer] of answers.entries()) {
      log.record(call('/api/v2/webhooks/secret', 200, answer))
      if (i === 2) await log.flush()
    }
    const entries = await log.list(demo, {})
    expect(entries.map((entry) => entry.response_body)).toEqual(
      [...answers].reverse().map((answer) => JSON.parse(answer)),
    )
    const stored = await t.db.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM request_log_bodies WHERE merchant_id = $1',
      [demo],
    )
    expect(Number(stored[0]?.n)).toBe(2)
  })

  it('prunes to the newest calls, cutting inside a batch, and to the last 24 hours', async () => {
    for (let i = 1; i <= 10; i++) {
      at(i)
      log.record(call(`/api/v2/checkout/${i}/`, 200, `{"n":${i}}`))
      if (i % 4 === 0) await log.flush()
    }
    await log.flush()
    await requestLogRepository.prune(t.db, demo, new Date(0), 6)
    expect(paths(await log.list(demo, {}))).toEqual(
      ['10', '9', '8', '7', '6', '5'].map((n) => `/api/v2/checkout/${n}/`),
    )
    const bodies = await t.db.query<{ body: string }>(
      'SELECT body FROM request_log_bodies WHERE merchant_id = $1 ORDER BY body',
      [demo],
    )
    expect(bodies.map((row) => JSON.parse(row.body).n).sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10])
    // A day later the calls are out of the window, and pruning removes them with their bodies.
    at(24 * 60 + 11)
    expect(await log.list(demo, {})).toEqual([])
    await requestLogRepository.prune(t.db, demo, new Date(clock.getTime() - 24 * 3_600_000), 10_000)
    const left = await t.db.query<{ n: number | string }>(
      'SELECT (SELECT COUNT(*) FROM request_log_batches) + (SELECT COUNT(*) FROM request_log_bodies) AS n',
    )
    expect(Number(left[0]?.n)).toBe(0)
  })

  it('shows the calls of every API node writing to the database', async () => {
    const second = new RequestLog({
      db: t.db,
      now: () => clock,
      onError: (error) => expect.fail(String(error)),
    })
    log.record(call('/api/v2/checkout/a/', 200, '{}'))
    await log.flush()
    second.record(call('/api/v2/checkout/b/', 200, '{}'))
    await second.flush()
    log.record(call('/api/v2/checkout/c/', 200, '{}'))
    expect(paths(await second.list(demo, {}))).toEqual(
      ['/api/v2/checkout/a/', '/api/v2/checkout/b/'].reverse(),
    )
    expect(paths(await log.list(demo, {}))).toEqual([
      '/api/v2/checkout/c/',
      '/api/v2/checkout/b/',
      '/api/v2/checkout/a/',
    ])
  })
})

describe.each(testEngines())('the request log kept before batches, on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open({ migrate: false })
  })
  afterEach(() => t.cleanup())

  it('moves into batches in its order, with the bodies written out or named by hash', async () => {
    await migrate(
      t.db,
      MIGRATIONS.filter((m) => m.version < 17),
    )
    await seedSandbox(t.db)
    await t.db.run(
      "INSERT INTO request_log_bodies (merchant_id, hash, body) VALUES ($1, 'h-req', '{\"a\":1}')",
      [demo],
    )
    await t.db.run(
      "INSERT INTO request_log_bodies (merchant_id, hash, body) VALUES ($1, 'h-res', '{\"ok\":true}')",
      [demo],
    )
    const row = (merchant: string, path: string, created: string, extra: Record<string, string | null>) =>
      t.db.run(
        `INSERT INTO request_log (merchant_id, request_id, method, path, status, duration_ms, idempotency_key,
           login_id, request_text, response_text, request_hash, response_hash, created_at)
         VALUES ($1, $2, 'POST', $3, 201, 7, 'key-1', NULL, $4, $5, $6, $7, $8)`,
        [
          merchant,
          `req ${path}`,
          path,
          extra.request_text ?? null,
          extra.response_text ?? null,
          extra.request_hash ?? null,
          extra.response_hash ?? null,
          created,
        ],
      )
    await row(demo, '/api/v2/checkout/', '2026-11-28T09:00:00.000Z', {
      request_text: '{"old":true}',
      response_text: 'not json',
    })
    await row(other, '/api/v2/checkout/', '2026-11-28T09:00:01.000Z', { response_text: '{}' })
    await row(demo, '/api/v2/checkout/x/capture/', '2026-11-28T09:00:02.000Z', {
      request_hash: 'h-req',
      response_hash: 'h-res',
    })
    await migrate(t.db)
    const log = new RequestLog({
      db: t.db,
      now: () => new Date('2026-11-28T10:00:00.000Z'),
      onError: (error) => expect.fail(String(error)),
    })
    const entries = await log.list(demo, {})
    expect(entries).toMatchObject([
      {
        request_id: 'req /api/v2/checkout/x/capture/',
        created_at: '2026-11-28T09:00:02.000Z',
        method: 'POST',
        status: 201,
        duration_ms: 7,
        idempotency_key: 'key-1',
        login_id: null,
        request_body: { a: 1 },
        response_body: { ok: true },
      },
      { path: '/api/v2/checkout/', request_body: { old: true }, response_body: 'not json' },
    ])
    expect((await log.list(other, {})).map((entry) => entry.response_body)).toEqual([{}])
    // Pruning cuts inside a moved batch as inside any other.
    await requestLogRepository.prune(t.db, demo, new Date(0), 1)
    expect(await log.list(demo, {})).toMatchObject([
      { path: '/api/v2/checkout/x/capture/', response_body: { ok: true } },
    ])
    // New calls follow the old ones.
    log.record(call('/api/v2/checkout/new/', 200, '{"new":1}'))
    expect((await log.list(demo, { limit: 2 })).map((entry) => entry.path)).toEqual([
      '/api/v2/checkout/new/',
      '/api/v2/checkout/x/capture/',
    ])
  })
})
