export type DatabaseLocation =
  | { engine: 'sqlite'; filename: string }
  | { engine: 'postgres'; url: string; schema: string | undefined }

/**
 * Reads a PLAZO_DATABASE_URL: `sqlite::memory:`, `sqlite:<path>` (relative paths from the working directory;
 * `sqlite:///abs/path` also works), or `postgres://…` / `postgresql://…`, optionally with `?schema=<name>`
 * to work in a schema of its own.
 */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length).replace(/^\/\//, '')
    if (filename === '')
      throw new Error(`The database URL ${url} names no file: use sqlite:<path> or sqlite::memory:`)
    return { engine: 'sqlite', filename }
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const parsed = new URL(url)
    const schema = parsed.searchParams.get('schema') ?? undefined
    parsed.searchParams.delete('schema')
    return { engine: 'postgres', url: parsed.toString(), schema }
  }
  throw new Error(
    `Unsupported database URL ${JSON.stringify(url)}: use sqlite:<path>, sqlite::memory: or postgres://…`,
  )
}
