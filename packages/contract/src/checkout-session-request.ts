import Type from 'typebox'
import { CartSchema } from './cart.ts'
import { BasicCustomerSchema, FullCustomerSchema } from './customer.ts'
import { OfferablePaymentMethodType, PurchaseCountry } from './enums.ts'
import { MerchantSchema } from './merchant.ts'
import { DownPaymentRequestSchema, PaymentMethodsSchema } from './payment-methods.ts'
import { FutureDateTimeSchema, UuidSchema } from './primitives.ts'
import { DEMO_AGENT_ONLINE_ID } from './sandbox-ids.ts'
import { discriminated } from './schema-helpers.ts'
import { BillingSchema, ShippingSchema } from './shipping-billing.ts'
import { EmbeddedUiSchema, HppUiSchema } from './ui.ts'

export const ProcessedPaymentMethodSchema = Type.Object(
  {
    type: OfferablePaymentMethodType.schema,
    period: Type.Optional(Type.Integer({ minimum: 1, description: 'Chosen term in months.' })),
    grace_period: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Months of grace the customer chose before the first instalment: 0 (the default) to the method\u2019s `max_grace_period` (its `options.max_grace_period`, else its pricing\u2019s; 0 for BNPL); more answers 400 naming the field. Interest accrues during the grace and is added to the principal each month; the first instalment falls due at month `grace_period + 1`.',
      }),
    ),
  },
  {
    title: 'ProcessedPaymentMethod',
    additionalProperties: false,
    description:
      'The payment method (term and grace period) the customer already chose in your front end. It must be one of `payment_methods`, `period` one of that method\u2019s terms (`options.periods`, else its pricing\u2019s; none for card and account-to-account payments) and `grace_period` at most its `max_grace_period`: 400 naming the field otherwise. `POST /checkout/payment-intent/` processes the payment intent with it; on `POST /checkout/` it is only checked.',
  },
)

export const UiSchema = discriminated('mode', [EmbeddedUiSchema, HppUiSchema], {
  title: 'Ui',
  description: 'Integration mode and its options. Omitted: embedded.',
})

const common = {
  merchant: MerchantSchema,
  cart: CartSchema,
  purchase_country: Type.Optional(PurchaseCountry.schema),
  agent_id: Type.Optional({
    ...UuidSchema,
    examples: [DEMO_AGENT_ONLINE_ID],
    description:
      'One of your agents (points of sale). Omitted: your first agent. Another merchant\u2019s agent is rejected (400).',
  }),
  payment_methods: Type.Optional(PaymentMethodsSchema),
  down_payment: Type.Optional(DownPaymentRequestSchema),
  customer: Type.Optional(BasicCustomerSchema),
  shipping: Type.Optional(ShippingSchema),
  billing: Type.Optional(BillingSchema),
  expires_at: Type.Optional(
    FutureDateTimeSchema('The session expires (status `expired`) if not completed by then.'),
  ),
  processed_payment_method: Type.Optional(ProcessedPaymentMethodSchema),
}

export const EmbeddedCheckoutSessionRequestSchema = Type.Object(
  { ...common, ui: Type.Optional(EmbeddedUiSchema) },
  {
    title: 'EmbeddedCheckoutSessionRequest',
    additionalProperties: false,
    description: 'Create (or update) an embedded checkout session. `merchant` and `cart` are required.',
  },
)

export const HppCheckoutSessionRequestSchema = Type.Object(
  { ...common, ui: HppUiSchema },
  {
    title: 'HppCheckoutSessionRequest',
    additionalProperties: false,
    description:
      'Create (or update) a hosted-payment-page checkout session. `merchant`, `cart` and `ui` (mode hpp) are required.',
  },
)

/** What `POST /checkout/` and `PUT /checkout/{id}/` accept: either mode. */
export const CheckoutSessionRequestSchema = Type.Object(
  { ...common, ui: Type.Optional(UiSchema) },
  {
    title: 'CheckoutSessionRequest',
    additionalProperties: false,
    description: 'A checkout session request in either mode; `ui.mode` chooses (default embedded).',
  },
)

export const PaymentIntentRequestSchema = Type.Object(
  { ...common, customer: FullCustomerSchema, ui: Type.Optional(UiSchema) },
  {
    title: 'PaymentIntentRequest',
    additionalProperties: false,
    description:
      'Creates the session and processes the payment intent at once: like a checkout session request, but the full customer is required. The intent uses `processed_payment_method`, or else the first of `payment_methods` with its shortest term.',
  },
)
