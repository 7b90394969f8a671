import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { Static, TSchema } from 'typebox'
import { normalizeDeprecatedAliases } from './aliases.ts'

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

/** The Ajv options the API uses; tests and tools use the same so they agree with the server. */
export const AJV_OPTIONS = {
  allErrors: true,
  discriminator: true,
  coerceTypes: false,
  useDefaults: true,
  removeAdditional: false,
  strict: true,
  strictRequired: false,
  strictTypes: false,
  verbose: true,
} as const

/** Our schema annotations: `x-error-message` replaces Ajv's message for a failing oneOf/not. */
export function configureAjv(ajv: Ajv): Ajv {
  addFormats(ajv)
  ajv.addKeyword({ keyword: 'x-error-message', schemaType: 'string' })
  return ajv
}

export function createAjv(): Ajv {
  return configureAjv(new Ajv(AJV_OPTIONS))
}

export interface SchemaError {
  field: string
  message: string
  keyword: string
}

function pointer(base: string, property?: string): string {
  const path = property === undefined ? base : `${base}/${property}`
  return path === '' ? '/' : path
}

/**
 * Turn Ajv errors into `schema_errors`: one entry per invalid field, naming it as a JSON pointer.
 * Errors that only repeat a nested failure are dropped: `if` markers, and the per-branch errors of a
 * oneOf that carries its own `x-error-message`.
 */
export function formatSchemaErrors(
  errors: readonly ErrorObject[] | null | undefined,
  root = '',
): SchemaError[] {
  const list = errors ?? []
  const explained = list
    .filter((e) => COMBINERS.has(e.keyword) && typeof customMessage(e) === 'string')
    .map((e) => `${e.schemaPath}/`)
  const out: SchemaError[] = []
  const seen = new Set<string>()
  for (const error of list) {
    if (error.keyword === 'if') continue
    if (explained.some((prefix) => error.schemaPath.startsWith(prefix))) continue
    const base = root + error.instancePath
    let field = pointer(base)
    let message = error.message ?? 'is invalid'
    const custom = customMessage(error)
    if (error.keyword === 'required') {
      field = pointer(base, String(error.params.missingProperty))
      message = 'is required'
    } else if (error.keyword === 'additionalProperties') {
      field = pointer(base, String(error.params.additionalProperty))
      message = 'is not a known field'
    } else if (COMBINERS.has(error.keyword) && typeof custom === 'string') {
      message = custom
    } else if (error.keyword === 'discriminator') {
      const tag = String(error.params.tag)
      field = pointer(base, tag)
      const branches = (
        (
          error.parentSchema as {
            oneOf?: Array<{ properties?: Record<string, { const?: unknown; enum?: unknown[] }> }>
          }
        )?.oneOf ?? []
      ).flatMap((branch) => {
        const property = branch.properties?.[tag]
        return property?.const !== undefined ? [property.const] : (property?.enum ?? [])
      })
      message =
        error.params.tagValue === undefined
          ? 'is required'
          : `must be one of: ${branches.map(String).join(', ')}`
    } else if (error.keyword === 'enum') {
      message = `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`
    }
    const key = `${field}|${error.keyword}|${message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ field, message, keyword: error.keyword })
  }
  return out
}

const COMBINERS = new Set(['oneOf', 'anyOf', 'not'])

function customMessage(error: ErrorObject): unknown {
  return (error.parentSchema as Record<string, unknown> | undefined)?.['x-error-message']
}

const sharedAjv = createAjv()
const cache = new WeakMap<TSchema, ValidateFunction>()

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: SchemaError[] }

/**
 * Validate a request body as the API does: deprecated aliases renamed first, defaults applied, then the
 * schema. The input is deep-copied; the returned value is the normalised copy.
 */
export function validate<S extends TSchema>(schema: S, input: unknown): ValidationResult<Static<S>> {
  let validator = cache.get(schema)
  if (!validator) {
    validator = sharedAjv.compile(schema)
    cache.set(schema, validator)
  }
  const value: unknown = input === undefined ? undefined : structuredClone(input)
  normalizeDeprecatedAliases(value)
  if (validator(value)) return { ok: true, value: value as Static<S> }
  return { ok: false, errors: formatSchemaErrors(validator.errors) }
}
