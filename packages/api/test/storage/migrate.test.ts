import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, type Migration, MigrationError, migrate } from '../../src/storage/index.ts'
import { type TestDatabase, testEngines } from '../helpers/engines.ts'

const TABLES = [
  'access_tokens',
  'agents',
  'checkout_sessions',
  'event_attempts',
  'event_redeliveries',
  'events',
  'idempotency_keys',
  'integration_checks',
  'jobs',
  'login_attempts',
  'merchants',
  'outbox_messages',
  'request_log_batches',
  'request_log_bodies',
  'sandbox_clocks',
  'schema_migrations',
  'signup_attempts',
  'users',
  'webhook_certificates',
]

/** Versions and names of the shipped migrations; tests append theirs after the last. */
const VERSIONS = MIGRATIONS.map((m) => m.version)
const NEXT = Math.max(...VERSIONS) + 1

describe.each(testEngines())('migrations on $name', (engine) => {
  let t: TestDatabase
  beforeEach(async () => {
    t = await engine.open({ migrate: false })
  })
  afterEach(() => t.cleanup())

  const tables = async (): Promise<string[]> => {
    const rows =
      t.db.engine === 'sqlite'
        ? await t.db.query<{ name: string }>(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
          )
        : await t.db.query<{ name: string }>(
            'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
          )
    return rows.map((row) => row.name)
  }

  it('creates every table and records the migration', async () => {
    expect(await tables()).toEqual([])
    expect(await migrate(t.db)).toEqual(VERSIONS)
    expect(await tables()).toEqual(TABLES)
    const recorded = await t.db.query('SELECT version, name FROM schema_migrations')
    expect(recorded).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })))
  })

  it.runIf(engine.engine === 'postgres')(
    'gives every text column byte-order collation, whatever the database locale',
    async () => {
      await migrate(t.db)
      // The database here may well be C.UTF-8 already; a deployment's en_US database would sort differently.
      const columns = await t.db.query(
        `SELECT table_name, column_name, collation_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND data_type = 'text' AND table_name <> 'schema_migrations'
           AND collation_name IS DISTINCT FROM 'C'`,
      )
      expect(columns).toEqual([])
    },
  )

  it('is idempotent: a second run applies nothing and changes nothing', async () => {
    await migrate(t.db)
    expect(await migrate(t.db)).toEqual([])
    expect(await tables()).toEqual(TABLES)
    expect(await t.db.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(
      VERSIONS.map((version) => ({ version })),
    )
  })

  it('survives concurrent runs', async () => {
    const runs = await Promise.all([migrate(t.db), migrate(t.db), migrate(t.db)])
    expect(runs.flat()).toEqual(VERSIONS)
  })

  it('applies new migrations in order, on top of the recorded ones', async () => {
    await migrate(t.db)
    const later: Migration[] = [
      {
        version: NEXT,
        name: 'notes',
        sql: () => 'CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL);',
      },
      { version: NEXT + 1, name: 'notes_index', sql: () => 'CREATE INDEX notes_body_idx ON notes (body);' },
    ]
    expect(await migrate(t.db, [...MIGRATIONS, ...later])).toEqual([NEXT, NEXT + 1])
    expect(await tables()).toContain('notes')
  })

  it('rolls back every statement of a failing run', async () => {
    const broken: Migration = {
      version: NEXT,
      name: 'broken',
      sql: () =>
        'CREATE TABLE half_done (id TEXT PRIMARY KEY); CREATE TABLE oops (id NOT_A_TYPE_OR_SYNTAX (;',
    }
    await expect(migrate(t.db, [...MIGRATIONS, broken])).rejects.toThrow()
    expect(await tables()).toEqual([])
  })

  it('stops when an applied migration was edited', async () => {
    await migrate(t.db)
    const edited: Migration[] = [
      { ...(MIGRATIONS[0] as Migration), sql: () => 'CREATE TABLE other (id TEXT);' },
    ]
    await expect(migrate(t.db, edited)).rejects.toThrow(MigrationError)
    await expect(migrate(t.db, edited)).rejects.toThrow('Migration 1 (init) was edited after it was applied')
  })

  it('stops when the database was migrated by a newer release', async () => {
    const newer: Migration = { version: NEXT, name: 'future', sql: () => 'CREATE TABLE future (id TEXT);' }
    await migrate(t.db, [...MIGRATIONS, newer])
    await expect(migrate(t.db)).rejects.toThrow(`The database has migration ${NEXT} (future)`)
  })

  it('refuses a migration list out of order', async () => {
    const unordered = [MIGRATIONS[0] as Migration, { version: 1, name: 'again', sql: () => '' }]
    await expect(migrate(t.db, unordered)).rejects.toThrow('increasing version order')
  })
})
