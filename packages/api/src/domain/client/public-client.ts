import {
  type AgentConfigurationSchema,
  type PublicPricingSchema,
  PurchaseCountry,
  type ReadPaymentMethod,
  type SchemaError,
  type SimulationRequestSchema,
  type SimulationResponseSchema,
  type Static,
} from '@plazo/contract'
import { type AgentPricing, DEFAULT_PRICINGS } from '@plazo/finance'
import { ApiError, invalidFields } from '../../errors.ts'
import type { Queryable } from '../../storage/index.ts'
import { merchantRepository } from '../../storage/merchant-repository.ts'
import { graceRefusal, offersFor } from '../checkout/conditions.ts'

export type AgentConfiguration = Static<typeof AgentConfigurationSchema>
export type PublicPricing = Static<typeof PublicPricingSchema>
export type SimulationRequest = Static<typeof SimulationRequestSchema>
export type SimulationResponse = Static<typeof SimulationResponseSchema>

/** Every sandbox agent prices with the default pricings of spec §9 (packages/finance). */
function pricingsOf(_agentId: string): readonly AgentPricing[] {
  return DEFAULT_PRICINGS
}

/** A pricing as customers may see it: everything but the merchant fee, which is the merchant's business. */
function publicPricing(pricing: AgentPricing): PublicPricing {
  return {
    pricing_id: pricing.pricing_id,
    name: pricing.name,
    payment_method_type: pricing.payment_method_type,
    periods: [...pricing.periods],
    annual_interest: pricing.annual_interest,
    max_grace_period: pricing.max_grace_period,
    setup_fee: pricing.setup_fee,
    insurance: pricing.insurance,
  }
}

async function merchantNameOf(db: Queryable, agentId: string): Promise<string> {
  const name = await merchantRepository.nameByAgent(db, agentId)
  if (name === undefined) throw new ApiError('AGENT_NOT_FOUND', { id: agentId })
  return name
}

/**
 * The offers of a simulation, computed by `offersFor` exactly as a payment intent's conditions are: every
 * financed type of the agent (its first pricing of each type), or only the type asked, on every term or only
 * the term asked, with the months of grace asked (only the types whose `max_grace_period` allows them). Asking
 * for a type, a term or a grace period the agent does not offer is a 400 naming the field.
 */
export function simulate(pricings: readonly AgentPricing[], request: SimulationRequest): SimulationResponse {
  const firstOfType = new Map<string, AgentPricing>()
  for (const pricing of pricings) {
    if (!firstOfType.has(pricing.payment_method_type)) firstOfType.set(pricing.payment_method_type, pricing)
  }
  let selected = [...firstOfType.values()]
  const type = request.payment_method_type
  if (type !== undefined) {
    selected = selected.filter((pricing) => pricing.payment_method_type === type)
    if (selected.length === 0) {
      throw invalidFields(
        [{ field: '/payment_method_type', message: 'is not financed by this agent', keyword: 'rule' }],
        request,
      )
    }
  }
  const period = request.period
  if (period !== undefined) {
    const offered = [...new Set(selected.flatMap((pricing) => pricing.periods))].sort((a, b) => a - b)
    selected = selected.filter((pricing) => pricing.periods.includes(period))
    if (selected.length === 0) {
      throw invalidFields(
        [
          {
            field: '/period',
            message: `is not offered: the terms are ${offered.join(', ')} months`,
            keyword: 'rule',
          },
        ],
        request,
      )
    }
  }
  const grace = request.grace_period ?? 0
  if (grace > 0) {
    const allowed = selected.filter((pricing) => pricing.max_grace_period >= grace)
    if (allowed.length === 0) {
      const longest = Math.max(...selected.map((pricing) => pricing.max_grace_period))
      const refusal: SchemaError =
        type === undefined
          ? {
              field: '/grace_period',
              message: `is not offered: the longest grace period is ${longest} months`,
              keyword: 'rule',
            }
          : (graceRefusal('/grace_period', type, longest, grace) as SchemaError)
      throw invalidFields([refusal], request)
    }
    selected = allowed
  }
  const offers = selected.flatMap((pricing, index) => {
    const method = {
      type: pricing.payment_method_type,
      options: {
        pricing_id: pricing.pricing_id,
        periods: period === undefined ? [...pricing.periods] : [period],
      },
    } as ReadPaymentMethod
    return offersFor(method, index, request.amount, grace)
  })
  return { amount: { amount: request.amount, currency: 'EUR' }, offers }
}

/**
 * What the public client API (routes/client/public.ts, docs/adr/0006) answers with nothing but an agent id: the
 * agent's configuration, its pricings without the merchant fee, and simulations. An unknown agent is a 404.
 */
export class PublicClientService {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  async configuration(agentId: string): Promise<AgentConfiguration> {
    const merchantName = await merchantNameOf(this.#db, agentId)
    const pricings = pricingsOf(agentId)
    return {
      agent_id: agentId,
      merchant_name: merchantName,
      purchase_countries: [...PurchaseCountry.values],
      currency: 'EUR',
      payment_method_types: [...new Set(pricings.map((pricing) => pricing.payment_method_type))],
      pricings: pricings.map(publicPricing),
    }
  }

  async pricings(agentId: string): Promise<PublicPricing[]> {
    await merchantNameOf(this.#db, agentId)
    return pricingsOf(agentId).map(publicPricing)
  }

  async simulate(request: SimulationRequest): Promise<SimulationResponse> {
    await merchantNameOf(this.#db, request.agent_id)
    return simulate(pricingsOf(request.agent_id), request)
  }
}
