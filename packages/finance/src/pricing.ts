import { DEFAULT_PRICINGS } from './default-pricings.ts'
import { FinanceInputError } from './errors.ts'
import type { AgentPricing, FinancedPaymentMethodType, PaymentMethodOptions } from './types.ts'

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
