import { SimulationRequestSchema, type Static, UuidSchema } from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import type {
  AgentConfiguration,
  PublicClientService,
  PublicPricing,
  SimulationRequest,
  SimulationResponse,
} from '../../domain/client/public-client.ts'

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

/**
 * The public client API (docs/adr/0006): what widgets and simulators on a merchant's page read with nothing
 * but an agent id, like a publishable key. It never shows the merchant fee. Answers carry CORS `*` and the
 * preflight is answered, so checkout-js can call it from any merchant origin.
 */
export function publicClientRoutes(app: FastifyInstance, publicClient: PublicClientService): void {
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
    async (request): Promise<AgentConfiguration> => publicClient.configuration(request.params.agent_id),
  )

  app.get<{ Params: AgentParams }>(
    '/client/agents/:agent_id/pricings',
    { schema: { params: AgentParams } },
    async (request): Promise<PublicPricing[]> => publicClient.pricings(request.params.agent_id),
  )

  app.post<{ Body: SimulationRequest }>(
    '/client/simulate',
    { schema: { body: SimulationRequestSchema } },
    async (request): Promise<SimulationResponse> => publicClient.simulate(request.body),
  )
}
