import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX, seedSandbox } from '../../src/domain/sandbox/seed.ts'
import {
  isForeignKeyViolation,
  isUniqueViolation,
  openDatabase,
  PlaceholderError,
  TransactionMisuseError,
} from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

const demo = SANDBOX.demoStore
const other = SANDBOX.otherShop

describe.each(testEngines())('query layer on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open()
  })
  afterEach(() => t.cleanup())

  const insertSession = (id: string, merchantId: string, agentId: string, userId: string, document: object) =>
    t.db.run(
      `INSERT INTO checkout_sessions (id, merchant_id, agent_id, user_id, status, mode, document, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'initial', 'embedded', $5, $6, $6)`,
      [id, merchantId, agentId, userId, document, new Date('2025-03-01T10:00:00Z')],
    )

  it('reports its engine', () => {
    expect(t.db.engine).toBe(engine.engine)
  })

  it('binds $n placeholders, reused ones included, and leaves quoted text alone', async () => {
    const row = await t.db.one<{ a: string; b: string; literal: string }>(
      "SELECT $1 AS a, $2 AS b, '$1 -- not a parameter' AS literal WHERE $1 = $1",
      ['first', 'second'],
    )
    expect(row).toEqual({ a: 'first', b: 'second', literal: '$1 -- not a parameter' })
  })

  it('refuses a parameter count that does not match the placeholders, the same way on every engine', async () => {
    await expect(t.db.query('SELECT $1 AS a', [])).rejects.toThrow(PlaceholderError)
    await expect(t.db.query('SELECT $1 AS a', ['x', 'y'])).rejects.toThrow(
      'The statement uses 1 parameter(s) but 2 were given',
    )
    await expect(t.db.query('SELECT $2 AS a', ['x', 'y'])).rejects.toThrow('Placeholder $1 is never used')
  })

  it('refuses undefined, which is nearly always a misspelt property', async () => {
    await expect(t.db.query('SELECT $1 AS a', [undefined as unknown as null])).rejects.toThrow('pass null')
  })

  it('returns one row or undefined', async () => {
    expect(await t.db.one('SELECT name FROM merchants WHERE id = $1', [demo.merchantId])).toEqual({
      name: 'Demo Store',
    })
    expect(await t.db.one('SELECT name FROM merchants WHERE id = $1', ['not-a-uuid'])).toBeUndefined()
  })

  it('returns integers, counts included, as numbers', async () => {
    const row = await t.db.one('SELECT COUNT(*) AS agents, SUM(is_default) AS defaults FROM agents')
    expect(row).toEqual({ agents: 3, defaults: 2 })
  })

  it('returns booleans of expressions as 1 and 0, like stored flags', async () => {
    const row = await t.db.one(
      'SELECT (1 = 1) AS yes, (1 = 0) AS no, EXISTS (SELECT 1 FROM merchants WHERE id = $1) AS found',
      [demo.merchantId],
    )
    expect(row).toEqual({ yes: 1, no: 0, found: 1 })
  })

  it('sorts text byte by byte on every engine', async () => {
    for (const name of ['beta', 'Alpha', 'alpha', 'Zulu', '_under', '10', '9']) {
      await t.db.run('INSERT INTO agents (id, merchant_id, name, created_at) VALUES ($1, $2, $3, $4)', [
        crypto.randomUUID(),
        other.merchantId,
        name,
        new Date(),
      ])
    }
    const rows = await t.db.query<{ name: string }>(
      'SELECT name FROM agents WHERE merchant_id = $1 ORDER BY name',
      [other.merchantId],
    )
    expect(rows.map((row) => row.name)).toEqual([
      '10',
      '9',
      'Alpha',
      'Zulu',
      '_under',
      'agent-online',
      'alpha',
      'beta',
    ])
  })

  it('stores dates as ISO-8601 UTC text and returns the identical string', async () => {
    await t.db.run(
      'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, $2, $3)',
      [demo.merchantId, 0, new Date('2025-03-01T10:00:00+02:00')],
    )
    expect(await t.db.one('SELECT updated_at FROM sandbox_clocks')).toEqual({
      updated_at: '2025-03-01T08:00:00.000Z',
    })
  })

  it('stores JSON columns as text and returns the same value with its keys in the written order', async () => {
    const document = { zeta: 1, alpha: { nested: [1, 'two', null], b: true }, amount: 12.5, text: 'ñ "q"' }
    await insertSession(
      '0d1f8d1e-0000-4000-8000-000000000001',
      demo.merchantId,
      demo.agents.online.id,
      demo.userId,
      document,
    )
    const row = await t.db.one<{ document: typeof document }>('SELECT document FROM checkout_sessions')
    expect(row?.document).toEqual(document)
    expect(JSON.stringify(row?.document)).toBe(JSON.stringify(document))
    const raw = await t.db.one<{ size: number }>('SELECT LENGTH(document) AS size FROM checkout_sessions')
    expect(raw?.size).toBe(JSON.stringify(document).length)
  })

  it('reports how many rows a statement changed', async () => {
    expect(
      await t.db.run("UPDATE agents SET name = name || '' WHERE merchant_id = $1", [demo.merchantId]),
    ).toEqual({
      changes: 2,
    })
    expect(await t.db.run('DELETE FROM agents WHERE id = $1', ['missing'])).toEqual({ changes: 0 })
  })

  it('returns rows of INSERT … RETURNING', async () => {
    const rows = await t.db.query(
      `INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 5, $2)
       RETURNING merchant_id, offset_minutes`,
      [other.merchantId, new Date()],
    )
    expect(rows).toEqual([{ merchant_id: other.merchantId, offset_minutes: 5 }])
  })

  it('recognises unique and foreign-key violations on both engines', async () => {
    const duplicate = await t.db
      .run('INSERT INTO agents (id, merchant_id, name, created_at) VALUES ($1, $2, $3, $4)', [
        crypto.randomUUID(),
        demo.merchantId,
        'agent-online',
        new Date(),
      ])
      .catch((error: unknown) => error)
    expect(isUniqueViolation(duplicate)).toBe(true)
    expect(isForeignKeyViolation(duplicate)).toBe(false)

    // A session can never point at another merchant's agent: the composite foreign key refuses it.
    const foreignAgent = await insertSession(
      '0d1f8d1e-0000-4000-8000-000000000002',
      demo.merchantId,
      other.agents.online.id,
      demo.userId,
      {},
    ).catch((error: unknown) => error)
    expect(isForeignKeyViolation(foreignAgent)).toBe(true)
    expect(isUniqueViolation(foreignAgent)).toBe(false)
  })

  it('allows one default agent per merchant', async () => {
    const second = await t.db
      .run('INSERT INTO agents (id, merchant_id, name, is_default, created_at) VALUES ($1, $2, $3, $4, $5)', [
        crypto.randomUUID(),
        demo.merchantId,
        'agent-kiosk',
        true,
        new Date(),
      ])
      .catch((error: unknown) => error)
    expect(isUniqueViolation(second)).toBe(true)
  })

  describe('transactions', () => {
    const countClocks = async () =>
      (await t.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM sandbox_clocks'))?.n

    it('commits when the callback resolves and returns its value', async () => {
      const result = await t.db.transaction(async (tx) => {
        await tx.run(
          'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 1, $2)',
          [demo.merchantId, new Date()],
        )
        return tx.one<{ n: number }>('SELECT COUNT(*) AS n FROM sandbox_clocks')
      })
      expect(result).toEqual({ n: 1 })
      expect(await countClocks()).toBe(1)
    })

    it('rolls everything back when the callback throws, and re-throws', async () => {
      const failure = new Error('boom')
      await expect(
        t.db.transaction(async (tx) => {
          await tx.run(
            'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 1, $2)',
            [demo.merchantId, new Date()],
          )
          await tx.run("UPDATE merchants SET name = 'Renamed' WHERE id = $1", [demo.merchantId])
          throw failure
        }),
      ).rejects.toBe(failure)
      expect(await countClocks()).toBe(0)
      expect(await t.db.one('SELECT name FROM merchants WHERE id = $1', [demo.merchantId])).toEqual({
        name: 'Demo Store',
      })
    })

    it('rolls back when a statement inside fails', async () => {
      await expect(
        t.db.transaction(async (tx) => {
          await tx.run(
            'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 1, $2)',
            [demo.merchantId, new Date()],
          )
          await tx.run(
            'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 1, $2)',
            [demo.merchantId, new Date()],
          )
        }),
      ).rejects.toSatisfy(isUniqueViolation)
      expect(await countClocks()).toBe(0)
    })

    it('refuses a call to the database itself from inside a transaction', async () => {
      await expect(
        t.db.transaction(async () => {
          await t.db.query('SELECT 1 AS one')
        }),
      ).rejects.toThrow(TransactionMisuseError)
      await expect(t.db.transaction(() => t.db.transaction(async () => 1))).rejects.toThrow(
        TransactionMisuseError,
      )
      // The refused calls left nothing open: the database still works.
      expect(await t.db.one('SELECT 1 AS one')).toEqual({ one: 1 })
    })

    it.runIf(engine.engine === 'postgres')(
      'prepares each SQL text once per connection (named statements), so it is parsed and planned once',
      async () => {
        const sql = 'SELECT offset_minutes FROM sandbox_clocks WHERE merchant_id = $1'
        const prepared = await t.db.transaction(async (tx) => {
          await tx.query(sql, [demo.merchantId])
          await tx.query(sql, [other.merchantId])
          return tx.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [
            sql,
          ])
        })
        expect(prepared).toHaveLength(1)
        expect(prepared[0]?.name).toMatch(/^plazo_\d+$/)
      },
    )

    it('refuses a transaction handle used after its callback ended', async () => {
      const leaked = await t.db.transaction(async (tx) => tx)
      await expect(leaked.query('SELECT 1 AS one')).rejects.toThrow('already ended')
    })

    it('never shows another transaction its uncommitted rows', async () => {
      let inserted!: () => void
      const insertedSignal = new Promise<void>((resolve) => {
        inserted = resolve
      })
      const writer = t.db
        .transaction(async (tx) => {
          await tx.run(
            'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 1, $2)',
            [demo.merchantId, new Date()],
          )
          inserted()
          await new Promise((resolve) => setTimeout(resolve, 50))
          throw new Error('rolled back on purpose')
        })
        .catch(() => 'rolled back')
      await insertedSignal
      // On SQLite this read shares the writer's connection; it must wait for the writer rather than read
      // inside its open transaction.
      const seen = await countClocks()
      expect(await writer).toBe('rolled back')
      expect(seen).toBe(0)
    })
  })
})

// The server opens its database with the check off (see TransactionScope): everything else behaves the same.
describe.each(testEngines())('a database without the transaction scope check on $name', (engine) => {
  it('commits, rolls back and reads as with the check', async () => {
    const checked = await engine.open()
    const url = checked.url
    // A second handle on the same database (a new, empty one for sqlite::memory:).
    const db = await openDatabase(url, { checkTransactionScope: false })
    try {
      await seedSandbox(db)
      await db.transaction((tx) =>
        tx.run('INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 3, $2)', [
          SANDBOX.demoStore.merchantId,
          new Date(),
        ]),
      )
      await expect(
        db.transaction(async (tx) => {
          await tx.run('UPDATE sandbox_clocks SET offset_minutes = 9')
          throw new Error('changed my mind')
        }),
      ).rejects.toThrow('changed my mind')
      expect(await db.one('SELECT offset_minutes FROM sandbox_clocks')).toEqual({ offset_minutes: 3 })
    } finally {
      await db.close()
      await checked.cleanup()
    }
  })
})
