import { describe, expect, it } from 'vitest'
import { checkPlaceholders } from '../../src/storage/placeholders.ts'

/** The SQL SQLite runs and the values it binds, in order (what SqliteDatabase does with the scan). */
function toSqlite<T>(sql: string, params: readonly T[]): { sql: string; params: T[] } {
  const { anonymous, order } = checkPlaceholders(sql, params.length)
  return { sql: anonymous, params: order.map((n) => params[n - 1] as T) }
}

describe('placeholders rewritten for SQLite', () => {
  it('rewrites $n to ? and orders the values as they appear', () => {
    expect(toSqlite('SELECT * FROM t WHERE b = $2 AND a = $1 OR c = $2', ['a', 'b'])).toEqual({
      sql: 'SELECT * FROM t WHERE b = ? AND a = ? OR c = ?',
      params: ['b', 'a', 'b'],
    })
  })

  it('handles ten or more parameters', () => {
    const params = Array.from({ length: 11 }, (_, index) => index + 1)
    const sql = `VALUES (${params.map((n) => `$${n}`).join(', ')})`
    expect(toSqlite(sql, params).params).toEqual(params)
    const reversed = `VALUES (${params.map((n) => `$${12 - n}`).join(', ')})`
    expect(toSqlite(reversed, params).params).toEqual([...params].reverse())
  })

  it('leaves quoted text, identifiers and comments untouched', () => {
    const sql = `SELECT 'it''s $1', "col$1" -- $9 in a comment
      /* $8 */ FROM t WHERE a = $1`
    expect(toSqlite(sql, ['x'])).toEqual({
      sql: `SELECT 'it''s $1', "col$1" -- $9 in a comment
      /* $8 */ FROM t WHERE a = ?`,
      params: ['x'],
    })
  })
})

describe('checkPlaceholders', () => {
  it('accepts a statement without parameters', () => {
    expect(() => checkPlaceholders('SELECT 1', [].length)).not.toThrow()
  })

  it('refuses missing, surplus and skipped parameters', () => {
    expect(() => checkPlaceholders('SELECT $1, $2', 1)).toThrow('uses 2 parameter(s) but 1 were given')
    expect(() => checkPlaceholders('SELECT $1', 2)).toThrow('uses 1 parameter(s) but 2 were given')
    expect(() => checkPlaceholders('SELECT $1, $3', 3)).toThrow('Placeholder $2 is never used')
  })
})
