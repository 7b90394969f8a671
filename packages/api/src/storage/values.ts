import { JSON_COLUMNS } from './json-columns.ts'
import type { Row, SqlParam } from './types.ts'

/** A parameter in the form both drivers bind the same way. */
export type BoundValue = string | number | bigint | null | Uint8Array

/**
 * Turns a parameter into what both engines store identically: dates become ISO-8601 UTC text, booleans
 * 1/0 (SQLite has no boolean), objects and arrays JSON text. `undefined` is refused rather than silently
 * stored as NULL, because it is nearly always a misspelt property.
 */
export function bindValue(value: SqlParam | undefined): BoundValue {
  if (value === undefined) throw new TypeError('undefined cannot be stored: pass null for an empty value')
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return value
  }
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('An invalid Date cannot be stored')
    return value.toISOString()
  }
  if (value instanceof Uint8Array) return value
  return JSON.stringify(value)
}

export function bindValues(params: readonly SqlParam[]): BoundValue[] {
  return params.map(bindValue)
}

/** Parses the named JSON columns of a row in place (the caller knows which of its columns hold JSON). */
export function decodeColumns(row: Row, columns: readonly string[]): void {
  for (const key of columns) {
    const value = row[key]
    if (typeof value === 'string') row[key] = JSON.parse(value)
  }
}

/** Parses the JSON columns of a row read from either engine. */
export function decodeRow<T>(row: Row): T {
  for (const key of Object.keys(row)) {
    const value = row[key]
    if (typeof value === 'string' && JSON_COLUMNS.has(key)) row[key] = JSON.parse(value)
  }
  return row as T
}
