import pg from 'pg'

/** Where the benches find PostgreSQL unless PLAZO_BENCH_POSTGRES_URL says otherwise. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'

/** Why PostgreSQL at `url` cannot be used (its error), or undefined when it answers. */
export async function postgresUnreachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  } finally {
    await client.end().catch(() => undefined)
  }
}
