import {
  CheckoutSessionRequestSchema,
  PaymentIntentRequestSchema,
  SessionListQuerySchema,
  type Static,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import type { LifecycleService } from '../../domain/checkout/lifecycle-service.ts'
import type { PaymentIntentService } from '../../domain/checkout/payment-intent-service.ts'
import type { SessionService } from '../../domain/checkout/session-service.ts'
import { integerQuery } from '../query.ts'
import { SessionParams } from './params.ts'

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

  app.get<{ Querystring: Static<typeof SessionListQuerySchema> }>(
    '/checkout',
    {
      ...authenticated,
      preValidation: integerQuery('limit'),
      schema: { querystring: SessionListQuerySchema },
    },
    async (request, reply) => {
      const body = await sessions.listResponseText(request.principal, request.query)
      return reply.type('application/json; charset=utf-8').send(body)
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
