import { createHash } from 'node:crypto'
import pg from 'pg'
import { asError, warnOfBackgroundError } from './errors.ts'
import { Listener } from './listener.ts'
import { checkPlaceholders } from './placeholders.ts'
import { oneWriteAtMost } from './single-write.ts'
import { TransactionScope, TransactionState } from './transaction-scope.ts'
import type { Database, LockOptions, Queryable, Row, RunResult, SqlParam, Transaction } from './types.ts'
import { type BoundValue, bindValues, decodeColumns, jsonColumnsOf } from './values.ts'

const BOOL_OID = 16
const INT8_OID = 20
const NUMERIC_OID = 1700

// Both engines must return the same JSON for the same query. SQLite has no boolean and returns integers as
// numbers; PostgreSQL returns booleans (from comparisons, EXISTS) as true/false and sends BIGINT (COUNT(*)
// and SUM included) and NUMERIC as text to keep precision. Our values fit in a double, so read all as numbers.
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === BOOL_OID) return (value: string) => (value === 't' ? 1 : 0)
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format ?? 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,45}$/

/**
 * The PostgreSQL channel behind a channel name: the name itself in the default schema; in a named schema, the
 * name and a digest of the schema. A NOTIFY reaches every session of the database, and schemas are how several
 * sandboxes and test runs share one database: each must hear only its own. The digest (16 hex digits) keeps the
 * channel a plain identifier within PostgreSQL's 63 bytes whatever the schema's length, where a longer one would
 * be cut short by LISTEN and no longer match what pg_notify sends.
 */
export function scopedChannel(channel: string, schema: string | undefined): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name ${JSON.stringify(channel)}`)
  if (schema === undefined) return channel
  let digest = schemaDigests.get(schema)
  if (digest === undefined) {
    digest = createHash('sha256').update(schema).digest('hex').slice(0, 16)
    schemaDigests.set(schema, digest)
  }
  return `${channel}_${digest}`
}

/** Each schema's digest, computed once: every commit that writes events notifies (see outbox.ts). */
const schemaDigests = new Map<string, string>()

export interface PostgresOptions {
  /**
   * The schema to create (when missing) and work in, through the connection's search_path. Lets test runs
   * and several sandboxes share one database without ever seeing each other's rows.
   */
  schema?: string
  /** Connections kept by the pool (default 10). */
  maxConnections?: number
  /** Told when an idle pooled connection fails (e.g. the server restarted); the pool replaces it. */
  onConnectionError?: (error: Error) => void
  /** Refuse database calls made inside a transaction (default true; see TransactionScope). */
  checkTransactionScope?: boolean
}

/**
 * PostgreSQL through a pg Pool. Statements outside a transaction take any pooled connection; a transaction
 * holds one connection from BEGIN to COMMIT/ROLLBACK. Isolation is READ COMMITTED: code that reads a row to
 * decide a write must read it with `oneForUpdate`, so a concurrent transaction waits and then sees the result.
 */
export class PostgresDatabase implements Database {
  readonly engine = 'postgres'
  readonly description: string
  readonly schema: string | undefined
  readonly #pool: pg.Pool
  readonly #scope: TransactionScope
  /** A connection outside the pool (LISTEN holds one for good), set up as the pool's are. */
  readonly #connect: () => pg.Client
  readonly #onConnectionError: (error: Error) => void

  private constructor(
    pool: pg.Pool,
    description: string,
    schema: string | undefined,
    checkTransactionScope: boolean,
    connect: () => pg.Client,
    onConnectionError: (error: Error) => void,
  ) {
    this.#connect = connect
    this.#onConnectionError = onConnectionError
    this.#scope = new TransactionScope(checkTransactionScope)
    this.#pool = pool
    this.description = description
    this.schema = schema
  }

  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresDatabase> {
    const schema = options.schema
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
      throw new Error(
        `Invalid PostgreSQL schema name ${JSON.stringify(schema)}: use lowercase letters, digits, _`,
      )
    }
    const settings = {
      connectionString: url,
      types,
      ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
    }
    const pool = new pg.Pool({ ...settings, max: options.maxConnections ?? 10 })
    // An idle client that loses its connection emits 'error', which would crash the process unheard.
    const onConnectionError = options.onConnectionError ?? warnOfBackgroundError
    pool.on('error', onConnectionError)
    const database = new PostgresDatabase(
      pool,
      describe(url, schema),
      schema,
      options.checkTransactionScope ?? true,
      () => new pg.Client(settings),
      onConnectionError,
    )
    try {
      if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
      else await pool.query('SELECT 1')
    } catch (error) {
      await pool.end()
      throw error
    }
    return database
  }

  async query<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    this.#scope.assertOutside()
    return rows<T>(await this.#pool.query(statement(sql, params)))
  }

  async one<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0]
  }

  async run(sql: string, params: readonly SqlParam[] = []): Promise<RunResult> {
    this.#scope.assertOutside()
    const result = await this.#pool.query(statement(sql, params))
    return { changes: result.rowCount ?? 0 }
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    this.#scope.assertOutside()
    const client = await this.#pool.connect()
    let broken: Error | undefined
    try {
      await client.query('BEGIN')
      const state = new TransactionState()
      try {
        const result = await this.#scope.run(state, () =>
          fn(new PostgresTransaction(client, state, this.schema)),
        )
        await client.query('COMMIT')
        state.runCommitted()
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
        } catch (rollbackError) {
          // The connection is in an unknown state: do not hand it to the next request.
          broken = asError(rollbackError)
        }
        throw error
      } finally {
        state.active = false
      }
    } finally {
      client.release(broken)
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = new Listener(
      this.#connect,
      scopedChannel(channel, this.schema),
      onNotify,
      this.#onConnectionError,
    )
    // A first connection that fails is reported (onConnectionError) and tried again; the caller can still stop it.
    await listener.start().catch(() => undefined)
    return () => listener.stop()
  }

  singleWrite<T>(fn: (db: Queryable) => Promise<T>): Promise<T> {
    this.#scope.assertOutside()
    return fn(oneWriteAtMost(this))
  }

  async close(): Promise<void> {
    if (!this.#pool.ended && !this.#pool.ending) await this.#pool.end()
  }
}

class PostgresTransaction implements Transaction {
  readonly engine = 'postgres'
  readonly #client: pg.PoolClient
  readonly #state: TransactionState
  readonly #schema: string | undefined

  constructor(client: pg.PoolClient, state: TransactionState, schema: string | undefined) {
    this.#client = client
    this.#state = state
    this.#schema = schema
  }

  async query<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> {
    this.#state.assertActive()
    return rows<T>(await this.#client.query(statement(sql, params)))
  }

  async one<T extends object = Row>(sql: string, params: readonly SqlParam[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0]
  }

  async run(sql: string, params: readonly SqlParam[] = []): Promise<RunResult> {
    this.#state.assertActive()
    const result = await this.#client.query(statement(sql, params))
    return { changes: result.rowCount ?? 0 }
  }

  queryForUpdate<T extends object = Row>(
    sql: string,
    params: readonly SqlParam[] = [],
    options: LockOptions = {},
  ): Promise<T[]> {
    return this.query<T>(`${sql} FOR UPDATE${options.skipLocked ? ' SKIP LOCKED' : ''}`, params)
  }

  async oneForUpdate<T extends object = Row>(
    sql: string,
    params: readonly SqlParam[] = [],
    options: LockOptions = {},
  ): Promise<T | undefined> {
    return (await this.queryForUpdate<T>(sql, params, options))[0]
  }

  async exec(sql: string): Promise<void> {
    this.#state.assertActive()
    // Without parameters pg uses the simple query protocol, which accepts several statements.
    await this.#client.query(sql)
  }

  afterCommit(callback: () => void): void {
    this.#state.assertActive()
    this.#state.committed.push(callback)
  }

  async notify(channel: string): Promise<void> {
    await this.query("SELECT pg_notify($1, '')", [scopedChannel(channel, this.#schema)])
  }
}

/** At most this many statements are kept prepared (per SQL text) on each pooled connection. */
const PREPARED_LIMIT = 500
const statementNames = new Map<string, string>()

/**
 * The statement as pg runs it: named, so that each pooled connection parses and plans a given SQL text once and
 * then only binds and executes it (pg keeps the prepared statement per connection). SQL texts are constant in
 * this code base (values are always parameters); past PREPARED_LIMIT distinct texts, new ones run unnamed.
 */
function statement(sql: string, params: readonly SqlParam[]): pg.QueryConfig {
  const values = toPgValues(sql, params)
  let name = statementNames.get(sql)
  if (name === undefined && statementNames.size < PREPARED_LIMIT) {
    name = `plazo_${statementNames.size + 1}`
    statementNames.set(sql, name)
  }
  return name === undefined ? { text: sql, values } : { name, text: sql, values }
}

function toPgValues(sql: string, params: readonly SqlParam[]): unknown[] {
  checkPlaceholders(sql, params.length)
  return bindValues(params).map(toPgValue)
}

function toPgValue(value: BoundValue): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  }
  return value
}

function rows<T>(result: pg.QueryResult): T[] {
  const json = jsonColumnsOf(result.fields.map((field) => field.name))
  if (json.length > 0) for (const row of result.rows as Row[]) decodeColumns(row, json)
  return result.rows as T[]
}

function describe(url: string, schema: string | undefined): string {
  const parsed = new URL(url)
  parsed.password = ''
  return `${parsed.toString()}${schema === undefined ? '' : ` (schema ${schema})`}`
}
