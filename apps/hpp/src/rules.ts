// The customer form's rules, taken from the contract schemas when the app is built (scripts/vite-config.ts),
// so the browser asks for exactly what the API accepts.
declare const __PLAZO_RULES__: {
  phonePattern: string
  documentPattern: string
  countryPattern: string
  emailPattern: string
  ibanPattern: string
  documentTypes: string[]
  genders: string[]
  maritalStatuses: string[]
  maritalRegimes: string[]
  ownershipTypes: string[]
  propertyTypes: string[]
  employmentStatuses: string[]
  employedStatuses: string[]
  netIncomeTypes: string[]
  brand: string
  /** The sentence French law requires beside an offer of credit (the contract's FRENCH_CREDIT_WARNING). */
  creditWarning: string
  /** The `exception` of errors the embedded checkout finds itself (the contract's CLIENT_EXCEPTIONS). */
  clientExceptions: {
    networkError: string
    frameTimeout: string
    sessionExpired: string
    unexpectedResponse: string
    invalidArgument: string
  }
}

export const RULES = __PLAZO_RULES__
