import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX } from '../../src/domain/sandbox/seed.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

const merchantId = SANDBOX.demoStore.merchantId
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The property later rules rely on ("20 concurrent captures → exactly one succeeds"): a transaction that reads a
// row, decides and writes is never interleaved with another one doing the same. On SQLite the transactions run
// one after another; on PostgreSQL the row lock of oneForUpdate makes the second wait for the first.
describe.each(testEngines())('concurrent transactions on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open()
    await t.db.run(
      'INSERT INTO sandbox_clocks (merchant_id, offset_minutes, updated_at) VALUES ($1, 0, $2)',
      [merchantId, new Date()],
    )
  })
  afterEach(() => t.cleanup())

  it('20 concurrent read-increment-write transactions end at 20', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.transaction(async (tx) => {
          const row = await tx.oneForUpdate<{ offset_minutes: number }>(
            'SELECT offset_minutes FROM sandbox_clocks WHERE merchant_id = $1',
            [merchantId],
          )
          // Yield between the read and the write, where an unprotected transaction would be overtaken.
          await pause(2)
          await tx.run('UPDATE sandbox_clocks SET offset_minutes = $1 WHERE merchant_id = $2', [
            (row?.offset_minutes ?? 0) + 1,
            merchantId,
          ])
        }),
      ),
    )
    expect(await t.db.one('SELECT offset_minutes FROM sandbox_clocks')).toEqual({ offset_minutes: 20 })
  })

  it('20 concurrent check-then-act transactions: exactly one succeeds', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) =>
        t.db.transaction(async (tx) => {
          const row = await tx.oneForUpdate<{ offset_minutes: number }>(
            'SELECT offset_minutes FROM sandbox_clocks WHERE merchant_id = $1',
            [merchantId],
          )
          if (row?.offset_minutes !== 0) return 'refused'
          await pause(2)
          await tx.run('UPDATE sandbox_clocks SET offset_minutes = $1 WHERE merchant_id = $2', [
            attempt + 1,
            merchantId,
          ])
          return 'done'
        }),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(19)
  })

  it('keeps serving statements outside transactions while transactions queue', async () => {
    const work = Array.from({ length: 10 }, (_, index) =>
      index % 2 === 0
        ? t.db.transaction(async (tx) => {
            const row = await tx.oneForUpdate<{ offset_minutes: number }>(
              'SELECT offset_minutes FROM sandbox_clocks WHERE merchant_id = $1',
              [merchantId],
            )
            await pause(1)
            await tx.run('UPDATE sandbox_clocks SET offset_minutes = $1 WHERE merchant_id = $2', [
              (row?.offset_minutes ?? 0) + 1,
              merchantId,
            ])
          })
        : t.db.run('UPDATE sandbox_clocks SET updated_at = $1 WHERE merchant_id = $2', [
            new Date(),
            merchantId,
          ]),
    )
    await Promise.all(work)
    expect(await t.db.one('SELECT offset_minutes FROM sandbox_clocks')).toEqual({ offset_minutes: 5 })
  })
})
