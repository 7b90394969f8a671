import type { TSchema } from 'typebox'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Keywords whose values are data, not schemas: never turned into references. */
const DATA_KEYWORDS = new Set(['examples', 'default', 'const', 'enum', 'discriminator', 'required'])

/**
 * Turns TypeBox schemas into OpenAPI 3.1 schema objects. Every sub-schema with a `title` becomes a
 * component (`#/components/schemas/<title>`) referenced by `$ref`, so the documents name the same
 * entities the contract does. Two different schemas with one title are a contract bug and fail the build.
 */
export class ComponentRegistry {
  readonly schemas: Record<string, Json> = {}
  private readonly owners = new Map<string, unknown>()

  /** A reference to the component of a titled schema, or the converted schema when untitled. */
  ref(schema: TSchema): Json {
    return this.convert(schema, false)
  }

  private convert(node: unknown, inline: boolean): Json {
    if (Array.isArray(node)) return node.map((item) => this.convert(item, false))
    if (node === null || typeof node !== 'object') return node as Json
    const record = node as Record<string, unknown>
    const title = record.title
    if (!inline && typeof title === 'string') {
      const owner = this.owners.get(title)
      if (owner === undefined) {
        this.owners.set(title, node)
        this.schemas[title] = {} // reserve the name before recursing (cycles)
        this.schemas[title] = this.convert(node, true)
      } else if (owner !== node && JSON.stringify(owner) !== JSON.stringify(node)) {
        throw new Error(`Two different schemas are titled ${title}`)
      }
      return { $ref: `#/components/schemas/${title}` }
    }
    const out: Record<string, Json> = {}
    for (const [key, value] of Object.entries(record)) {
      if (value === undefined) continue
      if (DATA_KEYWORDS.has(key)) out[key] = structuredClone(value) as Json
      else if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
        out[key] = Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([name, schema]) => [
            name,
            this.convert(schema, false),
          ]),
        )
      } else out[key] = this.convert(value, false)
    }
    return out
  }
}
