// Two connections of one process to one SQLite file, as the tests that run two API nodes in one process have.
// A connection that found the file locked used to wait for it synchronously (busy_timeout), blocking the very
// thread the other connection needed to COMMIT: after 5 s, "database is locked" (seen in CI, leases.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

const merchantId = SANDBOX.demoStore.merchantId
const at = new Date('2025-03-01T10:00:00.000Z')
const fileEngine = testEngines().filter((engine) => engine.name === 'sqlite (file)')

describe.each(fileEngine)('two connections of one process on $name', (engine) => {
  let t: TestDatabase
  let other: Database
  beforeEach(async () => {
    t = await engine.open()
    other = await openDatabase(t.url)
  })
  afterEach(async () => {
    await other.close()
    await t.cleanup()
  })

  const insertKey = (db: Pick<Database, 'run'>, key: string) =>
    db.run(
      `INSERT INTO idempotency_keys (merchant_id, key, method, path, request_hash, status, created_at, expires_at)
       VALUES ($1, $2, 'POST', '/x', 'h', 'running', $3, $3)`,
      [merchantId, key, at],
    )
  const keys = async () =>
    (await t.db.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).map((r) => r.key)

  /** A transaction of `other` that holds the write lock until `release` is called. */
  function holdWriteLock(): { release(): void; done: Promise<void> } {
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let started!: () => void
    const begun = new Promise<void>((resolve) => {
      started = resolve
    })
    const done = other.transaction(async (tx) => {
      await insertKey(tx, 'first')
      started()
      await held
    })
    return { release, done: begun.then(() => done) }
  }

  it("lets a transaction wait for the other connection's COMMIT, without failing as locked", async () => {
    const first = holdWriteLock()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = t.db.transaction((tx) => insertKey(tx, 'second'))
    setTimeout(first.release, 50)
    await Promise.all([first.done, second])
    expect(await keys()).toEqual(['first', 'second'])
  })

  it("lets a write outside a transaction wait for the other connection's COMMIT too", async () => {
    const first = holdWriteLock()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = insertKey(t.db, 'second')
    setTimeout(first.release, 50)
    await Promise.all([first.done, second])
    expect(await keys()).toEqual(['first', 'second'])
  })

  it('reads (once the other COMMIT is done) and writes again after the other connection closes', async () => {
    const first = holdWriteLock()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const reading = keys()
    setTimeout(first.release, 50)
    expect(await reading).toEqual(['first'])
    await first.done
    await other.close()
    await insertKey(t.db, 'after')
    expect(await keys()).toEqual(['after', 'first'])
  })
})
