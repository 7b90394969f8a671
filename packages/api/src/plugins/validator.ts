import { AJV_OPTIONS, configureAjv } from '@plazo/contract'
import { Ajv, type ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { registerBodySchema } from './bounded-body.ts'
import { boundedCopy, containerLimits } from './bounded-copy.ts'
import { useBoundedStringLength } from './string-length.ts'

/**
 * The two Ajv instances of the process, made on first use. Ajv keeps what it compiled by schema object, and the
 * routes' schemas are the contract's constants, so an app built again in the same process (a test's fresh app,
 * the second node of a two-node test) reuses the validators compiled for the first: compiling them was two
 * thirds of the CPU time of building an app (about 0.4 s of 0.6 s).
 */
let shared: { full: Ajv; fast: Ajv } | undefined
function validators(): { full: Ajv; fast: Ajv } {
  shared ??= {
    full: useBoundedStringLength(configureAjv(new Ajv(AJV_OPTIONS))),
    fast: useBoundedStringLength(
      configureAjv(new Ajv({ ...AJV_OPTIONS, allErrors: false, verbose: false, messages: false })),
    ),
  }
  return shared
}

/**
 * Request validation in two passes. Most requests are valid, and they run only a validator compiled to stop at
 * the first error without building error details: a third less code than the full one, which counts on a busy
 * server, where the validator of the create body (hundreds of kilobytes of generated code) no longer sits in
 * the CPU's caches. A request that one rejects is validated again by the full validator of the contract's
 * options (every error, with details) to build `schema_errors`, compiled the first time a body is rejected
 * (not at start-up, where it would double the compile time of every route). Whether a body is valid does not
 * depend on those options, and both apply the same defaults, so the outcome is what one full pass would give
 * (test/plugins/validator.test.ts checks it on randomly broken bodies).
 *
 * The full pass looks for every error, so its cost grows with the body: 300 KB of 100 000 empty cart items
 * were 300 000 errors and 0.7 s of CPU, with every other request waiting. It validates a bounded copy of the
 * body instead (bounded-copy.ts): no array longer than one item past the schema's largest `maxItems`, no object
 * with more keys than one past its largest object schema. The copy fails as the body does (the list too long,
 * the unknown key, are still there), and its errors are bounded whatever the body. Were the copy to pass (a
 * map with typed values, none in the contract today), the fast pass's first error is reported.
 *
 * A list far over its bound is cut before it is even parsed (bounded-body.ts), with the same 400, and a string
 * far over its bound is refused without counting its characters (string-length.ts).
 */
export function twoPassValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const { full, fast } = validators()
  return ({ schema, httpPart }) => {
    const first = fast.compile(schema as object)
    const limits = containerLimits(schema)
    // The body parser cuts a list over this bound before parsing it, when this pass refuses the cut body.
    if (httpPart === 'body' && typeof schema === 'object' && schema !== null)
      registerBodySchema(schema, first, limits)
    let second: ValidateFunction | undefined
    const validate = ((data: unknown) => {
      if (first(data)) {
        validate.errors = null
        return true
      }
      second ??= full.compile(schema as object)
      const valid = second(boundedCopy(data, limits))
      validate.errors = valid ? (first.errors ?? null) : (second.errors ?? null)
      return false
    }) as ValidateFunction
    validate.errors = null
    return validate
  }
}
