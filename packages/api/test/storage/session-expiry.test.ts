import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SANDBOX, seedSandbox } from '../../src/domain/sandbox/seed.ts'
import { MIGRATIONS, migrate, type Queryable } from '../../src/storage/index.ts'
import { type Job, jobRepository, SESSION_EXPIRY } from '../../src/storage/job-repository.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

const store = SANDBOX.demoStore
const at = (iso: string) => new Date(iso)

/** A bare session row (the document is not read by these tests). */
async function insertSession(db: Queryable, expireAt: string | null): Promise<string> {
  const id = randomUUID()
  const now = '2026-11-21T10:00:00.000Z'
  await db.run(
    `INSERT INTO checkout_sessions (id, merchant_id, agent_id, user_id, status, mode, document, created_at, updated_at${
      expireAt === null ? '' : ', expire_at'
    }) VALUES ($1, $2, $3, $4, 'initial', 'embedded', '{}', $5, $5${expireAt === null ? '' : ', $6'})`,
    [
      id,
      store.merchantId,
      store.agents.online.id,
      store.userId,
      now,
      ...(expireAt === null ? [] : [expireAt]),
    ],
  )
  return id
}

// The expiry timer of a session lives on its row (migration 0005); the other timers are jobs rows. Both kinds
// are claimed, run and finished through jobRepository alike.
describe.each(testEngines())('the session expiry timer on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open()
  })
  afterEach(() => t.cleanup())

  const claim = (merchantNow: string, realNow = merchantNow) =>
    jobRepository.claimDue(t.db, store.merchantId, at(merchantNow), at(realNow))
  /** Schedules a timer of one of the store's sessions. */
  const schedule = (sessionId: string, kind: Job['kind'], dueAt: string, now: string) =>
    jobRepository.schedule(t.db, { merchantId: store.merchantId, sessionId, kind, dueAt: at(dueAt) }, at(now))

  it('is claimed when due, with the jobs rows, and only once while the claim holds', async () => {
    const expiring = await insertSession(t.db, '2026-11-21T11:00:00.000Z')
    const later = await insertSession(t.db, '2026-11-21T12:00:00.000Z')
    await schedule(later, 'confirm_deadline', '2026-11-21T10:30:00Z', '2026-11-21T10:00:00Z')
    const [confirm] = await claim('2026-11-21T10:59:59.999Z')
    expect(confirm).toEqual(expect.objectContaining({ checkout_session_id: later, kind: 'confirm_deadline' }))
    await jobRepository.finish(t.db, confirm as Job, at('2026-11-21T10:59:59.999Z'))
    const claimed = await claim('2026-11-21T11:00:00.000Z', '2026-11-21T11:00:30.000Z')
    expect(claimed).toEqual([
      {
        id: `expire:${expiring}`,
        merchant_id: store.merchantId,
        checkout_session_id: expiring,
        kind: SESSION_EXPIRY,
        due_at: '2026-11-21T11:00:00.000Z',
      },
    ])
    // Another pass within the minute of the claim skips it; after it, the timer is offered again.
    expect(await claim('2026-11-21T11:00:50.000Z', '2026-11-21T11:01:00.000Z')).toEqual([])
    expect(await claim('2026-11-21T11:02:00.000Z', '2026-11-21T11:02:00.000Z')).toHaveLength(1)
  })

  it('finishing clears it; a timer replaced after its claim is no longer pending and keeps its new time', async () => {
    const id = await insertSession(t.db, '2026-11-21T11:00:00.000Z')
    const [job] = (await claim('2026-11-21T11:00:00.000Z')) as [Job]
    expect(await jobRepository.isPending(t.db, job)).toBe(true)

    await schedule(id, SESSION_EXPIRY, '2026-11-21T13:00:00Z', '2026-11-21T11:00:00Z')
    expect(await jobRepository.isPending(t.db, job)).toBe(false)
    await jobRepository.finish(t.db, job, at('2026-11-21T11:00:00Z'))
    expect(await jobRepository.pendingKinds(t.db, id)).toEqual([SESSION_EXPIRY])
    // The new time is claimable at once: rescheduling dropped the old claim.
    const [again] = (await claim('2026-11-21T13:00:00.000Z')) as [Job]
    expect(again.due_at).toBe('2026-11-21T13:00:00.000Z')
    await jobRepository.finish(t.db, again, at('2026-11-21T13:00:00Z'))
    expect(await jobRepository.pendingKinds(t.db, id)).toEqual([])
  })

  it('is claimed in due order with the jobs rows, within one limit', async () => {
    const late = await insertSession(t.db, '2026-11-21T11:30:00.000Z')
    const early = await insertSession(t.db, '2026-11-21T11:00:00.000Z')
    await schedule(late, 'lender_decision', '2026-11-21T11:15:00Z', '2026-11-21T10:00:00Z')
    const claimed = await jobRepository.claimDue(
      t.db,
      store.merchantId,
      at('2026-11-21T12:00:00Z'),
      at('2026-11-21T12:00:00Z'),
      2,
    )
    expect(claimed.map((job) => [job.checkout_session_id, job.kind])).toEqual([
      [early, SESSION_EXPIRY],
      [late, 'lender_decision'],
    ])
    const [rest] = await jobRepository.claimDue(
      t.db,
      store.merchantId,
      at('2026-11-21T12:00:00Z'),
      at('2026-11-21T12:00:00Z'),
    )
    expect(rest).toMatchObject({ checkout_session_id: late, kind: SESSION_EXPIRY })
  })

  it('cancelling removes it, and merchants without pending timers are not visited', async () => {
    const id = await insertSession(t.db, '2026-11-21T11:00:00.000Z')
    expect(await jobRepository.merchantsWithPendingJobs(t.db)).toEqual([{ merchant_id: store.merchantId }])
    await jobRepository.cancel(t.db, id, SESSION_EXPIRY, at('2026-11-21T10:10:00Z'))
    expect(await jobRepository.pendingKinds(t.db, id)).toEqual([])
    expect(await jobRepository.merchantsWithPendingJobs(t.db)).toEqual([])
    expect(await claim('2026-11-21T12:00:00.000Z')).toEqual([])
  })
})

describe.each(testEngines())('migration 0005 on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open({ migrate: false })
  })
  afterEach(() => t.cleanup())

  it('moves pending expiry jobs onto their sessions and leaves the other timers alone', async () => {
    const before = MIGRATIONS.filter((m) => m.version < 5)
    await migrate(t.db, before)
    await seedSandbox(t.db)
    const pending = await insertV4Session(t.db)
    const expired = await insertV4Session(t.db)
    const job = (sessionId: string, kind: string, dueAt: string, doneAt: string | null) =>
      t.db.run(
        `INSERT INTO jobs (id, merchant_id, checkout_session_id, kind, due_at, done_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), store.merchantId, sessionId, kind, dueAt, doneAt, '2026-11-21T10:00:00.000Z'],
      )
    await job(pending, 'expire', '2026-11-21T11:00:00.000Z', null)
    await job(pending, 'confirm_deadline', '2026-11-21T10:30:00.000Z', null)
    await job(expired, 'expire', '2026-11-21T10:05:00.000Z', '2026-11-21T10:05:01.000Z')

    expect(
      await migrate(
        t.db,
        MIGRATIONS.filter((m) => m.version <= 5),
      ),
    ).toEqual([5])
    expect(await jobRepository.pendingKinds(t.db, pending)).toEqual(['confirm_deadline', SESSION_EXPIRY])
    expect(await jobRepository.pendingKinds(t.db, expired)).toEqual([])
    const rows = await t.db.query<{ id: string; expire_at: string | null }>(
      'SELECT id, expire_at FROM checkout_sessions ORDER BY expire_at',
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: pending, expire_at: '2026-11-21T11:00:00.000Z' },
        { id: expired, expire_at: null },
      ]),
    )
  })
})

/** A session row as schema version 4 had it (no expiry columns). */
async function insertV4Session(db: Queryable): Promise<string> {
  const id = randomUUID()
  await db.run(
    `INSERT INTO checkout_sessions (id, merchant_id, agent_id, user_id, status, mode, document, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'initial', 'embedded', '{}', $5, $5)`,
    [id, store.merchantId, store.agents.online.id, store.userId, '2026-11-21T10:00:00.000Z'],
  )
  return id
}
