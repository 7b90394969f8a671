// SQL is written once with PostgreSQL's numbered placeholders ($1, $2, …). SQLite understands anonymous `?`,
// so for SQLite each `$n` becomes `?` and the parameter list is rebuilt in order of appearance (a placeholder
// used twice binds its value twice). Text inside quotes and comments is left alone.
//
// Both engines check the count the same way, so a query that works on one cannot fail on the other for a
// missing or surplus parameter.

export class PlaceholderError extends Error {
  override readonly name = 'PlaceholderError'
}

interface Scan {
  /** SQL with every `$n` replaced by `?`. */
  anonymous: string
  /** 1-based indexes of the placeholders, in order of appearance. */
  order: number[]
  /** The highest placeholder number: how many parameters the statement takes. */
  highest: number
  /** The first number below `highest` that is never used (a statement with a gap is refused), if any. */
  gap: number | undefined
}

const cache = new Map<string, Scan>()
const CACHE_LIMIT = 500

function scan(sql: string): Scan {
  const cached = cache.get(sql)
  if (cached) return cached
  let anonymous = ''
  const order: number[] = []
  let i = 0
  while (i < sql.length) {
    const char = sql[i] as string
    const next = sql[i + 1]
    if (char === "'" || char === '"') {
      // A quote inside a literal is doubled (''), which this loop reads as two adjacent literals.
      const end = sql.indexOf(char, i + 1)
      const stop = end === -1 ? sql.length : end + 1
      anonymous += sql.slice(i, stop)
      i = stop
    } else if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', i)
      const stop = end === -1 ? sql.length : end
      anonymous += sql.slice(i, stop)
      i = stop
    } else if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2)
      const stop = end === -1 ? sql.length : end + 2
      anonymous += sql.slice(i, stop)
      i = stop
    } else if (char === '$' && next !== undefined && next >= '0' && next <= '9') {
      let j = i + 1
      while (j < sql.length && (sql[j] as string) >= '0' && (sql[j] as string) <= '9') j++
      order.push(Number(sql.slice(i + 1, j)))
      anonymous += '?'
      i = j
    } else {
      anonymous += char
      i++
    }
  }
  const used = new Set(order)
  const highest = order.length === 0 ? 0 : Math.max(...order)
  let gap: number | undefined
  for (let n = 1; n <= highest && gap === undefined; n++) if (!used.has(n)) gap = n
  const result = { anonymous, order, highest, gap }
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(sql, result)
  return result
}

/**
 * Throws unless the statement uses exactly $1…$n for n parameters. Returns the scan (cached per statement text,
 * so a statement run again costs a map lookup).
 */
export function checkPlaceholders(sql: string, paramCount: number): Scan {
  const result = scan(sql)
  const { highest, gap } = result
  if (gap !== undefined) throw new PlaceholderError(`Placeholder $${gap} is never used in: ${sql}`)
  if (highest !== paramCount) {
    throw new PlaceholderError(
      `The statement uses ${highest} parameter(s) but ${paramCount} were given: ${sql}`,
    )
  }
  return result
}
