import { normalizeDeprecatedAliases } from '@plazo/contract/aliases'
import { AJV_OPTIONS, configureAjv, formatSchemaErrors, type SchemaError } from '@plazo/contract/validation'
import { Ajv, type ValidateFunction } from 'ajv'

/**
 * Checks a request body as the API will: the contract's Ajv options and keywords, deprecated aliases renamed
 * first, and the API's own wording of `schema_errors` (formatSchemaErrors), against the body schema of the
 * OpenAPI document the page renders. So what the console says as you type is what a Send would answer.
 */

export type BodyCheck =
  | { kind: 'empty' }
  | { kind: 'not-json'; message: string }
  | { kind: 'valid' }
  | { kind: 'invalid'; errors: SchemaError[] }

const DOCUMENT_ID = 'openapi'

export class BodyChecker {
  private readonly ajv: Ajv
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(document: object) {
    // Not strict: the document carries OpenAPI keywords (discriminator mappings aside, example, xml...)
    // that the API's own schemas, compiled from TypeBox, do not; the messages do not depend on it.
    this.ajv = configureAjv(new Ajv({ ...AJV_OPTIONS, strict: false, validateSchema: false }))
    this.ajv.addSchema(document, DOCUMENT_ID)
  }

  private validator(schemaPointer: string): ValidateFunction {
    let validator = this.validators.get(schemaPointer)
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${schemaPointer}` })
      this.validators.set(schemaPointer, validator)
    }
    return validator
  }

  check(schemaPointer: string, text: string): BodyCheck {
    if (text.trim() === '') return { kind: 'empty' }
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      return { kind: 'not-json', message: (error as Error).message }
    }
    normalizeDeprecatedAliases(value)
    const validate = this.validator(schemaPointer)
    if (validate(value)) return { kind: 'valid' }
    return { kind: 'invalid', errors: formatSchemaErrors(validate.errors) }
  }
}
