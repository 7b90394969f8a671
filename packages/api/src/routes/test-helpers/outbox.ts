import { type OutboxListResponseSchema, type Static, UuidSchema } from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import type { DistributionService } from '../../domain/client/distribution-service.ts'

const OutboxQuery = Type.Object(
  { hpp_id: { ...UuidSchema, description: 'The hosted page whose messages to list.' } },
  { additionalProperties: false },
)

/** Sandbox test helper: what the sandbox would have sent for one of the merchant's hosted pages. */
export function outboxTestHelperRoutes(app: FastifyInstance, distribution: DistributionService): void {
  app.get<{ Querystring: Static<typeof OutboxQuery> }>(
    '/test-helpers/outbox',
    { onRequest: [app.authenticate], schema: { querystring: OutboxQuery } },
    async (request): Promise<Static<typeof OutboxListResponseSchema>> => ({
      status: 'ok',
      payload: await distribution.outbox(request.principal.merchantId, request.query.hpp_id),
      identifier: request.query.hpp_id,
    }),
  )
}
