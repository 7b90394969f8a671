import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, openDatabase, parseDatabaseUrl } from '../../src/storage/index.ts'

describe('parseDatabaseUrl', () => {
  it.each([
    ['sqlite::memory:', { engine: 'sqlite', filename: ':memory:' }],
    ['sqlite:./data/plazo.sqlite', { engine: 'sqlite', filename: './data/plazo.sqlite' }],
    ['sqlite:/var/lib/plazo.sqlite', { engine: 'sqlite', filename: '/var/lib/plazo.sqlite' }],
    ['sqlite:///var/lib/plazo.sqlite', { engine: 'sqlite', filename: '/var/lib/plazo.sqlite' }],
    [
      'postgres://postgres@127.0.0.1:5432/test',
      { engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test', schema: undefined },
    ],
    [
      'postgresql://u:p@db.internal/plazo?schema=sandbox_a&sslmode=disable',
      { engine: 'postgres', url: 'postgresql://u:p@db.internal/plazo?sslmode=disable', schema: 'sandbox_a' },
    ],
  ])('reads %s', (url, expected) => {
    expect(parseDatabaseUrl(url)).toEqual(expected)
  })

  it.each(['mysql://localhost/db', 'sqlite:', 'plazo.sqlite'])('refuses %s', (url) => {
    expect(() => parseDatabaseUrl(url)).toThrow(/sqlite:<path>/)
  })
})

describe('openDatabase with a SQLite file', () => {
  let folder: string
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'plazo-open-'))
  })
  afterEach(() => rm(folder, { recursive: true, force: true }))

  it('creates the missing folder, migrates, and keeps the data across restarts', async () => {
    const file = join(folder, 'nested', 'data', 'plazo.sqlite')
    const first = await openDatabase(`sqlite:${file}`)
    expect(existsSync(file)).toBe(true)
    expect(await first.one('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' })
    expect(await first.one('PRAGMA foreign_keys')).toEqual({ foreign_keys: 1 })
    await first.run(
      "INSERT INTO merchants (id, name, default_country, webhook_secret, created_at) VALUES ($1, 'M', 'FRA', 's', $2)",
      ['f0000000-0000-4000-8000-000000000000', new Date()],
    )
    await first.close()

    const second = await openDatabase(`sqlite:${file}`)
    expect(await second.query('SELECT name, default_country FROM merchants')).toEqual([
      { name: 'M', default_country: 'FRA' },
    ])
    expect(await second.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version })),
    )
    await second.close()
  })

  it('refuses work after close', async () => {
    const db = await openDatabase('sqlite::memory:')
    await db.close()
    await expect(db.query('SELECT 1')).rejects.toThrow('is closed')
  })
})

describe.runIf(process.env.PLAZO_TEST_POSTGRES_URL)('openDatabase with PostgreSQL', () => {
  const baseUrl = process.env.PLAZO_TEST_POSTGRES_URL as string

  it('keeps the rows of one schema invisible to another', async () => {
    const suffix = Math.random().toString(16).slice(2, 10)
    const a = await openDatabase(baseUrl, { schema: `plazo_test_a_${suffix}` })
    const b = await openDatabase(`${baseUrl}?schema=plazo_test_b_${suffix}`)
    try {
      await a.run(
        "INSERT INTO merchants (id, name, default_country, webhook_secret, created_at) VALUES ($1, 'A', 'ESP', 's', $2)",
        ['a0000000-0000-4000-8000-000000000000', new Date()],
      )
      expect(await a.query('SELECT name FROM merchants')).toEqual([{ name: 'A' }])
      expect(await b.query('SELECT name FROM merchants')).toEqual([])
    } finally {
      await a.run(`DROP SCHEMA plazo_test_a_${suffix} CASCADE`)
      await b.run(`DROP SCHEMA plazo_test_b_${suffix} CASCADE`)
      await a.close()
      await b.close()
    }
  })

  it('tells onBackgroundError of an idle connection the server ended, and goes on with a new one', async () => {
    const suffix = Math.random().toString(16).slice(2, 10)
    const errors: Error[] = []
    const db = await openDatabase(baseUrl, {
      schema: `plazo_test_c_${suffix}`,
      migrate: false,
      onBackgroundError: (error) => errors.push(error),
    })
    try {
      const row = await db.one<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      const admin = await openDatabase(baseUrl, { migrate: false })
      try {
        await admin.run('SELECT pg_terminate_backend($1)', [row?.pid as number])
      } finally {
        await admin.close()
      }
      for (let waited = 0; errors.length === 0 && waited < 5000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(errors).toHaveLength(1)
      expect(errors[0]?.message).toMatch(/terminat/i)
      expect(await db.one('SELECT 1 AS one')).toEqual({ one: 1 })
    } finally {
      await db.run(`DROP SCHEMA plazo_test_c_${suffix} CASCADE`)
      await db.close()
    }
  })

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(openDatabase(baseUrl, { schema: 'x; DROP TABLE users' })).rejects.toThrow(
      'Invalid PostgreSQL schema',
    )
  })
})
