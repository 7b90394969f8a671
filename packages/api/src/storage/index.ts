import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseDatabaseUrl } from './database-url.ts'
import { migrate } from './migrate.ts'
import { PostgresDatabase } from './postgres-database.ts'
import { SqliteDatabase } from './sqlite-database.ts'
import type { Database } from './types.ts'

export interface OpenDatabaseOptions {
  /** PostgreSQL only: work in this schema (created when missing). Overrides `?schema=` in the URL. */
  schema?: string
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean
  /**
   * Told of a failure that no request sees, for logging: on PostgreSQL an idle pooled connection that fails
   * (the pool replaces it), on SQLite a background WAL checkpoint that fails or a checkpointer that stops (the
   * WAL then grows until a checkpoint succeeds). Default: a process warning.
   */
  onBackgroundError?: (error: Error) => void
  /**
   * Refuse, with a TransactionMisuseError, a call to the database made from inside one of its transactions
   * (default true). The check costs every request a little (see TransactionScope); the server turns it off.
   */
  checkTransactionScope?: boolean
}

/**
 * Opens the database a PLAZO_DATABASE_URL names and brings its schema up to date. For a SQLite file, the
 * folder is created when missing, so the default `sqlite:./data/plazo.sqlite` works on a fresh checkout.
 */
export async function openDatabase(url: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  const location = parseDatabaseUrl(url)
  let db: Database
  if (location.engine === 'sqlite') {
    if (location.filename !== ':memory:') mkdirSync(dirname(resolve(location.filename)), { recursive: true })
    db = new SqliteDatabase(location.filename, {
      checkTransactionScope: options.checkTransactionScope ?? true,
      ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
    })
  } else {
    const schema = options.schema ?? location.schema
    db = await PostgresDatabase.open(location.url, {
      ...(schema === undefined ? {} : { schema }),
      ...(options.onBackgroundError ? { onConnectionError: options.onBackgroundError } : {}),
      checkTransactionScope: options.checkTransactionScope ?? true,
    })
  }
  if (options.migrate ?? true) {
    try {
      await migrate(db)
    } catch (error) {
      await db.close()
      throw error
    }
  }
  return db
}

export { parseDatabaseUrl } from './database-url.ts'
export { isForeignKeyViolation, isUniqueViolation } from './errors.ts'
export { MigrationError, migrate } from './migrate.ts'
export type { Dialect, Migration } from './migrations/index.ts'
export { MIGRATIONS } from './migrations/index.ts'
export { PlaceholderError } from './placeholders.ts'
export { PostgresDatabase } from './postgres-database.ts'
export { SqliteDatabase } from './sqlite-database.ts'
export { TransactionMisuseError } from './transaction-scope.ts'
export type {
  Database,
  Engine,
  LockOptions,
  Queryable,
  Row,
  RunResult,
  SqlParam,
  Transaction,
} from './types.ts'
