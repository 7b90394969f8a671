import {
  NotificationUrlRequestSchema,
  RotateWebhookSecretRequestSchema,
  type Static,
  WebhookEventParamsSchema,
  WebhookEventsQuerySchema,
  WebhookSessionParamsSchema,
} from '@plazo/contract'
import type { FastifyInstance } from 'fastify'
import type { WebhookService } from '../../domain/webhooks/webhook-service.ts'

/**
 * Webhook management (Plazo additions, documented in the webhook OpenAPI document): the delivery log of a
 * session's events, redelivery, a session's notification URL, the signing secret and the sandbox certificates
 * for mutual TLS. Every route
 * needs the bearer token and acts on the caller's merchant only.
 */
export function webhookRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  const authenticated = { onRequest: [app.authenticate] }
  const idempotent = { onRequest: [app.authenticate], preHandler: [app.idempotent] }

  app.get<{ Querystring: Static<typeof WebhookEventsQuerySchema> }>(
    '/webhooks/events',
    { ...authenticated, schema: { querystring: WebhookEventsQuerySchema } },
    async (request) => {
      const { checkout_session_id: id } = request.query
      const events = await webhooks.listEvents(request.principal.merchantId, id)
      return { status: 'ok', payload: events, identifier: id }
    },
  )

  app.post<{ Params: Static<typeof WebhookEventParamsSchema> }>(
    '/webhooks/events/:event_id/redeliver',
    { ...idempotent, schema: { params: WebhookEventParamsSchema } },
    async (request, reply) => {
      const event = await webhooks.redeliver(request.principal.merchantId, request.params.event_id)
      return reply.status(201).send({ status: 'ok', payload: event, identifier: event.event_id })
    },
  )

  app.put<{
    Params: Static<typeof WebhookSessionParamsSchema>
    Body: Static<typeof NotificationUrlRequestSchema>
  }>(
    '/webhooks/sessions/:checkout_session_id/notification-url',
    { ...authenticated, schema: { params: WebhookSessionParamsSchema, body: NotificationUrlRequestSchema } },
    async (request) => {
      const { principal, params, body } = request
      const session = await webhooks.setNotificationUrl(
        principal.merchantId,
        params.checkout_session_id,
        body.notification_url,
      )
      return { status: 'ok', payload: session, identifier: session.id }
    },
  )

  app.get('/webhooks/secret', authenticated, async (request) => {
    const secret = await webhooks.secret(request.principal.merchantId)
    return { status: 'ok', payload: secret, identifier: request.principal.merchantId }
  })

  // Not idempotent: a replay would have to keep the new secret in clear for a day.
  app.post<{ Body: Static<typeof RotateWebhookSecretRequestSchema> }>(
    '/webhooks/secret/rotate',
    {
      ...authenticated,
      // The body is optional: none is an empty object, validated as such.
      preValidation: async (request) => {
        request.body ??= {}
      },
      schema: { body: RotateWebhookSecretRequestSchema },
    },
    async (request, reply) => {
      const secret = await webhooks.rotateSecret(request.principal.merchantId, {
        expirePreviousNow: request.body.expire_previous_now ?? false,
      })
      return reply
        .status(201)
        .send({ status: 'ok', payload: secret, identifier: request.principal.merchantId })
    },
  )

  for (const which of ['ca', 'client'] as const) {
    app.get(`/webhooks/certificates/${which}.pem`, authenticated, async (_request, reply) =>
      reply
        .header('content-type', 'application/x-pem-file')
        .header('content-disposition', `attachment; filename="plazo-webhooks-${which}.pem"`)
        .send(await webhooks.certificate(which)),
    )
  }
}
