import Type from 'typebox'
import { ConditionsSchema } from './checkout-session.ts'
import { BasicCustomerSchema, FullCustomerSchema } from './customer.ts'
import {
  CheckoutSessionStatus,
  CustomizationShape,
  HppStatus,
  OfferablePaymentMethodType,
  PaymentIntentStatus,
  PaymentMethodType,
} from './enums.ts'
import { InsuranceSchema, SetupFeeSchema } from './payment-methods.ts'
import { DateTimeSchema, MoneySchema, Nullable, UuidSchema } from './primitives.ts'
import { CustomizationSchema } from './ui.ts'

/**
 * The client API: what the hosted payment page, the embedded checkout iframe and checkout-js call from the
 * customer's browser. It is scoped by the session's capability (the hosted page id in the path, or the
 * embedded `client_secret` in the `x-client-secret` header), never by the merchant's token, and it shows
 * the customer only what the customer may see. Public pricing and simulation calls need an agent id only.
 * Base path: /api/v2/client. See docs/adr/0006.
 */

/** Which customer details each payment method needs on the hosted page and in the embedded checkout. */
export const CUSTOMER_REQUIREMENTS = {
  bnpl_instalments: 'basic',
  bnpl_split_pay: 'basic',
  subscription: 'basic',
  card_payment: 'basic',
  a2a_payment: 'basic',
  consumer_loan_instalments: 'full',
  consumer_loan_split_pay: 'full',
  credit_line: 'full',
  auto_loan: 'full',
} as const satisfies Record<(typeof PaymentMethodType.values)[number], 'basic' | 'full'>

export const InstalmentSchema = Type.Object(
  {
    number: Type.Integer({ minimum: 1 }),
    month: Type.Integer({
      minimum: 1,
      description:
        'Months after the purchase when it is due: `number` plus the grace period (`conditions.grace_period`).',
    }),
    amount: Type.Integer({ description: 'Amount due, in cents (fees and insurance included).' }),
  },
  { title: 'Instalment', description: 'One payment of the schedule.' },
)

export const OfferSchema = Type.Object(
  {
    payment_method_type: PaymentMethodType.schema,
    pricing_id: Nullable(UuidSchema),
    period: Type.Integer({ minimum: 1, description: 'Term in months.' }),
    conditions: ConditionsSchema,
    schedule: Type.Array(InstalmentSchema),
    total_payable: Type.Integer({ description: 'Everything the customer pays, in cents.' }),
    total_cost_of_credit: Type.Integer({ description: 'Total payable minus the amount financed, in cents.' }),
  },
  { title: 'Offer', description: 'The loan conditions of one payment method for one term.' },
)

export const LenderSchema = Type.Object(
  {
    name: Type.String({ description: 'Legal name of the lender.' }),
    address: Type.String({ description: 'Registered address.' }),
    phone: Type.String(),
    email: Type.String(),
    website: Type.String(),
    registration: Type.String({ description: 'Its entry in the register of its supervisory authority.' }),
    supervisor: Type.String({ description: 'The authority that supervises it.' }),
  },
  {
    title: 'Lender',
    description:
      'The lender that grants the credit of the financed payment methods: who the customer contracts the credit with. Show its name with the offer; the SECCI opens with these details.',
  },
)

export const ClientPaymentMethodSchema = Type.Object(
  {
    type: PaymentMethodType.schema,
    customer_details: Type.Unsafe<'basic' | 'full'>({
      type: 'string',
      enum: ['basic', 'full'],
      description:
        '`basic`: name, e-mail, phone and document number; `full`: the full customer of a payment intent.',
    }),
    offers: Type.Array(OfferSchema, {
      description:
        'One per term offered (empty for a single card payment), priced with the grace period the read asked for (`?grace_period`, else none).',
    }),
    max_grace_period: Type.Integer({
      minimum: 0,
      description:
        'The longest grace period, in months, the customer may choose for this method: `grace_period` from 0 to it when completing (`options.max_grace_period` of the method, else its pricing\u2019s). 0: none (BNPL, subscriptions, card and account-to-account payments).',
    }),
    status: PaymentIntentStatus.schema,
  },
  { title: 'ClientPaymentMethod', description: 'A payment method the customer can choose.' },
)

export const ClientSessionSchema = Type.Object(
  {
    checkout_session_id: UuidSchema,
    mode: Type.Unsafe<'embedded' | 'hpp'>({ type: 'string', enum: ['embedded', 'hpp'] }),
    status: CheckoutSessionStatus.schema,
    hpp_status: Nullable(HppStatus.schema),
    purchase_country: Type.Unsafe<'ESP' | 'FRA'>({ type: 'string', enum: ['ESP', 'FRA'] }),
    merchant_name: Type.String(),
    lender: LenderSchema,
    page_title: Nullable(Type.String()),
    logo_url: Nullable(Type.String()),
    customization: Nullable(CustomizationSchema),
    total: MoneySchema,
    lines: Type.Array(
      Type.Object({
        name: Type.String(),
        units: Type.Integer(),
        total: MoneySchema,
        image_url: Nullable(Type.String()),
      }),
    ),
    customer: Type.Union(
      [
        Type.Object({
          first_name: Type.String(),
          last_name: Type.String(),
          email: Nullable(Type.String()),
          phone_number: Nullable(Type.String()),
          document_number: Nullable(Type.String()),
        }),
        Type.Null(),
      ],
      {
        description:
          'The details known so far, to prefill the form. Null once the customer is done (paid, approved for your confirmation, given up, denied, cancelled or expired): the link may stay in browser history or be forwarded.',
      },
    ),
    payment_methods: Type.Array(ClientPaymentMethodSchema),
    selected_payment_method_type: Nullable(PaymentMethodType.schema),
    down_payment: Nullable(
      Type.Object({
        amount: MoneySchema,
        paid: Type.Boolean(),
        checkout_session_id: Nullable(UuidSchema),
        redirect_url: Nullable(Type.String({ description: 'Hosted page of the down payment (hpp mode).' })),
      }),
    ),
    expires_at: Nullable(DateTimeSchema),
    success_url: Nullable(
      Type.String({ description: 'Where to send the customer after success, parameters appended.' }),
    ),
    cancel_url: Nullable(
      Type.String({
        description:
          'Where to send the customer after cancel, parameters appended: `order_reference`, `checkout_session_id` and, once the session is over, `checkout_session_status` (`denied`, `desisted`, `cancelled` or `expired`), for display only.',
      }),
    ),
  },
  { title: 'ClientSession', description: 'The checkout session as the customer sees it.' },
)

/** The query of `GET /client/hpp/{hpp_id}` and `GET /client/embedded`. */
export const ClientSessionQuerySchema = Type.Object(
  {
    grace_period: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1200,
        description:
          'Price every offer with this many months of grace before the first instalment: each financed method with `grace_period`, or with its `max_grace_period` when that is less (each offer\u2019s `conditions.grace_period` says which). Omitted: 0. Read the session again with it to show the customer the figures of the grace they choose.',
      }),
    ),
  },
  { title: 'ClientSessionQuery' },
)

/** The languages the customer-facing texts of the API (the SECCI) are written in. */
export const CUSTOMER_LANGUAGES = ['es', 'fr', 'en'] as const

/**
 * L312-5 of the French Code de la consommation: an offer of credit to a consumer in France carries this
 * sentence, word for word, whatever the language of the page. The hosted page, the SECCI and checkout-js's
 * simulator show it.
 */
export const FRENCH_CREDIT_WARNING =
  'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.'

/** The query of `GET /client/hpp/{hpp_id}/secci` and `GET /client/embedded/secci`, and of the printable page. */
export const SecciQuerySchema = Type.Object(
  {
    payment_method_type: PaymentMethodType.schema,
    period: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'The term, one of the method\u2019s `offers[].period`. Omitted: the shortest.',
      }),
    ),
    grace_period: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1200,
        description:
          'Months of grace before the first instalment, 0 (the default) to the method\u2019s `max_grace_period`.',
      }),
    ),
    lang: Type.Optional(
      Type.Unsafe<(typeof CUSTOMER_LANGUAGES)[number]>({
        type: 'string',
        enum: [...CUSTOMER_LANGUAGES],
        description: 'Language of the texts. Omitted: the purchase country\u2019s (ESP: `es`, FRA: `fr`).',
      }),
    ),
  },
  { title: 'SecciQuery' },
)

export const SecciSchema = Type.Object(
  {
    language: Type.Unsafe<(typeof CUSTOMER_LANGUAGES)[number]>({
      type: 'string',
      enum: [...CUSTOMER_LANGUAGES],
    }),
    title: Type.String({
      description:
        'The form\u2019s name in the language, e.g. `Información normalizada europea sobre el crédito al consumo`.',
    }),
    payment_method_type: PaymentMethodType.schema,
    offer: OfferSchema,
    lender: LenderSchema,
    sections: Type.Array(
      Type.Object({
        id: Type.Unsafe<'creditor' | 'product' | 'costs' | 'legal' | 'distance'>({
          type: 'string',
          enum: ['creditor', 'product', 'costs', 'legal', 'distance'],
        }),
        heading: Type.String(),
        rows: Type.Array(
          Type.Object({
            id: Type.String({ description: 'Stable name of the row, e.g. `apr`, `withdrawal`.' }),
            label: Type.String(),
            value: Type.String({ description: 'The offer\u2019s figures formatted for the language.' }),
          }),
        ),
      }),
      {
        description: 'The five sections of Annex II, in its order, each with its headings and their content.',
      },
    ),
    credit_warning: Nullable(
      Type.String({
        description:
          'The sentence the law of the purchase country requires beside an offer of credit, to show as it is: in France (and on a page in French), «Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.» (Code de la consommation, L312-5); null otherwise.',
      }),
    ),
    printable_url: Nullable(
      Type.String({
        description:
          'The same information as a printable page the customer can keep (print or save as PDF): `<hosted page>/secci` with the same query. Null in the embedded checkout, whose secret never goes in a URL.',
      }),
    ),
  },
  {
    title: 'Secci',
    description:
      'The Standard European Consumer Credit Information (SECCI; «Información normalizada europea sobre el crédito al consumo», «Fiche d\u2019information standardisée européenne») of one offer: the headings of Directive 2008/48/EC, Annex II, filled in with the offer\u2019s conditions, the lender and the order. Give it to the customer before they confirm.',
  },
)

export const ClientCompleteRequestSchema = Type.Object(
  {
    payment_method_type: PaymentMethodType.schema,
    period: Type.Optional(Type.Integer({ minimum: 1, description: 'Chosen term in months (loans).' })),
    grace_period: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Months of grace before the first instalment (loans): 0 (the default) to the method\u2019s `max_grace_period`; more answers 400 naming `/grace_period`. Interest accrues during the grace and is added to the principal each month; the first instalment falls due at month `grace_period + 1`.',
      }),
    ),
    customer: Type.Union([BasicCustomerSchema, FullCustomerSchema], {
      description:
        'The customer details the method needs (`customer_details`): the basic customer, or the full customer for loans. Validated with the contract rules (400 with schema_errors).',
    }),
  },
  {
    title: 'ClientCompleteRequest',
    additionalProperties: false,
    description: 'The customer completes the checkout.',
  },
)

export const ClientOutcomeSchema = Type.Object(
  {
    status: CheckoutSessionStatus.schema,
    payment_intent_status: Nullable(PaymentIntentStatus.schema),
    redirect_url: Nullable(
      Type.String({
        description:
          'Hosted page: where to send the customer now (success or cancel URL with parameters), when given.',
      }),
    ),
    session: ClientSessionSchema,
  },
  { title: 'ClientOutcome', description: 'What happened, and where the customer goes next.' },
)

export const PublicPricingSchema = Type.Object(
  {
    pricing_id: UuidSchema,
    name: Type.String(),
    payment_method_type: PaymentMethodType.schema,
    periods: Type.Array(Type.Integer()),
    annual_interest: Type.Number(),
    max_grace_period: Type.Integer(),
    setup_fee: Nullable(SetupFeeSchema),
    insurance: Nullable(InsuranceSchema),
  },
  { title: 'PublicPricing', description: 'An agent pricing as shown to customers (no merchant fee).' },
)

export const AgentConfigurationSchema = Type.Object(
  {
    agent_id: UuidSchema,
    merchant_name: Type.String(),
    purchase_countries: Type.Array(Type.String()),
    currency: Type.Literal('EUR'),
    payment_method_types: Type.Array(PaymentMethodType.schema),
    pricings: Type.Array(PublicPricingSchema),
  },
  {
    title: 'AgentConfiguration',
    description: 'What an agent (point of sale) offers, for widgets and simulators.',
  },
)

export const SimulationRequestSchema = Type.Object(
  {
    agent_id: UuidSchema,
    amount: Type.Integer({
      exclusiveMinimum: 0,
      maximum: 100_000_000,
      description: 'Purchase amount in cents.',
    }),
    payment_method_type: Type.Optional(OfferablePaymentMethodType.schema),
    period: Type.Optional(Type.Integer({ minimum: 1 })),
    grace_period: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Months of grace before the first instalment (default 0): only the types whose `max_grace_period` allows it are simulated, priced with it (interest accrues during the grace and is capitalised; the schedule starts at month `grace_period + 1`). When none allows it, 400 naming the field.',
      }),
    ),
  },
  {
    title: 'SimulationRequest',
    additionalProperties: false,
    description: 'Simulate the loan conditions of an amount.',
  },
)

export const SimulationResponseSchema = Type.Object(
  {
    amount: MoneySchema,
    offers: Type.Array(OfferSchema),
  },
  { title: 'SimulationResponse', description: 'Every offer for the amount (or the one asked).' },
)

export const ShapeSchema = CustomizationShape.schema

/**
 * The `exception` of an error found in the browser rather than answered by the API: checkout-js's `PlazoError`
 * and the checkout iframe's `error` message carry them, with `status` 0 (no error answer) unless said.
 */
export const CLIENT_EXCEPTIONS = {
  /** The API could not be reached: no answer at all. */
  networkError: 'plazo.client.network_error',
  /** The checkout iframe was not ready within checkout-js's `loadTimeout`. */
  frameTimeout: 'plazo.client.frame_timeout',
  /** The session read with the client secret has expired: the customer cannot pay it any more. */
  sessionExpired: 'plazo.client.session_expired',
  /** The API answered an error without an error body (a proxy's page, a 500); `status` is its status. */
  unexpectedResponse: 'plazo.client.unexpected_response',
  /** checkout-js refused an argument before calling the API (its message says which). */
  invalidArgument: 'plazo.client.invalid_argument',
} as const

/**
 * postMessage protocol between checkout-js (merchant page) and the checkout iframe (API origin).
 * Every message is `{ source: 'plazo-checkout', type, ... }`; each side checks the other's origin.
 * `ready`: the iframe listens (checkout-js answers with `init`); `loaded`: it read the session with the
 * secret and the customer can use it; `error`: it could not (`status` 0 when the API gave no error answer).
 */
export type CheckoutFrameMessage =
  | { source: 'plazo-checkout'; type: 'ready' }
  | { source: 'plazo-checkout'; type: 'loaded' }
  | { source: 'plazo-checkout'; type: 'resize'; height: number }
  | { source: 'plazo-checkout'; type: 'complete'; status: string; checkout_session_id: string }
  | { source: 'plazo-checkout'; type: 'cancel'; checkout_session_id: string }
  | { source: 'plazo-checkout'; type: 'error'; status: number; exception: string; message: string }

export type CheckoutHostMessage = {
  source: 'plazo-checkout'
  type: 'init'
  client_secret: string
  locale?: 'es' | 'fr' | 'en'
  payment_method_type?: string
}
