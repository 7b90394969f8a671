import { ERRORS, formatMessage } from '../errors.ts'
import type { SchemaError } from '../validation.ts'

/**
 * A 400 body of the documents' examples, worded as the API words it (api/src/errors.ts `invalidFields`): the
 * first field and its message fill the VALIDATION message, `schema_errors` lists them all, `original_data`
 * echoes what was sent.
 */
export function validationErrorExample(schemaErrors: SchemaError[], originalData: unknown) {
  const first = schemaErrors[0]
  return {
    status: 'ko',
    exception: ERRORS.VALIDATION.exception,
    error: formatMessage(ERRORS.VALIDATION.message, {
      detail: first ? `${first.field} ${first.message}` : 'invalid request',
    }),
    schema_errors: schemaErrors,
    original_data: originalData,
  }
}
