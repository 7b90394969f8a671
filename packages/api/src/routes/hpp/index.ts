import {
  type DistributeRequest,
  DistributeRequestSchema,
  type DistributeResponseSchema,
  type Static,
  UuidSchema,
} from '@plazo/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import Type from 'typebox'
import type { Distribution, DistributionService } from '../../domain/client/distribution-service.ts'

export { hppPageRoutes } from './pages.ts'

const HppParams = Type.Object({ hpp_id: UuidSchema }, { additionalProperties: false })
type HppParams = Static<typeof HppParams>

const response = (distribution: Distribution): Static<typeof DistributeResponseSchema> => ({
  status: 'ok',
  payload: distribution,
  identifier: distribution.id,
})

/** The merchant's call: send the hosted page link to the customer (spec §7), scoped to the merchant. */
export function hppDistributionRoutes(app: FastifyInstance, distribution: DistributionService): void {
  app.post<{ Params: HppParams; Body: DistributeRequest }>(
    '/checkout/hpp/:hpp_id/distribute',
    {
      onRequest: [app.authenticate],
      preHandler: [app.idempotent],
      schema: { params: HppParams, body: DistributeRequestSchema },
    },
    async (request, reply) => {
      const sent = await distribution.distribute(request.params.hpp_id, request.body.recipient, {
        merchantId: request.principal.merchantId,
      })
      return reply.status(201).send(response(sent))
    },
  )

  // The distribution page (`distribution_url`) of the store staff: no token, the hosted page id is the
  // capability, so it is limited to a few sends an hour to keep it from being used to spam anyone.
  app.post<{ Params: HppParams; Body: DistributeRequest }>(
    '/client/hpp/:hpp_id/distribute',
    { schema: { params: HppParams, body: DistributeRequestSchema } },
    async (request, reply: FastifyReply) => {
      const sent = await distribution.distribute(request.params.hpp_id, request.body.recipient, {
        rateLimited: true,
      })
      return reply.status(201).send(response(sent))
    },
  )
}
