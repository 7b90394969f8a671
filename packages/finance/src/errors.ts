/** Machine-readable codes of the errors this package throws. */
export type FinanceErrorCode = 'FINANCE_INVALID_INPUT' | 'FINANCE_APR_NOT_SOLVABLE'

/**
 * Base class of every error thrown by `@plazo/finance`. Callers branch on `code` (or on the subclass),
 * never on the message, which is meant for developers and logs.
 */
export class FinanceError extends Error {
  readonly code: FinanceErrorCode

  constructor(code: FinanceErrorCode, message: string) {
    super(message)
    this.name = 'FinanceError'
    this.code = code
  }
}

/**
 * An input is out of its domain (e.g. `periods` not a positive integer, a ratio outside 0..1).
 * `field` names the offending input with the spelling of the options object (`options.annual_interest`),
 * so an API can map it to a 400 `schema_errors` entry.
 */
export class FinanceInputError extends FinanceError {
  readonly field: string

  constructor(field: string, message: string) {
    super('FINANCE_INVALID_INPUT', `${field}: ${message}`)
    this.name = 'FinanceInputError'
    this.field = field
  }
}

/** The Annex I equation has no root for the given cash flows (e.g. repayments never change sign against drawdowns). */
export class AprNotSolvableError extends FinanceError {
  constructor(message: string) {
    super('FINANCE_APR_NOT_SOLVABLE', message)
    this.name = 'AprNotSolvableError'
  }
}
