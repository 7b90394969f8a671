import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fdatasyncFile, type SyncFile } from '../../src/storage/sqlite-connection.ts'
import { SqliteDatabase } from '../../src/storage/sqlite-database.ts'

// A SQLite commit is answered only once the WAL is on disk (docs/adr/0007), and that fsync runs on the thread
// pool, not inside COMMIT on the event loop (docs/adr/0008). These tests hold the fsync open to see what waits
// for it.

type HeldSync = SyncFile & { holding: boolean; calls: number; release(): void; waiting(): boolean }

/** An fsync that, once `holding`, waits until the test lets it finish, counting the calls. */
function heldSync(): HeldSync {
  let releases: Array<() => void> = []
  const sync = (async (fd: number) => {
    sync.calls++
    if (sync.holding) await new Promise<void>((resolve) => releases.push(resolve))
    await fdatasyncFile(fd)
  }) as HeldSync
  sync.holding = false
  sync.calls = 0
  sync.release = () => {
    const waiting = releases
    releases = []
    for (const resolve of waiting) resolve()
  }
  sync.waiting = () => releases.length > 0
  return sync
}

/** Whether a promise has settled after the event loop had a few turns (timers, I/O, immediates). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  promise.then(
    () => {
      done = true
    },
    () => {
      done = true
    },
  )
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5))
  return done
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1))
}

describe('durable SQLite commits', () => {
  let dir: string
  let db: SqliteDatabase | undefined

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'plazo-durable-'))
  })
  afterEach(async () => {
    await db?.close()
    db = undefined
    rmSync(dir, { recursive: true, force: true })
  })

  async function open(syncFile?: SyncFile): Promise<SqliteDatabase> {
    db = new SqliteDatabase(join(dir, 'db.sqlite'), syncFile ? { syncFile } : {})
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY)')
    if (syncFile && 'holding' in syncFile) (syncFile as HeldSync).holding = true
    return db
  }

  it('answers a transaction only once its commit is on disk, and keeps reads from it until then', async () => {
    const sync = heldSync()
    const db = await open(sync)
    const calls = sync.calls
    const write = db.transaction((tx) => tx.run('INSERT INTO t (id) VALUES (1)'))
    await until(() => sync.waiting())
    expect(sync.calls).toBe(calls + 1)
    const read = db.one<{ n: number }>('SELECT COUNT(*) AS n FROM t')
    expect(await settled(write)).toBe(false)
    expect(await settled(read)).toBe(false)
    sync.release()
    await write
    expect((await read)?.n).toBe(1)
  })

  it('lets the requests that arrive meanwhile go on, and commits their writes together with one fsync', async () => {
    const sync = heldSync()
    const db = await open(sync)
    const first = db.transaction((tx) => tx.run('INSERT INTO t (id) VALUES (1)'))
    await until(() => sync.waiting())
    const calls = sync.calls
    // The event loop is free while the disk works: timers fire, and ten more writes are started.
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const more = Array.from({ length: 10 }, (_, i) =>
      db.transaction((tx) => tx.run('INSERT INTO t (id) VALUES ($1)', [i + 2])),
    )
    // Timers fire while the first commit's fsync is still held (a blocked loop would never get here).
    await until(() => ticks > 2)
    clearInterval(timer)
    expect(await settled(first)).toBe(false)
    sync.release()
    await first
    await until(() => sync.waiting())
    sync.release()
    await Promise.all(more)
    expect(sync.calls).toBe(calls + 1)
    expect((await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM t'))?.n).toBe(11)
  })

  it('makes a write outside a transaction durable before it resolves', async () => {
    const sync = heldSync()
    const db = await open(sync)
    const write = db.run('INSERT INTO t (id) VALUES (1)')
    await until(() => sync.waiting())
    expect(await settled(write)).toBe(false)
    sync.release()
    expect((await write).changes).toBe(1)
    // A read needs no fsync.
    const calls = sync.calls
    expect((await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM t'))?.n).toBe(1)
    expect(sync.calls).toBe(calls)
  })

  it('fails the batch, then every call, when the WAL cannot be made durable', async () => {
    let failing = false
    const db = await open(async (fd) => {
      if (failing) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })
      await fdatasyncFile(fd)
    })
    failing = true
    await expect(db.transaction((tx) => tx.run('INSERT INTO t (id) VALUES (1)'))).rejects.toThrow(
      /could not make its writes durable \(EIO: i\/o error, fdatasync\); restart the process/,
    )
    await expect(db.query('SELECT COUNT(*) AS n FROM t')).rejects.toThrow(/could not make its writes durable/)
    await expect(db.transaction(async () => undefined)).rejects.toThrow(/could not make its writes durable/)
  })

  it('keeps every answered write after the database is reopened', async () => {
    const db = await open()
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db.transaction((tx) => tx.run('INSERT INTO t (id) VALUES ($1)', [i])),
      ),
    )
    await db.close()
    const reopened = new SqliteDatabase(join(dir, 'db.sqlite'))
    expect((await reopened.one<{ n: number }>('SELECT COUNT(*) AS n FROM t'))?.n).toBe(200)
    await reopened.close()
  })
})
