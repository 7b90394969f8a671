import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Checkpointer } from '../../src/storage/sqlite-checkpointer.ts'
import { SqliteDatabase } from '../../src/storage/sqlite-database.ts'

// Failures no request sees (the background WAL checkpointer's) reach the onBackgroundError callback, which
// the server logs, instead of vanishing: the WAL would grow without anyone knowing why.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/**
 * Until the checkpointer's thread has said something: it starts and loads better-sqlite3 first, which took over
 * 300 ms in a loaded test run (a fixed wait of that length then saw nothing).
 */
const untilReported = (errors: Error[]) =>
  vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 15_000, interval: 10 })

describe('background failures of the SQLite checkpointer', () => {
  let dir: string
  const stops: Array<() => void> = []

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'plazo-background-'))
  })
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
    rmSync(dir, { recursive: true, force: true })
  })

  function start(filename: string) {
    const errors: Error[] = []
    const checkpointer = new Checkpointer(
      filename,
      { idle: 10, busy: 10 },
      { onCheckpoint: () => {}, onError: (error) => errors.push(error) },
    )
    stops.push(() => checkpointer.stop())
    return { checkpointer, errors }
  }

  it('reports a checkpoint that fails once, however many times it fails in a row', async () => {
    const file = join(dir, 'garbage.sqlite')
    writeFileSync(file, 'not a database: text long enough to fill the hundred bytes of a header. '.repeat(3))
    const { errors } = start(file)
    await untilReported(errors)
    await sleep(400) // ~40 more ticks, each failing
    expect(errors.map((error) => error.message)).toEqual([
      'WAL checkpoint failed: SqliteError: file is not a database',
    ])
  })

  it('stops while its checkpoints are failing without taking the process down', {
    timeout: 30_000,
  }, async () => {
    // Worker.terminate() during better-sqlite3's throw of a failed checkpoint aborted the whole process (FATAL
    // ERROR: v8::ToLocalChecked Empty MaybeLocal), about one run in three of these 200 stops; stop() now asks the
    // thread to end between checkpoints. A crash here ends the test file with an error.
    const file = join(dir, 'garbage.sqlite')
    writeFileSync(file, 'not a database: text long enough to fill the hundred bytes of a header. '.repeat(3))
    for (let i = 0; i < 200; i++) {
      const checkpointer = new Checkpointer(file, { idle: 0, busy: 0 }, { onCheckpoint() {}, onError() {} })
      await sleep(20 + (i % 7))
      checkpointer.stop()
    }
  })

  it('reports a checkpointer that could not start, and fails the checkpoints asked of it', async () => {
    const folder = join(dir, 'a-folder')
    mkdirSync(folder)
    const { checkpointer, errors } = start(folder)
    await untilReported(errors)
    await sleep(50)
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toBe('the WAL checkpointer stopped: SQLITE_CANTOPEN')
    await expect(checkpointer.checkpoint()).rejects.toBe(errors[0])
  })

  it('tells onBackgroundError of a database whose checkpointer could not start', async () => {
    const errors: Error[] = []
    const file = join(dir, 'gone.sqlite')
    const db = new SqliteDatabase(file, { onBackgroundError: (error) => errors.push(error) })
    // The worker opens the file by name once its thread has started, long after this line.
    rmSync(file)
    try {
      await untilReported(errors)
      await sleep(50)
      expect(errors.map((error) => error.message)).toEqual(['the WAL checkpointer stopped: SQLITE_CANTOPEN'])
    } finally {
      await db.close()
    }
  })

  it('tells onBackgroundError nothing while all is well, nor when the database is closed', async () => {
    const errors: Error[] = []
    const db = new SqliteDatabase(join(dir, 'ok.sqlite'), {
      checkpointEveryMs: { idle: 10, busy: 10 },
      onBackgroundError: (error) => errors.push(error),
    })
    try {
      await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)')
      for (let i = 0; i < 50; i++) await db.run('INSERT INTO t (body) VALUES ($1)', ['x'.repeat(3000)])
      await sleep(200)
      expect(errors).toEqual([])
    } finally {
      await db.close()
    }
    await sleep(100)
    expect(errors).toEqual([])
  })
})
