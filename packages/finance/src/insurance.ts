import { roundHalfUp } from './rounding.ts'

/**
 * An insurance product a loan can be sold with, as a commercial agreement names it (`insurance.value` of the
 * payment method options), and how its premium is priced. Premiums are in cents of the amount of credit.
 */
export interface InsuranceProduct {
  /** The name a session's `options.insurance.value` gives. */
  value: string
  /** How the docs and the hosted page call it. */
  name: { en: string; es: string; fr: string }
  /** `per_month`: `rate` of the amount of credit for every month of the term; `once`: `rate` of it, once. */
  premium: { kind: 'per_month' | 'once'; rate: number }
}

/**
 * The insurance products of the sandbox's commercial agreement. Both are optional for the customer (the credit
 * is granted without them); their premium is still counted in the TAE, which never understates it.
 */
export const INSURANCE_PRODUCTS: readonly InsuranceProduct[] = [
  {
    value: 'payment_protection',
    name: {
      en: 'Payment protection insurance',
      es: 'Seguro de protección de pagos',
      fr: 'Assurance protection des paiements',
    },
    premium: { kind: 'per_month', rate: 0.003 },
  },
  {
    value: 'life',
    name: { en: 'Life insurance', es: 'Seguro de vida', fr: 'Assurance décès' },
    premium: { kind: 'once', rate: 0.012 },
  },
]

/** The product `value` names, or undefined when the agreement has none of that name. */
export function findInsuranceProduct(value: string): InsuranceProduct | undefined {
  return INSURANCE_PRODUCTS.find((product) => product.value === value)
}

/** The premium in cents of `product` for `amountOfCredit` cents over `periods` months, rounded half up. */
export function insurancePremium(product: InsuranceProduct, amountOfCredit: number, periods: number): number {
  const months = product.premium.kind === 'per_month' ? periods : 1
  return roundHalfUp(amountOfCredit * product.premium.rate * months)
}
