import {
  CheckoutSessionRequestSchema,
  PaymentIntentRequestSchema,
  type Static,
  UuidSchema,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import type { SessionService } from '../../domain/checkout/session-service.ts'

const SessionParams = Type.Object({ checkout_session_id: UuidSchema }, { additionalProperties: false })
type SessionParams = Static<typeof SessionParams>

/** Checkout sessions (spec §7): create in both modes, payment intent, read, update, cancel. */
export function checkoutRoutes(app: FastifyInstance, sessions: SessionService): void {
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
      const { response } = await sessions.create(request.principal, request.body)
      return reply.status(201).send(response)
    },
  )

  app.get<{ Params: SessionParams }>(
    '/checkout/:checkout_session_id',
    { ...authenticated, schema: { params: SessionParams } },
    async (request) => {
      const session = await sessions.get(request.principal, request.params.checkout_session_id)
      return { status: 'ok', payload: session, identifier: session.id }
    },
  )

  app.put<{ Params: SessionParams; Body: Static<typeof CheckoutSessionRequestSchema> }>(
    '/checkout/:checkout_session_id',
    { ...authenticated, schema: { params: SessionParams, body: CheckoutSessionRequestSchema } },
    async (request, reply) => {
      const session = await sessions.update(
        request.principal,
        request.params.checkout_session_id,
        request.body,
      )
      return reply.status(201).send({ status: 'ok', payload: session, identifier: session.id })
    },
  )

  app.delete<{ Params: SessionParams }>(
    '/checkout/:checkout_session_id',
    { ...authenticated, schema: { params: SessionParams } },
    async (request, reply) => {
      const session = await sessions.cancel(request.principal, request.params.checkout_session_id)
      return reply.status(201).send({ status: 'ok', payload: session, identifier: session.id })
    },
  )
}
