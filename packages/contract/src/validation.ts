import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { Static, TSchema } from 'typebox'
import { normalizeDeprecatedAliases } from './aliases.ts'
import { parseHttpUrl } from './http-url.ts'

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

type Equal = (a: unknown, b: unknown) => boolean

/** Objects that are not what JSON gives (Date, RegExp, class instances) are compared by this, see below. */
let otherObjectsEqual: Equal = (a, b) => a === b

/** An array or a plain object, the only objects JSON gives. */
function isJsonContainer(value: object): boolean {
  const prototype = Object.getPrototypeOf(value)
  return Array.isArray(value) || prototype === Object.prototype || prototype === null
}

/**
 * Deep equality of JSON values (what `uniqueItems`, `enum` and `const` compare). Ajv's own, fast-deep-equal,
 * calls an object's `toString`/`valueOf` when they are not Object.prototype's, so a JSON body with a property
 * named so (`[{}, {"toString": 0}]`) made validation throw, and the API answer 500 instead of 400
 * (ajv-validator/ajv#2624, open in Ajv 8.20). This one compares arrays and plain objects by their own
 * properties only, as JSON has no methods; any other object (a Date in data a program built, say) goes to
 * fast-deep-equal as before.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return Number.isNaN(a) && Number.isNaN(b)
  }
  if (!isJsonContainer(a) || !isJsonContainer(b)) return otherObjectsEqual(a, b)
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => jsonEqual(item, b[i]))
  }
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
}

// Ajv reads its runtime `equal` from that CommonJS module when it compiles a schema: replace it there, before
// anything compiles (every Ajv of the process gets it, fast-json-stringify's included). The module is found
// with Node's require, through process.getBuiltinModule, so that a browser bundle of this file still loads;
// in a browser, validation only sees objects our own forms build.
const nodeModule = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined
const ajvRuntimeEqual = nodeModule?.createRequire(import.meta.url)('ajv/dist/runtime/equal') as
  | { default: Equal & { code?: string } }
  | undefined
if (ajvRuntimeEqual && ajvRuntimeEqual.default !== jsonEqual) {
  otherObjectsEqual = ajvRuntimeEqual.default
  ajvRuntimeEqual.default = Object.assign(jsonEqual, { code: 'require("ajv/dist/runtime/equal").default' })
}

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

/**
 * Our schema annotations: `x-error-message` replaces Ajv's message for a failing oneOf/anyOf/not, and for a
 * failing pattern or format of the string schema that carries it.
 */
export function configureAjv(ajv: Ajv): Ajv {
  addFormats(ajv)
  // Every `uri` of the contract is an http or https URL that Plazo POSTs to or a browser opens: RFC 3986's
  // grammar (ajv-formats) is not enough, the URL must also be usable as Node and browsers read it.
  const rfc3986 = ajv.formats.uri as (value: string) => boolean
  ajv.addFormat('uri', {
    type: 'string',
    validate: (value: string) => rfc3986(value) && !!parseHttpUrl(value),
  })
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
 * oneOf that carries its own `x-error-message`. A field whose `x-error-message` explains several of its
 * failures (a URL neither http(s) nor a URI) gets it once.
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
    } else if (
      (COMBINERS.has(error.keyword) || EXPLAINED_VALUE.has(error.keyword)) &&
      typeof custom === 'string'
    ) {
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
    const key = `${field}|${message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ field, message, keyword: error.keyword })
  }
  return out
}

const COMBINERS = new Set(['oneOf', 'anyOf', 'not'])
/**
 * Failures of a string's form that its schema's `x-error-message` can explain in words (not its length); an
 * enum too long to list in a message (the 249 countries) says what it holds instead.
 */
const EXPLAINED_VALUE = new Set(['pattern', 'format', 'enum'])

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
