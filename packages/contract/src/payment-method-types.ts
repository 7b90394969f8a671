/**
 * The payment method types of the product (spec §1) as plain lists, declared once: `enums.ts` builds the
 * schemas from them, and packages/finance (pure functions, no schema library) and the API import them from
 * `@plazo/contract/payment-method-types`. This module imports nothing, so that importing it loads no more
 * than these lists.
 */

/** Every payment method type, in the order the API documents them. */
export const PAYMENT_METHOD_TYPES = [
  'bnpl_instalments',
  'bnpl_split_pay',
  'consumer_loan_instalments',
  'consumer_loan_split_pay',
  'auto_loan',
  'credit_line',
  'subscription',
  'card_payment',
  'a2a_payment',
] as const

/** How a down payment is paid: single payments that carry no loan conditions. */
export const DOWN_PAYMENT_METHOD_TYPES = ['card_payment', 'a2a_payment'] as const

/** The values of a list without some of them, in the same order, keeping the literal types. */
export function without<const V extends readonly string[], const X extends readonly V[number][]>(
  values: V,
  excluded: X,
) {
  return values.filter((value) => !excluded.includes(value)) as unknown as readonly Exclude<
    V[number],
    X[number]
  >[]
}

/** The payment method types a pricing can apply to: every type but the down payment ones. */
export const FINANCED_PAYMENT_METHOD_TYPES = without(PAYMENT_METHOD_TYPES, DOWN_PAYMENT_METHOD_TYPES)
