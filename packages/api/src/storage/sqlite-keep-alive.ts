/**
 * better-sqlite3 12 compiled against the headers of Node 24.19 and later aborts the whole process when one of
 * its objects (a Statement, a Database) is garbage-collected at a moment Node has no environment at hand
 * ("Assertion failed: (env) != nullptr" in ~ObjectWrap, nodejs/node#65446): a sandbox on Node 24.21 died that
 * way between two requests. better-sqlite3 13 fixes it but no longer runs on Node 20. So no such object is ever
 * let go: a connection that drops one (closed, or its statement cache full) hands it here, where it stays,
 * finalized or closed, for the life of the process. A few hundred bytes each; statements are prepared once per
 * SQL text, so their number is bounded by the code.
 */
const kept: unknown[] = []

export function keepAlive(...objects: unknown[]): void {
  for (const object of objects) kept.push(object)
}
