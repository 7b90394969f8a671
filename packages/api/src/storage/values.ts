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

/** The JSON columns (json-columns.ts) among a result's column names: the ones decodeColumns parses. */
export function jsonColumnsOf(names: readonly string[]): string[] {
  return names.filter((name) => JSON_COLUMNS.has(name))
}

/** Parses the named JSON columns of a row in place, on either engine (see jsonColumnsOf). */
export function decodeColumns(row: Row, columns: readonly string[]): void {
  for (const key of columns) {
    const value = row[key]
    if (typeof value === 'string') row[key] = JSON.parse(value)
  }
}
