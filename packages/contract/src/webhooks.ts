import Type, { type TProperties } from 'typebox'
import { OrderLineSchema } from './cart.ts'
import { NotificationConditionsSchema, NotificationPaymentIntentSchema } from './checkout-session.ts'
import { CheckoutSessionStatus, DownPaymentMethodType, PaymentIntentStatus } from './enums.ts'
import { DateTimeSchema, MoneySchema, Nullable, UuidSchema } from './primitives.ts'

const common = {
  checkout_session_id: UuidSchema,
  event_id: {
    ...UuidSchema,
    description: 'Stable id of the event: the same on every delivery attempt. Deduplicate on it.',
  },
  triggered_at: DateTimeSchema,
  order_reference_1: Type.String(),
  order_reference_2: Nullable(Type.String()),
  selected_payment_intent: Nullable(NotificationPaymentIntentSchema),
  additional_payload: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Your `notification_additional_payload`, as sent when the session was created (may hold a cart value).',
    }),
  ),
}

function event<const E extends string, P extends TProperties>(
  name: E,
  title: string,
  description: string,
  properties: P,
) {
  return Type.Object(
    { event: Type.Literal(name), ...common, ...properties },
    { title, description: `${description} Delivered as a POST with a JSON body; answer 2XX to acknowledge.` },
  )
}

export const CheckoutSessionStatusChangedSchema = event(
  'checkout_session_status_changed',
  'CheckoutSessionStatusChangedEvent',
  'The checkout session changed status.',
  {
    status: CheckoutSessionStatus.schema,
    payment_intents: Type.Array(NotificationPaymentIntentSchema),
  },
)

export const PaymentIntentStatusChangedSchema = event(
  'payment_intent_status_changed',
  'PaymentIntentStatusChangedEvent',
  'A payment intent changed status; `status` is the intent status and `selected_payment_intent` the intent.',
  { status: PaymentIntentStatus.schema },
)

export const DownPaymentStatusChangedSchema = event(
  'down_payment_status_changed',
  'DownPaymentStatusChangedEvent',
  'The down payment collected by the child session changed status.',
  {
    status: CheckoutSessionStatus.schema,
    down_payment: Type.Object(
      {
        status: CheckoutSessionStatus.schema,
        downpayment_checkout_session_id: UuidSchema,
        downpayment_order_reference_1: Type.String(),
        downpayment_order_reference_2: Nullable(Type.String()),
        amount: MoneySchema,
        payment_methods: Type.Array(DownPaymentMethodType.schema),
        selected_payment_intent: Nullable(NotificationPaymentIntentSchema),
        payment_intents: Type.Array(NotificationPaymentIntentSchema),
      },
      { title: 'DownPaymentNotification', description: 'The child session that collects the down payment.' },
    ),
  },
)

export const ConditionsChangedSchema = event(
  'conditions_changed',
  'ConditionsChangedEvent',
  'The loan conditions of the selected payment intent changed: after a down payment is paid, or when an update lowers the total of a confirmed order.',
  {
    status: CheckoutSessionStatus.schema,
    conditions: NotificationConditionsSchema,
    down_payment: Type.Object({ amount: MoneySchema }, { description: 'The down payment amount.' }),
  },
)

export const CaptureApprovedSchema = event(
  'capture_approved',
  'CaptureApprovedEvent',
  'A capture was approved by the lender.',
  {
    status: CheckoutSessionStatus.schema,
    description: Nullable(Type.String()),
    captured_amount: MoneySchema,
    captured_items: Type.Array(OrderLineSchema),
  },
)

export const RefundApprovedSchema = event(
  'refund_approved',
  'RefundApprovedEvent',
  'A refund was approved by the lender.',
  {
    status: CheckoutSessionStatus.schema,
    description: Nullable(Type.String()),
    refunded_amount: MoneySchema,
    refunded_items: Type.Array(OrderLineSchema),
  },
)

export const WEBHOOK_EVENT_SCHEMAS = {
  checkout_session_status_changed: CheckoutSessionStatusChangedSchema,
  payment_intent_status_changed: PaymentIntentStatusChangedSchema,
  down_payment_status_changed: DownPaymentStatusChangedSchema,
  conditions_changed: ConditionsChangedSchema,
  capture_approved: CaptureApprovedSchema,
  refund_approved: RefundApprovedSchema,
} as const

export type WebhookEvent = {
  [K in keyof typeof WEBHOOK_EVENT_SCHEMAS]: Type.Static<(typeof WEBHOOK_EVENT_SCHEMAS)[K]>
}[keyof typeof WEBHOOK_EVENT_SCHEMAS]
