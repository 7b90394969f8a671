/**
 * A body with a list over its bound is refused before its elements are parsed or validated, and before its bytes
 * are even decoded into a string. The body parser (json-body.ts) scans the raw bytes once, as it must anyway for its depth limit, and counts the elements of
 * every array. An array longer than its route's container limit (one past the largest `maxItems` of the body
 * schema, bounded-copy.ts) is cut to that many elements in the text, and the cut text is parsed instead of the
 * whole: 300 KB of 100 000 empty cart items become 501, a fraction of a millisecond to parse and validate,
 * where the whole was 100 000 objects to build, collect and walk.
 *
 * The cut value is used only when the route's validator rejects it (the array is over a `maxItems`, which is
 * every array of the contract); otherwise the whole text is parsed as before, so no handler ever sees a cut
 * body. The 400 is the one the whole body gets: the validator's second pass reads a bounded copy of the body
 * (arrays cut to the same limit, bounded-copy.ts), which is the same for the whole and the cut value, and
 * `original_data` echoes the raw text, kept whole.
 */
import type { ValidateFunction } from 'ajv'
import type { ContainerLimits } from './bounded-copy.ts'

export interface JsonScan {
  /** Arrays and objects nest deeper than the depth limit. */
  tooDeep: boolean
  /** [start, end) ranges of the text to leave out: the tails of the arrays over the item limit. */
  cuts: number[]
  /** Object keys written in the text (strings followed by a colon), duplicates included. */
  keys: number
}

/**
 * One pass over the UTF-8 bytes of a JSON text (valid or not): whether it nests deeper than `maxDepth`, and
 * where each array with more than `keepItems` elements goes past that many (from the comma after its last kept
 * element to its `]`, as byte offsets). Arrays inside a cut are not counted: they are left out with it. Every
 * byte of a multi-byte UTF-8 character is 0x80 or more, so none is taken for a quote, bracket or comma.
 */
export function scanJson(text: Buffer, maxDepth: number, keepItems: number): JsonScan {
  const cuts: number[] = []
  // Per depth: the commas seen in an array, or -1 for an object.
  const commas = new Int32Array(maxDepth + 2)
  let depth = 0
  let cutDepth = 0
  let cutStart = 0
  let keys = 0
  const length = text.length
  for (let i = 0; i < length; i++) {
    const c = text[i] as number
    if (c === 0x22) {
      // A string: on to its closing quote, one not escaped (an odd run of backslashes before it escapes it).
      let end = text.indexOf(0x22, i + 1)
      while (end !== -1) {
        let slashes = 0
        while (text[end - 1 - slashes] === 0x5c) slashes++
        if ((slashes & 1) === 0) break
        end = text.indexOf(0x22, end + 1)
      }
      if (end === -1) break
      i = end
      // A key is a string followed by a colon, whitespace aside.
      let next = i + 1
      while (
        next < length &&
        (text[next] === 0x20 || text[next] === 0x0a || text[next] === 0x0d || text[next] === 0x09)
      )
        next++
      if (text[next] === 0x3a) keys++
    } else if (c === 0x2c) {
      if (cutDepth === 0 && depth > 0 && commas[depth] !== -1 && ++(commas[depth] as number) === keepItems) {
        cutDepth = depth
        cutStart = i
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return { tooDeep: true, cuts, keys }
      commas[depth] = c === 0x5b ? 0 : -1
    } else if (c === 0x5d || c === 0x7d) {
      if (cutDepth !== 0 && cutDepth === depth) {
        cuts.push(cutStart, i)
        cutDepth = 0
      }
      if (depth > 0) depth--
    }
  }
  return { tooDeep: false, cuts, keys }
}

/** The text without the cut ranges, decoded. */
export function cutText(text: Buffer, cuts: readonly number[]): string {
  const parts: Buffer[] = []
  let from = 0
  for (let i = 0; i < cuts.length; i += 2) {
    parts.push(text.subarray(from, cuts[i]))
    from = cuts[i + 1] as number
  }
  parts.push(text.subarray(from))
  return Buffer.concat(parts).toString('utf8')
}

interface BodyCheck {
  limits: ContainerLimits
  /** The route's first (fast) validation pass. */
  rejects: (value: unknown) => boolean
}

/** The body schemas the validator compiled (validator.ts), with what the parser needs of them. */
const checks = new WeakMap<object, BodyCheck>()

export function registerBodySchema(schema: object, fast: ValidateFunction, limits: ContainerLimits): void {
  checks.set(schema, { limits, rejects: (value) => !fast(value) })
}

/** The item limit of a route's body schema, or undefined when its validator was not compiled here. */
export function itemLimitOf(schema: unknown): number | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  return checks.get(schema)?.limits.items
}

/**
 * The body as the validator should see it when the scan cut some array: the cut text parsed, if the route's
 * validator rejects it; undefined when the whole text must be parsed instead (it is not JSON once cut, or the
 * cut value would pass).
 */
export function boundedBody(schema: unknown, text: Buffer, cuts: readonly number[]): unknown {
  const check = typeof schema === 'object' && schema !== null ? checks.get(schema) : undefined
  if (!check || cuts.length === 0) return undefined
  let value: unknown
  try {
    value = JSON.parse(cutText(text, cuts))
  } catch {
    return undefined
  }
  // Validation applies defaults in place: the rejected value goes to the validator again, which fails the same.
  return check.rejects(value) ? value : undefined
}
