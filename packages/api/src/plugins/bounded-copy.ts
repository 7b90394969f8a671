/** How long an array and how many keys an object of a body can have and still matter to a schema's errors. */
export interface ContainerLimits {
  items: number
  keys: number
}

/**
 * One past the largest `maxItems` of a schema (a longer array is invalid, and one item past its bound shows it),
 * and one past the most properties an object schema of it declares (an object with more keys has an unknown
 * one). A schema without either has the smallest limits that keep an array and an object invalid for it.
 */
export function containerLimits(schema: unknown): ContainerLimits {
  const limits = { items: 1, keys: 1 }
  const seen = new Set<unknown>()
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return
    seen.add(node)
    const record = node as Record<string, unknown>
    if (typeof record.maxItems === 'number') limits.items = Math.max(limits.items, record.maxItems + 1)
    if (typeof record.properties === 'object' && record.properties !== null) {
      limits.keys = Math.max(limits.keys, Object.keys(record.properties).length + 1)
    }
    for (const value of Object.values(record)) walk(value)
  }
  walk(schema)
  return limits
}

/**
 * A copy of a JSON value with every array cut to `limits.items` and every object to its first `limits.keys`
 * keys: what the full validator reads of a rejected body, so that its errors are bounded by the schema, not
 * by the body. Values within the limits (every valid body) are copied whole. Recursion is bounded by the
 * body parser's depth limit (json-body.ts).
 */
export function boundedCopy(value: unknown, limits: ContainerLimits): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const length = Math.min(value.length, limits.items)
    const out = new Array(length)
    for (let i = 0; i < length; i++) out[i] = boundedCopy(value[i], limits)
    return out
  }
  const out: Record<string, unknown> = {}
  let count = 0
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    if (++count > limits.keys) break
    // defineProperty: a JSON key named `__proto__` stays a key, as in the body.
    Object.defineProperty(out, key, {
      value: boundedCopy((value as Record<string, unknown>)[key], limits),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}
