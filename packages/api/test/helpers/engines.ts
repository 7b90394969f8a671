// The databases every storage-backed test runs against: SQLite in memory and in a file always, PostgreSQL
// when PLAZO_TEST_POSTGRES_URL is set. Use with describe.each:
//
//   describe.each(testEngines())('sessions on $name', (engine) => {
//     let t: TestDatabase
//     beforeEach(async () => { t = await engine.open() })
//     afterEach(() => t.cleanup())
//   })
//
// Each open() gives a fresh, migrated and seeded database that no other test sees: a new in-memory database,
// a new file in a temporary folder, or a new PostgreSQL schema that cleanup() drops.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { seedSandbox } from '../../src/domain/sandbox/seed.ts'
import { openDatabase } from '../../src/storage/index.ts'
import type { Database, Engine } from '../../src/storage/types.ts'

export interface TestDatabase {
  db: Database
  engine: Engine
  /** The PLAZO_DATABASE_URL that reaches this database (with `?schema=` on PostgreSQL). */
  url: string
  /** Closes the database and deletes what it created. */
  cleanup(): Promise<void>
}

export interface OpenTestDatabaseOptions {
  /** Apply the migrations (default true). */
  migrate?: boolean
  /** Create the sandbox merchants and users (default true; needs migrate). */
  seed?: boolean
}

export interface TestEngine {
  name: string
  engine: Engine
  open(options?: OpenTestDatabaseOptions): Promise<TestDatabase>
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [sqliteMemory, sqliteFile]
  const postgresUrl = process.env.PLAZO_TEST_POSTGRES_URL
  if (postgresUrl) engines.push(postgres(postgresUrl))
  return engines
}

async function prepare(db: Database, options: OpenTestDatabaseOptions): Promise<void> {
  if ((options.migrate ?? true) && (options.seed ?? true)) await seedSandbox(db)
}

const sqliteMemory: TestEngine = {
  name: 'sqlite (memory)',
  engine: 'sqlite',
  async open(options = {}) {
    const url = 'sqlite::memory:'
    const db = await openDatabase(url, { migrate: options.migrate ?? true })
    await prepare(db, options)
    return { db, engine: 'sqlite', url, cleanup: () => db.close() }
  },
}

const sqliteFile: TestEngine = {
  name: 'sqlite (file)',
  engine: 'sqlite',
  async open(options = {}) {
    const folder = await mkdtemp(join(tmpdir(), 'plazo-test-'))
    const url = `sqlite:${join(folder, 'data', 'plazo.sqlite')}`
    const db = await openDatabase(url, { migrate: options.migrate ?? true })
    await prepare(db, options)
    return {
      db,
      engine: 'sqlite',
      url,
      async cleanup() {
        await db.close()
        await rm(folder, { recursive: true, force: true })
      },
    }
  },
}

function postgres(baseUrl: string): TestEngine {
  return {
    name: 'postgres',
    engine: 'postgres',
    async open(options = {}) {
      const schema = `plazo_test_${randomBytes(6).toString('hex')}`
      const url = new URL(baseUrl)
      url.searchParams.set('schema', schema)
      const db = await openDatabase(url.toString(), { migrate: options.migrate ?? true })
      await prepare(db, options)
      return {
        db,
        engine: 'postgres',
        url: url.toString(),
        async cleanup() {
          await db.close()
          const client = new pg.Client({ connectionString: baseUrl })
          await client.connect()
          try {
            await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
          } finally {
            await client.end()
          }
        },
      }
    },
  }
}
