import { AJV_OPTIONS, configureAjv } from '@plazo/contract'
import { Ajv, type ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'

/**
 * Request validation in two passes. Most requests are valid, and they run only a validator compiled to stop at
 * the first error without building error details: a third less code than the full one, which counts on a busy
 * server, where the validator of the create body (hundreds of kilobytes of generated code) no longer sits in
 * the CPU's caches. A request that one rejects is validated again by the full validator of the contract's
 * options (every error, with details) to build `schema_errors`, compiled the first time a body is rejected
 * (not at start-up, where it would double the compile time of every route). Whether a body is valid does not
 * depend on those options, and both apply the same defaults, so the outcome is what one full pass would give
 * (test/plugins/validator.test.ts checks it on randomly broken bodies).
 */
export function twoPassValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const full = configureAjv(new Ajv(AJV_OPTIONS))
  const fast = configureAjv(new Ajv({ ...AJV_OPTIONS, allErrors: false, verbose: false, messages: false }))
  return ({ schema }) => {
    const first = fast.compile(schema as object)
    let second: ValidateFunction | undefined
    const validate = ((data: unknown) => {
      if (first(data)) {
        validate.errors = null
        return true
      }
      second ??= full.compile(schema as object)
      const valid = second(data)
      validate.errors = second.errors ?? null
      return valid
    }) as ValidateFunction
    validate.errors = null
    return validate
  }
}
