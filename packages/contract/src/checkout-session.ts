import Type from 'typebox'
import { ReadCartSchema } from './cart.ts'
import { ReadCustomerSchema } from './customer.ts'
import {
  CheckoutMode,
  CheckoutSessionStatus,
  HppStatus,
  OperationStatus,
  PaymentIntentStatus,
  PaymentMethodType,
  PurchaseCountry,
  UiMode,
} from './enums.ts'
import { InsuranceSchema, ReadDownPaymentSchema, ReadPaymentMethodSchema } from './payment-methods.ts'
import { CurrencySchema, DateTimeSchema, MoneySchema, Nullable, UuidSchema } from './primitives.ts'
import { ReadBillingSchema, ReadShippingSchema } from './shipping-billing.ts'
import { CustomizationSchema, HppCustomizationSchema, MerchantUrlsSchema } from './ui.ts'

export const ConditionsSchema = Type.Object(
  {
    currency: CurrencySchema,
    principal: Type.Integer({
      exclusiveMinimum: 0,
      description: 'Financed amount in cents, taxes included, discounts excluded (> 0).',
    }),
    term: Type.Optional(Type.Integer({ minimum: 1, description: 'Number of instalments (loans only).' })),
    user_defined_quota: Type.Integer({
      exclusiveMinimum: 0,
      description: 'Regular instalment in cents (> 0), excluding non-financed fees or insurance.',
    }),
    interest: Type.Number({ minimum: 0, maximum: 1, description: 'Annual nominal interest rate, 0 to 1.' }),
    apr: Type.Number({ minimum: 0, description: 'APR (TAE) as a ratio (0.0829 = 8.29 %).' }),
    insurance: Nullable(InsuranceSchema),
    grace_period: Type.Integer({
      minimum: 0,
      description:
        'Months of grace the customer chose before the first instalment (0 to the method\u2019s `max_grace_period`): nothing is due, interest accrues and is added to the principal each month, and the first instalment falls due at month `grace_period + 1`.',
    }),
  },
  {
    title: 'Conditions',
    description:
      'Loan conditions of a payment intent. Financed insurance joins the principal and is paid over the instalments; otherwise it is paid upfront with the first instalment.',
  },
)

export const NotificationConditionsSchema = Type.Object(
  {
    ...ConditionsSchema.properties,
    down_payment_amount: Type.Integer({ minimum: 0, description: 'Down payment in cents.' }),
  },
  { title: 'NotificationConditions', description: 'Conditions as notified: with `down_payment_amount`.' },
)

export const PaymentIntentSchema = Type.Object(
  {
    created_at: DateTimeSchema,
    status: PaymentIntentStatus.schema,
    payment_method_id: {
      ...UuidSchema,
      description: 'Id of the payment intent (`selected_payment_method_id`).',
    },
    payment_method_type: PaymentMethodType.schema,
    provider_name: Nullable(Type.String({ description: 'Lender that decided the intent.' })),
    provider_request_id: Nullable(Type.String({ description: 'Lender reference of the request.' })),
    conditions: Nullable(ConditionsSchema),
  },
  { title: 'PaymentIntent', description: 'One attempt to pay with one payment method.' },
)

export const NotificationPaymentIntentSchema = Type.Object(
  { ...PaymentIntentSchema.properties, conditions: Nullable(NotificationConditionsSchema) },
  { title: 'NotificationPaymentIntent', description: 'A payment intent as notified.' },
)

export const HppSchema = Type.Object(
  {
    id: UuidSchema,
    created_at: DateTimeSchema,
    updated_at: DateTimeSchema,
    checkout_session_id: UuidSchema,
    status: HppStatus.schema,
    expires_at: Nullable(DateTimeSchema),
    merchant_urls: Nullable(MerchantUrlsSchema),
    customization: Nullable(HppCustomizationSchema),
  },
  { title: 'Hpp', description: 'The hosted payment page of a session.' },
)

export const ReadMerchantSchema = Type.Object(
  {
    order_reference_1: Type.String(),
    order_reference_2: Nullable(Type.String()),
    store_reference: Nullable(Type.String()),
    seller_reference: Nullable(Type.String()),
    checkout_mode: CheckoutMode.schema,
    notification_url: Nullable(Type.String()),
    max_interval_in_minutes_for_confirm: Nullable(Type.Integer()),
    max_interval_in_minutes_for_capture: Nullable(Type.Integer()),
    invitation_expires_on_date: Nullable(DateTimeSchema),
  },
  {
    title: 'ReadMerchant',
    description: 'The merchant data of the order as returned (notification credentials are never returned).',
  },
)

export const OperationSchema = Type.Object(
  {
    id: UuidSchema,
    created_at: DateTimeSchema,
    status: OperationStatus.schema,
    description: Nullable(Type.String()),
    amount: MoneySchema,
    item_ids: Type.Array(UuidSchema, {
      description: 'Order lines this operation covered (empty for a refund by amount).',
    }),
    transactional: Type.Boolean(),
  },
  {
    title: 'Operation',
    description: 'A capture or a refund. `pending` while an asynchronous lender decides.',
  },
)

export const CheckoutSessionSchema = Type.Object(
  {
    id: UuidSchema,
    created_at: DateTimeSchema,
    updated_at: DateTimeSchema,
    status: CheckoutSessionStatus.schema,
    mode: UiMode.schema,
    user_id: UuidSchema,
    agent_id: UuidSchema,
    merchant_id: UuidSchema,
    merchant: ReadMerchantSchema,
    total_price: MoneySchema,
    purchase_country: PurchaseCountry.schema,
    down_payment: Nullable(ReadDownPaymentSchema),
    payment_methods: Type.Array(ReadPaymentMethodSchema, { minItems: 1 }),
    cart: ReadCartSchema,
    downpayment_checkout_session_id: Nullable({
      ...UuidSchema,
      description: 'Child session collecting the down payment.',
    }),
    selected_payment_method_type: Nullable(PaymentMethodType.schema),
    selected_payment_method_id: Nullable({
      ...UuidSchema,
      description: 'Equals the selected payment intent id.',
    }),
    options: Type.Object({
      expires_at: Nullable(DateTimeSchema),
      customization: Nullable(CustomizationSchema),
    }),
    customer: Nullable(ReadCustomerSchema),
    payment_intents: Type.Array(PaymentIntentSchema, { minItems: 1 }),
    hpp: Nullable(HppSchema),
    shipping: Nullable(ReadShippingSchema),
    billing: Nullable(ReadBillingSchema),
    captured_amount: MoneySchema,
    refunded_amount: MoneySchema,
    captures: Type.Array(OperationSchema),
    refunds: Type.Array(OperationSchema),
  },
  {
    title: 'CheckoutSession',
    description:
      'A checkout session as returned. `captured_amount`, `refunded_amount`, `captures`, `refunds`, `merchant` and `mode` are Plazo additions to help order management.',
  },
)

export const EmbeddedCreateResponseSchema = Type.Object(
  {
    checkout_session_id: UuidSchema,
    client_secret: Type.String({
      description:
        'Pass it to checkout-js in the browser to mount the checkout. Keep it out of URLs and logs.',
    }),
  },
  { title: 'EmbeddedCreateResponse', description: 'Embedded session created.' },
)

export const HppCreateResponseSchema = Type.Object(
  {
    checkout_session_id: UuidSchema,
    redirect_url: Type.String({
      format: 'uri',
      description: 'Send the customer here: `<public url>/hpp/<hpp_id>`.',
    }),
    qr_code_url: Type.String({
      format: 'uri',
      description: 'A QR code image of `redirect_url` (redirect URL + `/qr`).',
    }),
    distribution_url: Type.String({
      format: 'uri',
      description: 'Redirect URL + `/distribute`: where the link can be sent to the customer.',
    }),
  },
  { title: 'HppCreateResponse', description: 'Hosted-page session created.' },
)

export const CreateResponseSchema = Type.Union([EmbeddedCreateResponseSchema, HppCreateResponseSchema], {
  title: 'CreateResponse',
  description: 'Embedded: `client_secret`; hpp: `redirect_url`, `qr_code_url`, `distribution_url`.',
})

export const GetSessionResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: CheckoutSessionSchema,
    identifier: { ...UuidSchema, description: 'Id of the returned entity (the checkout session id).' },
  },
  { title: 'GetSessionResponse', description: 'A checkout session.' },
)

/** The most sessions one page of `GET /checkout/` lists, and how many it lists without `limit`. */
export const SESSION_LIST_MAX_LIMIT = 100
export const SESSION_LIST_DEFAULT_LIMIT = 20

export const SessionListQuerySchema = Type.Object(
  {
    status: Type.Optional(CheckoutSessionStatus.schema),
    mode: Type.Optional(UiMode.schema),
    created_from: Type.Optional({
      ...DateTimeSchema,
      description: 'Only sessions created at or after this time (ISO 8601, with its offset).',
    }),
    created_to: Type.Optional({
      ...DateTimeSchema,
      description: 'Only sessions created at or before this time (ISO 8601, with its offset).',
    }),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SESSION_LIST_MAX_LIMIT,
        description: `How many sessions at most (1 to ${SESSION_LIST_MAX_LIMIT}, default ${SESSION_LIST_DEFAULT_LIMIT}).`,
      }),
    ),
    starting_after: Type.Optional({
      ...UuidSchema,
      description:
        'The `id` of the last session of the previous page: the list goes on with the sessions created before it.',
    }),
  },
  { additionalProperties: false },
)

export const SessionListResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: Type.Array(CheckoutSessionSchema, { description: 'The sessions, newest first.' }),
    has_more: Type.Boolean({
      description: 'More sessions match: ask again with `starting_after` set to the `id` of the last one.',
    }),
  },
  { title: 'SessionListResponse', description: 'A page of your checkout sessions, newest first.' },
)
