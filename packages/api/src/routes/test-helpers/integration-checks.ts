import {
  DeliveryAnswersRequestSchema,
  IntegrationCheckRequestSchema,
  type Static,
  UuidSchema,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import type { IntegrationChecks } from '../../domain/integration-checks/integration-checks.ts'

const RunParams = Type.Object({ integration_check_id: UuidSchema }, { additionalProperties: false })

/**
 * The integration check (sandbox only): start a run, read its report, and report the answers of the
 * notifications a client sent (`plazo check webhooks`). Each acts on the caller's merchant only.
 */
export function integrationCheckRoutes(app: FastifyInstance, checks: IntegrationChecks): void {
  const idempotent = { onRequest: [app.authenticate], preHandler: [app.idempotent] }

  app.post<{ Body: Static<typeof IntegrationCheckRequestSchema> }>(
    '/test-helpers/integration-checks',
    { ...idempotent, schema: { body: IntegrationCheckRequestSchema } },
    async (request, reply) => reply.status(201).send(await checks.start(request.principal, request.body)),
  )

  app.get<{ Params: Static<typeof RunParams> }>(
    '/test-helpers/integration-checks/:integration_check_id',
    { onRequest: [app.authenticate], schema: { params: RunParams } },
    async (request) => checks.get(request.principal.merchantId, request.params.integration_check_id),
  )

  app.post<{ Params: Static<typeof RunParams>; Body: Static<typeof DeliveryAnswersRequestSchema> }>(
    '/test-helpers/integration-checks/:integration_check_id/answers',
    { ...idempotent, schema: { params: RunParams, body: DeliveryAnswersRequestSchema } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await checks.answer(request.principal, request.params.integration_check_id, request.body)),
  )
}
