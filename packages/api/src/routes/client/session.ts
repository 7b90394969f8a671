import {
  ClientCompleteRequestSchema,
  ClientSessionQuerySchema,
  PaymentMethodType,
  type PaymentMethodTypeValue,
  SecciQuerySchema,
  type Static,
  UuidSchema,
} from '@plazo/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Type from 'typebox'
import type { ClientCapability, ClientService, SecciQuery } from '../../domain/client/client-service.ts'
import { integerQuery } from '../query.ts'

const HppParams = Type.Object({ hpp_id: UuidSchema }, { additionalProperties: false })
type HppParams = Static<typeof HppParams>
type ViewQuery = Static<typeof ClientSessionQuerySchema>

/** Query strings carry text: the SECCI's two numbers are read as integers before validation. */
const secciNumbers = [integerQuery('period'), integerQuery('grace_period')]

/**
 * The body of a completion, as ClientCompleteRequest says, with two differences made on purpose:
 * `customer` is checked in the handler against the one schema the chosen method needs (basic or full), so
 * `schema_errors` name the customer's fields instead of repeating the failures of both union branches; and
 * `a2a_payment` is accepted, because the down-payment page offers it.
 */
export const CompleteBodySchema = Type.Object(
  {
    ...ClientCompleteRequestSchema.properties,
    payment_method_type: PaymentMethodType.schema,
    customer: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'The basic or the full customer, as the chosen method needs (checked by the handler).',
      },
    ),
  },
  { additionalProperties: false },
)
type CompleteBody = Static<typeof CompleteBodySchema>

const SECRET_HEADER = 'x-client-secret'

function secretOf(request: FastifyRequest, downPayment = false): ClientCapability {
  const value = request.headers[SECRET_HEADER]
  return { clientSecret: Array.isArray(value) ? value[0] : value, downPayment }
}

function completeInput(body: CompleteBody) {
  return {
    payment_method_type: body.payment_method_type as PaymentMethodTypeValue,
    ...(body.period === undefined ? {} : { period: body.period }),
    ...(body.grace_period === undefined ? {} : { grace_period: body.grace_period }),
    customer: body.customer,
  }
}

/**
 * The client API of the hosted page (`/client/hpp/{hpp_id}`) and of the embedded checkout
 * (`/client/embedded`, with the session's `client_secret` in the `x-client-secret` header). No bearer
 * token: the hosted page id or the client secret is the capability (docs/adr/0006).
 */
const EMBEDDED_CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-client-secret, x-request-id',
  'access-control-max-age': '86400',
} as const

export function clientSessionRoutes(app: FastifyInstance, client: ClientService): void {
  app.get<{ Params: HppParams; Querystring: ViewQuery }>(
    '/client/hpp/:hpp_id',
    {
      preValidation: integerQuery('grace_period'),
      schema: { params: HppParams, querystring: ClientSessionQuerySchema },
    },
    async (request) => client.view({ hppId: request.params.hpp_id }, request.query.grace_period),
  )

  app.get<{ Params: HppParams; Querystring: SecciQuery }>(
    '/client/hpp/:hpp_id/secci',
    { preValidation: secciNumbers, schema: { params: HppParams, querystring: SecciQuerySchema } },
    async (request) => client.secci({ hppId: request.params.hpp_id }, request.query),
  )

  app.post<{ Params: HppParams; Body: CompleteBody }>(
    '/client/hpp/:hpp_id/complete',
    { schema: { params: HppParams, body: CompleteBodySchema } },
    async (request) => client.complete({ hppId: request.params.hpp_id }, completeInput(request.body)),
  )

  app.post<{ Params: HppParams }>(
    '/client/hpp/:hpp_id/desist',
    { schema: { params: HppParams } },
    async (request) => client.desist({ hppId: request.params.hpp_id }),
  )

  // The secret is checked before the body is validated: without it, a caller learns nothing of the schemas.
  // checkout-js calls these from the merchant's page (another origin), so they answer CORS: any origin, no
  // cookies; the client secret travels in a header, which the preflight allows.
  const authenticated = {
    onRequest: async (request: FastifyRequest) => {
      await client.resolve(secretOf(request))
    },
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.headers(EMBEDDED_CORS_HEADERS)
      return payload
    },
  }
  for (const path of [
    '/client/embedded',
    '/client/embedded/secci',
    '/client/embedded/complete',
    '/client/embedded/desist',
    '/client/embedded/down-payment',
    '/client/embedded/down-payment/complete',
    '/client/embedded/down-payment/desist',
  ]) {
    app.options(path, async (_request, reply) => reply.status(204).headers(EMBEDDED_CORS_HEADERS).send())
  }

  app.get<{ Querystring: ViewQuery }>(
    '/client/embedded',
    {
      ...authenticated,
      preValidation: integerQuery('grace_period'),
      schema: { querystring: ClientSessionQuerySchema },
    },
    async (request) => client.view(secretOf(request), request.query.grace_period),
  )

  app.get<{ Querystring: SecciQuery }>(
    '/client/embedded/secci',
    { ...authenticated, preValidation: secciNumbers, schema: { querystring: SecciQuerySchema } },
    async (request) => client.secci(secretOf(request), request.query),
  )

  app.post<{ Body: CompleteBody }>(
    '/client/embedded/complete',
    { ...authenticated, schema: { body: CompleteBodySchema } },
    async (request) => client.complete(secretOf(request), completeInput(request.body)),
  )

  app.post('/client/embedded/desist', authenticated, async (request) => client.desist(secretOf(request)))

  // The down payment a challenge asks for, paid inside the same iframe with the same secret.
  app.get('/client/embedded/down-payment', authenticated, async (request) =>
    client.view(secretOf(request, true)),
  )

  app.post<{ Body: CompleteBody }>(
    '/client/embedded/down-payment/complete',
    { ...authenticated, schema: { body: CompleteBodySchema } },
    async (request) => client.complete(secretOf(request, true), completeInput(request.body)),
  )

  app.post('/client/embedded/down-payment/desist', authenticated, async (request) =>
    client.desist(secretOf(request, true)),
  )
}
