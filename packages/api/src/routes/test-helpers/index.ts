import {
  ClockAdvanceRequestSchema,
  type CustomerActionRequest,
  CustomerActionRequestSchema,
  type Static,
  UuidSchema,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import type { LifecycleService } from '../../domain/checkout/lifecycle-service.ts'

const SessionParams = Type.Object({ checkout_session_id: UuidSchema }, { additionalProperties: false })

/**
 * Sandbox test helpers (DESIGN.md), like a payments provider's test mode. Registered only when
 * PLAZO_SANDBOX is on; they act only on the caller's own sessions and clock.
 */
export function testHelperRoutes(app: FastifyInstance, lifecycle: LifecycleService): void {
  const idempotent = { onRequest: [app.authenticate], preHandler: [app.idempotent] }

  app.post<{ Params: Static<typeof SessionParams>; Body: CustomerActionRequest }>(
    '/test-helpers/checkout/:checkout_session_id/customer-action',
    { ...idempotent, schema: { params: SessionParams, body: CustomerActionRequestSchema } },
    async (request, reply) => {
      const session = await lifecycle.customerAction(
        request.principal,
        request.params.checkout_session_id,
        request.body,
      )
      return reply.status(201).send({ status: 'ok', payload: session, identifier: session.id })
    },
  )

  app.post<{ Body: Static<typeof ClockAdvanceRequestSchema> }>(
    '/test-helpers/clock/advance',
    { ...idempotent, schema: { body: ClockAdvanceRequestSchema } },
    async (request, reply) => {
      const merchantId = request.principal.merchantId
      const result = await lifecycle.advanceClock(merchantId, request.body.minutes)
      return reply.status(201).send({
        status: 'ok',
        payload: {
          now: result.now.toISOString(),
          offset_minutes: result.offsetMinutes,
          timers_run: result.ran,
        },
        identifier: merchantId,
      })
    },
  )
}
