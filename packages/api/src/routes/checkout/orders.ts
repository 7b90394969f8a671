import {
  type CaptureRequest,
  CaptureRequestSchema,
  type RefundRequest,
  RefundRequestSchema,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import type { LifecycleService } from '../../domain/checkout/lifecycle-service.ts'
import { SessionParams } from './params.ts'

/** Order management (spec §7): confirm (our addition), capture, refund. */
export function orderRoutes(app: FastifyInstance, lifecycle: LifecycleService): void {
  const idempotent = { onRequest: [app.authenticate], preHandler: [app.idempotent] }

  app.post<{ Params: SessionParams }>(
    '/checkout/:checkout_session_id/confirm',
    { ...idempotent, schema: { params: SessionParams } },
    async (request, reply) => {
      const session = await lifecycle.confirm(request.principal, request.params.checkout_session_id)
      return reply.status(201).send({ status: 'ok', payload: session, identifier: session.id })
    },
  )

  app.post<{ Params: SessionParams; Body: CaptureRequest | undefined }>(
    '/checkout/:checkout_session_id/capture',
    {
      ...idempotent,
      // The body is optional: a capture without one captures everything with the defaults.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {}
      },
      schema: { params: SessionParams, body: CaptureRequestSchema },
    },
    async (request, reply) => {
      const operation = await lifecycle.capture(
        request.principal,
        request.params.checkout_session_id,
        request.body ?? {},
      )
      return reply.status(201).send({ status: 'ok', payload: operation, identifier: operation.id })
    },
  )

  app.post<{ Params: SessionParams; Body: RefundRequest }>(
    '/checkout/:checkout_session_id/refund',
    {
      ...idempotent,
      // Order line ids are UUIDs, stored in lower case (see canonical-ids.ts): lowercased before validation,
      // an id repeated in another case is a uniqueItems 400 like any repeat. (`original_data` is the raw body.)
      preValidation: async (request) => {
        const ids = (request.body as { refunded_item_ids?: unknown } | null)?.refunded_item_ids
        if (Array.isArray(ids)) {
          ids.forEach((id, i) => {
            if (typeof id === 'string') ids[i] = id.toLowerCase()
          })
        }
      },
      schema: { params: SessionParams, body: RefundRequestSchema },
    },
    async (request, reply) => {
      const operation = await lifecycle.refund(
        request.principal,
        request.params.checkout_session_id,
        request.body,
      )
      return reply.status(201).send({ status: 'ok', payload: operation, identifier: operation.id })
    },
  )
}
