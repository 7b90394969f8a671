import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SqliteDatabase } from '../../src/storage/sqlite-database.ts'

// Under a steady write load the WAL never empties by itself: the background checkpointer copies frames while
// the writer appends new ones. SqliteDatabase pauses writes once the WAL holds `walRestartFrames` frames, so
// that a checkpoint copies the rest and the next write starts the file over (SqliteDatabase#onCheckpoint).

const FRAME_BYTES = 24 + 4096
const RESTART_FRAMES = 200
/** Checkpoints often enough that a short test sees many of them. */
const checkpointEveryMs = { idle: 10, busy: 10 }
/** Rows of ~3.5 KB: each takes a page of its own, as a checkout session does. */
const ROW = 'x'.repeat(3500)

function walBytes(file: string): number {
  try {
    return statSync(`${file}-wal`).size
  } catch {
    return 0
  }
}

/**
 * Writes `rows` rows, two at a time, from `writers` loops that each wait a millisecond between transactions
 * (a steady load of a few thousand rows a second), and returns the largest WAL file seen between commits.
 */
async function steadyLoad(db: SqliteDatabase, file: string, rows: number, writers = 2): Promise<number> {
  let next = 0
  let largest = 0
  const writer = async () => {
    while (next < rows) {
      const id = next
      next += 2
      await db.transaction(async (tx) => {
        for (let i = id; i < id + 2; i++) await tx.run('INSERT INTO t (id, body) VALUES ($1, $2)', [i, ROW])
      })
      largest = Math.max(largest, walBytes(file))
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
  await Promise.all(Array.from({ length: writers }, writer))
  return largest
}

describe('the SQLite WAL under a steady write load', () => {
  let dir: string
  let file: string
  let db: SqliteDatabase | undefined

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'plazo-wal-'))
    file = join(dir, 'wal.sqlite')
  })
  afterEach(async () => {
    await db?.close()
    db = undefined
    rmSync(dir, { recursive: true, force: true })
  })

  it('starts over once it holds walRestartFrames frames, instead of growing with every write', async () => {
    db = new SqliteDatabase(file, { walRestartFrames: RESTART_FRAMES, checkpointEveryMs })
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    const rows = 6000 // ~6000 frames: 30 times the restart threshold
    const largest = await steadyLoad(db, file, rows)

    // Without the restart the WAL would hold every frame written (25 MB or more). With it, it stays within the
    // threshold plus what the writer appends before the checkpointer reports it (a few of its 10 ms ticks).
    expect(largest).toBeGreaterThan(0)
    expect(largest).toBeLessThan(rows * FRAME_BYTES * 0.2)
    const [count] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM t')
    expect(count?.n).toBe(rows)
    expect(await db.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }])
  })

  it('grows with every write when the threshold is never reached (the case the restart exists for)', async () => {
    // The control for the test above: the same load with the restart out of reach.
    db = new SqliteDatabase(file, { walRestartFrames: Number.MAX_SAFE_INTEGER, checkpointEveryMs })
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    const rows = 6000
    const largest = await steadyLoad(db, file, rows)
    expect(largest).toBeGreaterThan(rows * FRAME_BYTES * 0.4)
  })

  it('keeps every committed row, and reads see a count that never goes back, while writes pause', async () => {
    const open = new SqliteDatabase(file, { walRestartFrames: RESTART_FRAMES, checkpointEveryMs })
    db = open
    await open.run('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    let loading = true
    const load = steadyLoad(open, file, 3000).finally(() => {
      loading = false
    })
    const seen: number[] = []
    const reader = async () => {
      while (loading) {
        const [row] = await open.query<{ n: number }>('SELECT COUNT(*) AS n FROM t')
        seen.push(row?.n ?? -1)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    await Promise.all([load, reader()])
    expect(seen.length).toBeGreaterThan(10)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    const [count] = await open.query<{ n: number }>('SELECT COUNT(*) AS n FROM t')
    expect(count?.n).toBe(3000)
    expect(await open.query('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }])
  })
})
