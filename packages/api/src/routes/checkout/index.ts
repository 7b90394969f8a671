import {
  type CaptureRequest,
  CaptureRequestSchema,
  CheckoutSessionRequestSchema,
  PaymentIntentRequestSchema,
  type RefundRequest,
  RefundRequestSchema,
  type Static,
  UuidSchema,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import type { LifecycleService } from '../../domain/checkout/lifecycle-service.ts'
import type { PaymentIntentService } from '../../domain/checkout/payment-intent-service.ts'
import type { SessionService } from '../../domain/checkout/session-service.ts'

const SessionParams = Type.Object({ checkout_session_id: UuidSchema }, { additionalProperties: false })
type SessionParams = Static<typeof SessionParams>

/** Checkout sessions (spec §7): create in both modes, payment intent, read, update, cancel. */
export function checkoutRoutes(
  app: FastifyInstance,
  sessions: SessionService,
  lifecycle: LifecycleService,
  paymentIntents: PaymentIntentService,
): void {
  // Authentication runs first (onRequest), before the body is parsed or validated: a caller without a valid
  // token learns nothing about the API's schemas. Idempotency needs the parsed body, so it is a preHandler.
  const authenticated = { onRequest: [app.authenticate] }
  const idempotent = { onRequest: [app.authenticate], preHandler: [app.idempotent] }

  app.post<{ Body: Static<typeof CheckoutSessionRequestSchema> }>(
    '/checkout',
    { ...idempotent, schema: { body: CheckoutSessionRequestSchema } },
    async (request, reply) => {
      const { response } = await sessions.create(request.principal, request.body)
      return reply.status(201).send(response)
    },
  )

  app.post<{ Body: Static<typeof PaymentIntentRequestSchema> }>(
    '/checkout/payment-intent',
    { ...idempotent, schema: { body: PaymentIntentRequestSchema } },
    async (request, reply) => {
      const response = await paymentIntents.create(request.principal, request.body)
      return reply.status(201).send(response)
    },
  )

  app.get<{ Params: SessionParams }>(
    '/checkout/:checkout_session_id',
    { ...authenticated, schema: { params: SessionParams } },
    async (request, reply) => {
      const body = await sessions.getResponseText(request.principal, request.params.checkout_session_id)
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )

  app.put<{ Params: SessionParams; Body: Static<typeof CheckoutSessionRequestSchema> }>(
    '/checkout/:checkout_session_id',
    { ...authenticated, schema: { params: SessionParams, body: CheckoutSessionRequestSchema } },
    async (request, reply) => {
      const { principal, params, body } = request
      const session = await lifecycle.update(principal, params.checkout_session_id, (tx) =>
        sessions.update(principal, params.checkout_session_id, body, tx),
      )
      return reply.status(201).send({ status: 'ok', payload: session, identifier: session.id })
    },
  )

  app.delete<{ Params: SessionParams }>(
    '/checkout/:checkout_session_id',
    { ...authenticated, schema: { params: SessionParams } },
    async (request, reply) => {
      const session = await lifecycle.cancel(request.principal, request.params.checkout_session_id)
      return reply.status(201).send({ status: 'ok', payload: session, identifier: session.id })
    },
  )
}

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
