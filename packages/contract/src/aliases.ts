/**
 * Deprecated spellings found in some embedded examples of the spec (`birt_date`, `employment_sattus`).
 * They are accepted on input and renamed to the correct key before validation; they are never emitted.
 * When both spellings are sent, the correct key wins and the misspelled one is dropped.
 */
export const DEPRECATED_ALIASES: ReadonlyArray<{ path: readonly string[]; alias: string; key: string }> = [
  { path: ['customer', 'document_details'], alias: 'birt_date', key: 'birth_date' },
  { path: ['customer', 'professional_details'], alias: 'employment_sattus', key: 'employment_status' },
]

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Renames deprecated keys in place and returns the names of the aliases that were used. */
export function normalizeDeprecatedAliases(body: unknown): string[] {
  const used: string[] = []
  for (const { path, alias, key } of DEPRECATED_ALIASES) {
    let node: unknown = body
    for (const segment of path) node = isRecord(node) ? node[segment] : undefined
    if (!isRecord(node) || !(alias in node)) continue
    if (!(key in node)) node[key] = node[alias]
    delete node[alias]
    used.push(alias)
  }
  return used
}
