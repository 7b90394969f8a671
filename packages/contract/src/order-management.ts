import Type from 'typebox'
import { CheckoutSessionSchema, OperationSchema } from './checkout-session.ts'
import { CustomerAction, DistributionChannel, PaymentMethodType } from './enums.ts'
import {
  DateTimeSchema,
  EmailSchema,
  MAX_AMOUNT_CENTS,
  MAX_CART_ITEMS,
  PhoneNumberSchema,
  UuidSchema,
} from './primitives.ts'

export const CaptureRequestSchema = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: 500, description: 'Why or what is captured.' })),
    transactional: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Ask the lender synchronously; a rejection is a 410 and nothing is captured.',
      }),
    ),
  },
  {
    title: 'CaptureRequest',
    additionalProperties: false,
    description:
      'Capture every order line not yet captured. The session must be confirmed; each line is captured once (409 `already captured`).',
  },
)

export const RefundRequestSchema = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: 500, description: 'Reason for the refund.' })),
    refunded_item_ids: Type.Optional(
      Type.Array(UuidSchema, {
        minItems: 1,
        maxItems: MAX_CART_ITEMS,
        uniqueItems: true,
        description:
          'Ids of captured order lines (`payload.cart.order_lines[].id`). Each is refunded once (409 `already refunded`).',
      }),
    ),
    refunded_amount: Type.Optional(
      Type.Integer({
        exclusiveMinimum: 0,
        maximum: MAX_AMOUNT_CENTS,
        description: 'Amount in cents; never above the captured total minus what was already refunded (409).',
      }),
    ),
    transactional: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Ask the lender synchronously; a rejection is a 410 and nothing is refunded.',
      }),
    ),
  },
  {
    title: 'RefundRequest',
    additionalProperties: false,
    description:
      'Refund by `refunded_item_ids` or by `refunded_amount`, never both. A refund requires a prior capture; partial refunds are allowed until the captured total.',
    oneOf: [{ required: ['refunded_item_ids'] }, { required: ['refunded_amount'] }],
    'x-error-message': 'Give either refunded_item_ids or refunded_amount, not both and not neither.',
  },
)

export const OperationResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: OperationSchema,
    identifier: UuidSchema,
  },
  { title: 'OperationResponse', description: 'The capture or refund created.' },
)

export const SessionResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: CheckoutSessionSchema,
    identifier: UuidSchema,
  },
  { title: 'SessionResponse', description: 'The checkout session after the change.' },
)

export const DistributeRequestSchema = Type.Object(
  {
    recipient: Type.Union([EmailSchema, PhoneNumberSchema], {
      description: 'An e-mail address (sent by e-mail) or a phone number with country code (sent by SMS).',
      examples: ['ana.garcia@example.com', '+34600123456'],
      'x-error-message': 'must be an e-mail address or a phone number with country code',
    }),
  },
  {
    title: 'DistributeRequest',
    additionalProperties: false,
    description: 'Send the hosted page link to the customer.',
  },
)

export const DistributionSchema = Type.Object(
  {
    id: UuidSchema,
    hpp_id: UuidSchema,
    recipient: Type.String(),
    channel: DistributionChannel.schema,
    sent_at: DateTimeSchema,
  },
  {
    title: 'Distribution',
    description: 'A hosted page link sent to a customer. The sandbox keeps messages instead of sending them.',
  },
)

export const DistributeResponseSchema = Type.Object(
  { status: Type.Literal('ok'), payload: DistributionSchema, identifier: UuidSchema },
  { title: 'DistributeResponse', description: 'The link was sent.' },
)

export const OutboxMessageSchema = Type.Object(
  {
    ...DistributionSchema.properties,
    body: Type.String({ description: 'The text the customer would receive, with the hosted page link.' }),
  },
  {
    title: 'OutboxMessage',
    description: 'A hosted page link the sandbox kept instead of sending it by e-mail or SMS.',
  },
)

export const OutboxListResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: Type.Array(OutboxMessageSchema, {
      description: 'The messages of the hosted page, oldest first.',
    }),
    identifier: { ...UuidSchema, description: 'The hosted page id.' },
  },
  { title: 'OutboxListResponse', description: 'What the sandbox would have sent for a hosted page.' },
)

export const CustomerActionRequestSchema = Type.Object(
  {
    action: CustomerAction.schema,
    payment_method_type: Type.Optional(PaymentMethodType.schema),
  },
  {
    title: 'CustomerActionRequest',
    additionalProperties: false,
    description:
      'Sandbox only: play the customer and the lender. `approve` completes the checkout with `payment_method_type` (default the first offered), `deny` has the lender deny it, `challenge` asks for a down payment, `desist` gives up.',
  },
)

export const ClockAdvanceRequestSchema = Type.Object(
  {
    minutes: Type.Integer({
      minimum: 1,
      maximum: 525600,
      description: 'Minutes to move the sandbox clock forward (at most a year).',
    }),
  },
  {
    title: 'ClockAdvanceRequest',
    additionalProperties: false,
    description: 'Sandbox only: move your sandbox clock forward and run every timer that falls due.',
  },
)

export const ClockResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: Type.Object({
      now: DateTimeSchema,
      offset_minutes: Type.Integer(),
      timers_run: Type.Integer({ minimum: 0 }),
    }),
    identifier: UuidSchema,
  },
  {
    title: 'ClockResponse',
    description: 'The sandbox clock after the move; `identifier` is your merchant id.',
  },
)
