// Constraint violations, recognised the same way on both engines, so that domain code can turn an expected
// conflict (a reused idempotency key, a taken username) into an answer without knowing the engine.

function code(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined
}

/** A UNIQUE or PRIMARY KEY constraint refused the write. */
export function isUniqueViolation(error: unknown): boolean {
  const value = code(error)
  return value === '23505' || value === 'SQLITE_CONSTRAINT_UNIQUE' || value === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** A FOREIGN KEY constraint refused the write. */
export function isForeignKeyViolation(error: unknown): boolean {
  const value = code(error)
  return value === '23503' || value === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/** A thrown value as an Error (anything may be thrown). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}

/** Where a failure no request sees goes when nobody asked to be told of it (see OpenDatabaseOptions). */
export function warnOfBackgroundError(error: Error): void {
  process.emitWarning(error.message, { type: 'DatabaseBackgroundError' })
}
