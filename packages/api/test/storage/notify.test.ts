import { afterEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/storage/index.ts'
import { scopedChannel } from '../../src/storage/postgres-database.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

// Transaction.notify and Database.listen: what wakes the delivery workers of every node at a commit. Several
// sandboxes and test runs share one PostgreSQL database in schemas of their own; a NOTIFY reaches every
// session of the database, so each schema must have channels of its own.
const CHANNEL = 'plazo_probe'
const WAIT_MS = 5_000

/** A listener's notifications so far, and a wait for the n-th. */
async function listening(db: Database): Promise<{ heard: string[]; waitFor(n: number): Promise<void> }> {
  const heard: string[] = []
  const stop = await db.listen(CHANNEL, (payload) => heard.push(payload))
  cleanups.push(stop)
  return {
    heard,
    async waitFor(n) {
      const deadline = Date.now() + WAIT_MS
      while (heard.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
    },
  }
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function open(engine: ReturnType<typeof testEngines>[number]): Promise<TestDatabase> {
  const t = await engine.open({ seed: false })
  cleanups.push(() => t.cleanup())
  return t
}

const postgres = testEngines().find((engine) => engine.engine === 'postgres')

describe.runIf(postgres)('NOTIFY between nodes on PostgreSQL', () => {
  const engine = postgres as NonNullable<typeof postgres>

  it('reaches every node of the same schema at commit, the sender included', async () => {
    const t = await open(engine)
    const other = await openDatabase(t.url, { migrate: false })
    cleanups.push(() => other.close())
    const own = await listening(t.db)
    const otherNode = await listening(other)
    await t.db.transaction((tx) => tx.notify(CHANNEL))
    await own.waitFor(1)
    await otherNode.waitFor(1)
    expect(own.heard).toHaveLength(1)
    expect(otherNode.heard).toHaveLength(1)
  })

  it('does not reach a node working in another schema of the same database', async () => {
    const a = await open(engine)
    const b = await open(engine)
    const inA = await listening(a.db)
    const inB = await listening(b.db)
    await a.db.transaction((tx) => tx.notify(CHANNEL))
    // PostgreSQL hands each listening session the notifications in the order their transactions committed: once
    // B has heard its own later one, anything of A's it was going to hear has arrived.
    await b.db.transaction((tx) => tx.notify(CHANNEL))
    await inB.waitFor(1)
    await inA.waitFor(1)
    await new Promise((r) => setTimeout(r, 50))
    expect(inB.heard).toHaveLength(1)
    expect(inA.heard).toHaveLength(1)
  })

  it('sends nothing for a transaction rolled back', async () => {
    const t = await open(engine)
    const heard = await listening(t.db)
    await expect(
      t.db.transaction(async (tx) => {
        await tx.notify(CHANNEL)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await t.db.transaction((tx) => tx.notify(CHANNEL))
    await heard.waitFor(1)
    await new Promise((r) => setTimeout(r, 50))
    expect(heard.heard).toHaveLength(1)
  })
})

describe('scopedChannel', () => {
  it('is the name itself without a schema, and a short identifier of name and schema with one', () => {
    expect(scopedChannel('plazo_events', undefined)).toBe('plazo_events')
    const long = 'a'.repeat(63)
    const scoped = scopedChannel('plazo_events', long)
    expect(scoped).toMatch(/^plazo_events_[0-9a-f]{16}$/)
    expect(scoped.length).toBeLessThanOrEqual(63)
    expect(scopedChannel('plazo_events', 'b'.repeat(63))).not.toBe(scoped)
    expect(scopedChannel('plazo_events', long)).toBe(scoped)
  })

  it('refuses a channel that is not a plain identifier', () => {
    expect(() => scopedChannel('plazo-events', undefined)).toThrow('Invalid channel name')
    expect(() => scopedChannel('x'.repeat(47), 's')).toThrow('Invalid channel name')
  })
})
