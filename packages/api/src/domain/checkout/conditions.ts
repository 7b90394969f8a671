import { randomUUID } from 'node:crypto'
import type {
  Conditions,
  OfferSchema,
  PaymentIntent,
  ReadPaymentMethod,
  SchemaError,
  Static,
} from '@plazo/contract'
import {
  type AgentPricing,
  DEFAULT_PRICINGS,
  defaultPricingsFor,
  type FinancedPaymentMethodType,
  FinanceError,
  findInsuranceProduct,
  INSURANCE_PRODUCTS,
  insurancePremium,
  type LoanInput,
  paymentIntentConditions,
} from '@plazo/finance'
import { invalidFields } from '../../errors.ts'

/**
 * The pricing behind a payment method: the one its `pricing_id` names, or the agent's default pricing for
 * its type. Every sandbox agent has the default pricings of spec §9 (packages/finance).
 */
export function pricingFor(method: ReadPaymentMethod, index: number): AgentPricing | undefined {
  if (method.type === 'card_payment' || method.type === 'a2a_payment') return undefined
  const pricingId = method.options?.pricing_id
  if (pricingId !== undefined) {
    const pricing = DEFAULT_PRICINGS.find((p) => p.pricing_id === pricingId)
    if (!pricing || pricing.payment_method_type !== method.type) {
      throw invalidFields(
        [
          {
            field: `/payment_methods/${index}/options/pricing_id`,
            message: `is not a ${method.type} pricing of this agent`,
            keyword: 'pricing',
          },
        ],
        undefined,
      )
    }
    return pricing
  }
  return defaultPricingsFor(method.type as FinancedPaymentMethodType)[0]
}

/**
 * Loan conditions of one payment method for a principal, on the first (shortest) term offered. Options
 * given in the request override the pricing's.
 */
export type Offer = Static<typeof OfferSchema>

/** The options a pricing and a method's own options give for one term. */
function loanOptions(method: ReadPaymentMethod, pricing: AgentPricing, periods: number) {
  const options = (method.options ?? {}) as Record<string, unknown>
  return {
    pricing_id: pricing.pricing_id,
    periods,
    annual_interest: (options.annual_interest as number | undefined) ?? pricing.annual_interest,
    setup_fee: (options.setup_fee as AgentPricing['setup_fee'] | undefined) ?? pricing.setup_fee,
    insurance: (options.insurance as AgentPricing['insurance'] | undefined) ?? pricing.insurance,
    max_grace_period: (options.max_grace_period as number | undefined) ?? pricing.max_grace_period,
    merchant_fee: (options.merchant_fee as number | undefined) ?? pricing.merchant_fee,
  }
}

/**
 * Everything the finance package needs to price one term of a method: its options and, with insurance, the
 * premium of the named product of the commercial agreement (`INSURANCE_PRODUCTS`). An insurance the agreement
 * does not have is a 400 naming `options.insurance.value`.
 */
export function loanInput(
  method: ReadPaymentMethod,
  index: number,
  pricing: AgentPricing,
  principal: number,
  periods: number,
  gracePeriod = 0,
): LoanInput {
  const options = loanOptions(method, pricing, periods)
  const grace = gracePeriod > 0 ? { gracePeriod } : {}
  if (!options.insurance) return { principal, options, ...grace }
  const product = findInsuranceProduct(options.insurance.value)
  if (!product) {
    const known = INSURANCE_PRODUCTS.map((p) => p.value).join(', ')
    throw invalidFields(
      [
        {
          field: `/payment_methods/${index}/options/insurance/value`,
          message: `is not an insurance product of the agreement (${known})`,
          keyword: 'insurance',
        },
      ],
      undefined,
    )
  }
  return { principal, options, insuranceAmount: insurancePremium(product, principal, periods), ...grace }
}

/**
 * The longest grace period, in months, the customer may choose for a method: its own
 * `options.max_grace_period`, else its pricing's; 0 for a method without a pricing (card, account to account).
 */
export function maxGracePeriodOf(method: ReadPaymentMethod, pricing: AgentPricing | undefined): number {
  if (!pricing) return 0
  return loanOptions(method, pricing, 1).max_grace_period
}

/**
 * What the customer chose of a loan: the term (`period`, default the shortest offered) and the months of grace
 * before the first instalment (`gracePeriod`, default 0). Both are checked by the caller against what the
 * method offers, so that its 400 names the caller's field.
 */
export interface LoanChoice {
  period?: number
  gracePeriod?: number
}

/**
 * A grace period above a method's `max_grace_period`, as the schema error naming `field`; undefined when the
 * method allows it.
 */
export function graceRefusal(
  field: string,
  type: string,
  maxGracePeriod: number,
  gracePeriod: number,
): SchemaError | undefined {
  if (gracePeriod <= maxGracePeriod) return undefined
  return {
    field,
    message:
      maxGracePeriod > 0
        ? `must be at most ${maxGracePeriod}: the longest grace period the ${type} payment method offers`
        : `must be 0 or left out: the ${type} payment method offers no grace period`,
    keyword: 'rule',
  }
}

/** The terms a method offers: its own `options.periods`, else its pricing's. */
export function periodsOf(method: ReadPaymentMethod, pricing: AgentPricing): number[] {
  const own = (method.options as { periods?: number[] } | undefined)?.periods
  return [...(own ?? pricing.periods)].sort((a, b) => a - b)
}

/**
 * Every offer of a payment method for a principal: one per term, with the conditions, the schedule and the
 * totals the customer sees (hosted page, embedded checkout, simulator). The same computation as the payment
 * intents' conditions, so what the customer is shown is what the API records. Terms that cannot be priced
 * for this amount (e.g. fewer cents than instalments), or with this grace period (more than the method
 * allows: callers clamp or refuse it first), are left out.
 */
export function offersFor(
  method: ReadPaymentMethod,
  index: number,
  principal: number,
  gracePeriod = 0,
): Offer[] {
  const pricing = pricingFor(method, index)
  if (!pricing || principal <= 0) return []
  return periodsOf(method, pricing).flatMap((period) => {
    try {
      const { conditions, quote } = paymentIntentConditions(
        loanInput(method, index, pricing, principal, period, gracePeriod),
      )
      return [
        {
          payment_method_type: method.type,
          pricing_id: pricing.pricing_id,
          period,
          conditions,
          schedule: quote.schedule.map((row) => ({
            number: row.number,
            month: row.month,
            amount: row.amount,
          })),
          total_payable: quote.totalAmountPayable,
          total_cost_of_credit: quote.totalCostOfCredit,
        },
      ]
    } catch (error) {
      if (error instanceof FinanceError) return []
      throw error
    }
  })
}

export function conditionsFor(
  method: ReadPaymentMethod,
  index: number,
  principal: number,
  term?: number,
  gracePeriod = 0,
): Conditions | null {
  const pricing = pricingFor(method, index)
  if (!pricing || method.type === 'card_payment' || method.type === 'a2a_payment') return null
  const periods = term ?? periodsOf(method, pricing)[0] ?? pricing.periods[0] ?? 1
  const input = loanInput(method, index, pricing, principal, periods, gracePeriod)
  try {
    return paymentIntentConditions(input).conditions
  } catch (error) {
    if (error instanceof FinanceError) {
      throw invalidFields(
        [
          {
            field: `/payment_methods/${index}/options`,
            message: `cannot be priced: ${error.message}`,
            keyword: 'pricing',
          },
        ],
        undefined,
      )
    }
    throw error
  }
}

/** A new payment intent, in status `initial`, for one offered payment method. */
export function buildPaymentIntent(
  method: ReadPaymentMethod,
  index: number,
  principal: number,
  now: Date,
): PaymentIntent {
  return {
    created_at: now.toISOString(),
    status: 'initial',
    payment_method_id: randomUUID(),
    payment_method_type: method.type,
    provider_name: null,
    provider_request_id: null,
    conditions: principal > 0 ? conditionsFor(method, index, principal) : null,
  }
}
