import {
  type AgentConfigurationSchema,
  type PublicPricingSchema,
  PurchaseCountry,
  type ReadPaymentMethod,
  SimulationRequestSchema,
  type SimulationResponseSchema,
  type Static,
  UuidSchema,
} from '@plazo/contract'
import { type AgentPricing, DEFAULT_PRICINGS } from '@plazo/finance'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { offersFor } from '../../domain/checkout/conditions.ts'
import { ApiError, invalidFields } from '../../errors.ts'
import type { Queryable } from '../../storage/index.ts'

type AgentConfiguration = Static<typeof AgentConfigurationSchema>
type PublicPricing = Static<typeof PublicPricingSchema>
type SimulationRequest = Static<typeof SimulationRequestSchema>
type SimulationResponse = Static<typeof SimulationResponseSchema>

const AgentParams = Type.Object({ agent_id: UuidSchema }, { additionalProperties: false })
type AgentParams = Static<typeof AgentParams>

const PUBLIC_PATHS = [
  '/client/agents/:agent_id/configuration',
  '/client/agents/:agent_id/pricings',
  '/client/simulate',
]

/** Public calls are made by widgets on any merchant site: no cookies, no credentials, any origin. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-request-id',
  'access-control-max-age': '86400',
} as const

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
  const row = await db.one<{ name: string }>(
    'SELECT m.name FROM agents a JOIN merchants m ON m.id = a.merchant_id WHERE a.id = $1',
    [agentId],
  )
  if (!row) throw new ApiError('AGENT_NOT_FOUND', { id: agentId })
  return row.name
}

/**
 * The offers of a simulation, computed by `offersFor` exactly as a payment intent's conditions are: every
 * financed type of the agent (its first pricing of each type), or only the type asked, on every term or only
 * the term asked. Asking for a type or a term the agent does not offer is a 400 naming the field.
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
  const offers = selected.flatMap((pricing, index) => {
    const method = {
      type: pricing.payment_method_type,
      options: {
        pricing_id: pricing.pricing_id,
        periods: period === undefined ? [...pricing.periods] : [period],
      },
    } as ReadPaymentMethod
    return offersFor(method, index, request.amount)
  })
  return { amount: { amount: request.amount, currency: 'EUR' }, offers }
}

/**
 * The public client API (docs/adr/0006): what widgets and simulators on a merchant's page read with nothing
 * but an agent id, like a publishable key. It never shows the merchant fee. Answers carry CORS `*` and the
 * preflight is answered, so checkout-js can call it from any merchant origin.
 */
export function publicClientRoutes(app: FastifyInstance, db: Queryable): void {
  // The headers go on in onRequest, before validation, so a 400 or 404 is readable by the browser too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(CORS_HEADERS)
  })

  for (const path of PUBLIC_PATHS) {
    app.options(path, async (_request, reply) => reply.status(204).send())
  }

  app.get<{ Params: AgentParams }>(
    '/client/agents/:agent_id/configuration',
    { schema: { params: AgentParams } },
    async (request): Promise<AgentConfiguration> => {
      const agentId = request.params.agent_id
      const merchantName = await merchantNameOf(db, agentId)
      const pricings = pricingsOf(agentId)
      return {
        agent_id: agentId,
        merchant_name: merchantName,
        purchase_countries: [...PurchaseCountry.values],
        currency: 'EUR',
        payment_method_types: [...new Set(pricings.map((pricing) => pricing.payment_method_type))],
        pricings: pricings.map(publicPricing),
      }
    },
  )

  app.get<{ Params: AgentParams }>(
    '/client/agents/:agent_id/pricings',
    { schema: { params: AgentParams } },
    async (request): Promise<PublicPricing[]> => {
      await merchantNameOf(db, request.params.agent_id)
      return pricingsOf(request.params.agent_id).map(publicPricing)
    },
  )

  app.post<{ Body: SimulationRequest }>(
    '/client/simulate',
    { schema: { body: SimulationRequestSchema } },
    async (request): Promise<SimulationResponse> => {
      await merchantNameOf(db, request.body.agent_id)
      return simulate(pricingsOf(request.body.agent_id), request.body)
    },
  )
}
