import { DEFAULT_PRICINGS } from './default-pricings.ts'
import { FinanceInputError } from './errors.ts'
import type { FinancedPaymentMethodType, InsuranceOption, PaymentMethodOptions, SetupFee } from './types.ts'

/**
 * A pricing an agent (point of sale) offers for one payment method type: the terms it allows and the rates
 * that apply to each. A chosen term turns it into {@link PaymentMethodOptions} via {@link optionsFromPricing}.
 */
export interface AgentPricing {
  /** Stable identifier, the `pricing_id` of the payment method options. */
  pricing_id: string
  /** Human-readable name, e.g. the `pricing_name` of an auto loan processing strategy. */
  name: string
  payment_method_type: FinancedPaymentMethodType
  /** Allowed numbers of monthly instalments, ascending. */
  periods: readonly number[]
  /** Nominal annual interest rate, ratio 0..1. */
  annual_interest: number
  /** Ratio 0..1 of the amount of credit, paid by the merchant. */
  merchant_fee: number
  /** Longest grace period in months. */
  max_grace_period: number
  setup_fee: SetupFee | null
  insurance: InsuranceOption | null
}

/** The default pricing with this `pricing_id`, or undefined. */
export function findDefaultPricing(pricingId: string): AgentPricing | undefined {
  return DEFAULT_PRICINGS.find((pricing) => pricing.pricing_id === pricingId)
}

/** The default pricings that apply to a payment method type (possibly none). */
export function defaultPricingsFor(type: FinancedPaymentMethodType): AgentPricing[] {
  return DEFAULT_PRICINGS.filter((pricing) => pricing.payment_method_type === type)
}

/**
 * The payment method options (spec §3) of a pricing for a chosen term.
 *
 * @throws FinanceInputError (field `periods`) when the pricing does not offer that term
 */
export function optionsFromPricing(pricing: AgentPricing, periods: number): PaymentMethodOptions {
  if (!pricing.periods.includes(periods)) {
    throw new FinanceInputError(
      'periods',
      `pricing ${pricing.pricing_id} offers ${pricing.periods.join(', ')} months, not ${periods}`,
    )
  }
  return {
    pricing_id: pricing.pricing_id,
    periods,
    annual_interest: pricing.annual_interest,
    setup_fee: pricing.setup_fee,
    insurance: pricing.insurance,
    max_grace_period: pricing.max_grace_period,
    merchant_fee: pricing.merchant_fee,
  }
}
