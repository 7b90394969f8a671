import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { isUniqueViolation, openDatabase } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

const merchantId = SANDBOX.demoStore.merchantId
const at = new Date('2025-03-01T10:00:00.000Z')

// On SQLite, transactions that run back to back share one COMMIT (group commit, SqliteDatabase). Each one
// must still be all or nothing, fail with its own error, and be committed when its promise resolves; the
// same properties hold on PostgreSQL, where every transaction commits alone.
describe.each(testEngines())('transactions started together on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open()
  })
  afterEach(() => t.cleanup())

  const insertKey = (tx: Pick<TestDatabase['db'], 'run'>, key: string) =>
    tx.run(
      `INSERT INTO idempotency_keys (merchant_id, key, method, path, request_hash, status, created_at, expires_at)
       VALUES ($1, $2, 'POST', '/x', 'h', 'running', $3, $3)`,
      [merchantId, key, at],
    )
  const keys = async () =>
    (await t.db.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).map((r) => r.key)

  it('one that throws after writing leaves nothing and fails alone; the others commit', async () => {
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c', 'd', 'e'].map((name) =>
        t.db.transaction(async (tx) => {
          await insertKey(tx, `${name}-1`)
          await insertKey(tx, `${name}-2`)
          if (name === 'c') throw new Error('c changed its mind')
          return name
        }),
      ),
    )
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'a',
      'b',
      'c changed its mind',
      'd',
      'e',
    ])
    expect(await keys()).toEqual(['a-1', 'a-2', 'b-1', 'b-2', 'd-1', 'd-2', 'e-1', 'e-2'])
  })

  it('a constraint violation fails only its own transaction, with the same recognisable error', async () => {
    await insertKey(t.db, 'taken')
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c'].map((name) =>
        t.db.transaction(async (tx) => {
          await insertKey(tx, `${name}-1`)
          await insertKey(tx, name === 'b' ? 'taken' : `${name}-2`)
        }),
      ),
    )
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(isUniqueViolation((outcomes[1] as PromiseRejectedResult).reason)).toBe(true)
    expect(await keys()).toEqual(['a-1', 'a-2', 'c-1', 'c-2', 'taken'])
  })

  it('reads outside a transaction never see half of one', async () => {
    const counts: number[] = []
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => [
        t.db.transaction(async (tx) => {
          await insertKey(tx, `k${i}-1`)
          await insertKey(tx, `k${i}-2`)
        }),
        t.db
          .one<{ n: number }>('SELECT COUNT(*) AS n FROM idempotency_keys')
          .then((row) => counts.push(row?.n ?? -1)),
      ]).flat(),
    )
    expect(counts).toHaveLength(10)
    for (const count of counts) expect(count % 2).toBe(0)
    expect(await keys()).toHaveLength(20)
  })

  it.runIf(engine.engine === 'sqlite')(
    'a read made after a transaction ended, before the batch commits, commits it first and sees it',
    async () => {
      const done = t.db.transaction((tx) => insertKey(tx, 'a'))
      // A few microtasks: the transaction has released the database, its batch waits for the next turn.
      for (let i = 0; i < 10; i++) await Promise.resolve()
      expect(await keys()).toEqual(['a'])
      await expect(done).resolves.toBeDefined()
    },
  )

  it.runIf(engine.name === 'sqlite (file)')(
    'a transaction that resolved is committed: another connection to the file sees it',
    async () => {
      const other = await openDatabase(t.url, { migrate: false })
      try {
        const done = await Promise.all(
          ['a', 'b', 'c'].map((name) => t.db.transaction(async (tx) => insertKey(tx, name))),
        )
        expect(done).toHaveLength(3)
        const seen = await other.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')
        expect(seen.map((r) => r.key)).toEqual(['a', 'b', 'c'])
      } finally {
        await other.close()
      }
    },
  )
})
