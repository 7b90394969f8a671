import { createHash } from 'node:crypto'
import { MIGRATIONS } from './migrations/index.ts'
import { DIALECTS, type Migration } from './migrations/migration.ts'
import type { Database } from './types.ts'

export class MigrationError extends Error {
  override readonly name = 'MigrationError'
}

interface AppliedRow {
  version: number
  name: string
  checksum: string
}

/**
 * Brings the schema up to date: applies, in order and in one transaction, every migration not yet recorded in
 * `schema_migrations`. Running it again changes nothing. Returns the versions it applied.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => Date = () => new Date(),
): Promise<number[]> {
  assertOrdered(migrations)
  const dialect = DIALECTS[db.engine]
  return db.transaction(async (tx) => {
    if (db.engine === 'postgres') {
      // Several API nodes may start together: the first migrates, the others wait here and then find nothing
      // left to do. The lock is per schema, so parallel test runs in their own schemas do not queue.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('plazo_migrations:' || current_schema()))")
    }
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      checksum TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`)
    const applied = await tx.query<AppliedRow>(
      'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
    )
    const known = new Map(migrations.map((migration) => [migration.version, migration]))
    for (const row of applied) {
      const migration = known.get(row.version)
      if (!migration) {
        throw new MigrationError(
          `The database has migration ${row.version} (${row.name}), which this version of the code does not know: ` +
            'it was migrated by a newer release.',
        )
      }
      if (checksum(migration.sql(dialect)) !== row.checksum) {
        throw new MigrationError(
          `Migration ${row.version} (${row.name}) was edited after it was applied. ` +
            'Applied migrations are never changed: add a new migration instead.',
        )
      }
    }
    const done = new Set(applied.map((row) => row.version))
    const newlyApplied: number[] = []
    for (const migration of migrations) {
      if (done.has(migration.version)) continue
      const sql = migration.sql(dialect)
      await tx.exec(sql)
      await tx.run(
        'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)',
        [migration.version, migration.name, checksum(sql), now()],
      )
      newlyApplied.push(migration.version)
    }
    return newlyApplied
  })
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1]
    if (previous && migration.version <= previous.version) {
      throw new MigrationError(
        `Migrations must be listed in increasing version order (at ${migration.version})`,
      )
    }
  })
}

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex')
}
