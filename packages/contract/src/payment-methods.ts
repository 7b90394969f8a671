import Type from 'typebox'
import {
  DownPaymentCollection,
  DownPaymentMethodType,
  enumOf,
  LoanPaymentMethodType,
  ProcessingOrderBy,
  ProcessingStrategyType,
  SetupFeePaymentType,
  SetupFeeType,
} from './enums.ts'
import {
  CurrencySchema,
  DateSchema,
  MoneySchema,
  NonEmptyString,
  RatioSchema,
  UuidSchema,
} from './primitives.ts'
import { discriminated } from './schema-helpers.ts'

const periods = Type.Array(Type.Integer({ minimum: 1, maximum: 120 }), {
  minItems: 1,
  maxItems: 120,
  uniqueItems: true,
  description:
    'Terms offered, in months (e.g. 3, 6, 9, 12 for BNPL; 18 to 48 for consumer loans; 24 to 96 for auto loans).',
})

export const SetupFeeSchema = Type.Object(
  {
    payment_type: SetupFeePaymentType.schema,
    fee_type: SetupFeeType.schema,
    amount: Type.Number({
      minimum: 0,
      description:
        'For `percentage` a ratio of the principal (0 to 1); for `fix_amount` an amount in euros (decimals, not cents: 15.5 is 15.50 EUR).',
    }),
  },
  {
    title: 'SetupFee',
    additionalProperties: false,
    description: 'Opening fee of a loan. A `percentage` fee has an amount between 0 and 1.',
    if: { properties: { fee_type: { const: 'percentage' } }, required: ['fee_type'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
    then: { properties: { amount: { maximum: 1 } } },
  },
)

export const InsuranceSchema = Type.Object(
  {
    value: NonEmptyString('Insurance product, named per the commercial agreement.', 128),
    is_insurance_financed: Type.Boolean({
      description:
        'Financed: its amount joins the principal and is paid over the instalments. Otherwise paid upfront with the first instalment.',
    }),
  },
  { title: 'Insurance', additionalProperties: false, description: 'Loan insurance.' },
)

const baseOptions = {
  pricing_id: Type.Optional(UuidSchema),
  periods: Type.Optional(periods),
}

const loanOptions = {
  ...baseOptions,
  annual_interest: Type.Optional(RatioSchema('Annual nominal interest rate, 0 to 1 (0.0799 = 7.99 %).')),
  setup_fee: Type.Optional(SetupFeeSchema),
  insurance: Type.Optional(InsuranceSchema),
  max_grace_period: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'Longest grace period, in months, the customer may choose (`grace_period` when completing, or in `processed_payment_method`). Omitted: the pricing\u2019s.',
    }),
  ),
  merchant_fee: Type.Optional(
    RatioSchema(
      'Fee the merchant pays on the amount of credit (the cart amount financed), 0 to 1 (0.02 = 2 %). Never charged to the customer.',
    ),
  ),
}

export const LoanOptionsSchema = Type.Object(loanOptions, {
  title: 'LoanOptions',
  additionalProperties: false,
  description: 'Options of a financed payment method. Omitted options come from the agent pricing.',
})

export const ProcessingStrategySchema = Type.Object(
  {
    type: ProcessingStrategyType.schema,
    details: Type.Optional(
      Type.Object(
        {
          order_by: ProcessingOrderBy.schema,
          options: Type.Optional(
            Type.Array(
              Type.Object(
                { lender_name: NonEmptyString('Lender.'), pricing_name: NonEmptyString('Lender pricing.') },
                { additionalProperties: false },
              ),
              { maxItems: 50 },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    title: 'ProcessingStrategy',
    additionalProperties: false,
    description: 'How auto-loan lenders are asked.',
  },
)

export const AutoLoanOptionsSchema = Type.Object(
  {
    ...loanOptions,
    registration_date: Type.Optional(DateSchema),
    processing_strategy: Type.Optional(ProcessingStrategySchema),
  },
  { title: 'AutoLoanOptions', additionalProperties: false, description: 'Options of an auto loan.' },
)

export const BaseOptionsSchema = Type.Object(baseOptions, {
  title: 'PaymentMethodBaseOptions',
  additionalProperties: false,
  description: 'Options every payment method type takes.',
})

export const LoanPaymentMethodSchema = Type.Object(
  {
    type: enumOf(LoanPaymentMethodType.values, { description: LoanPaymentMethodType.description }),
    options: Type.Optional(LoanOptionsSchema),
  },
  { title: 'LoanPaymentMethod', additionalProperties: false, description: 'A financed payment method.' },
)
export const AutoLoanPaymentMethodSchema = Type.Object(
  { type: Type.Literal('auto_loan'), options: Type.Optional(AutoLoanOptionsSchema) },
  { title: 'AutoLoanPaymentMethod', additionalProperties: false, description: 'An auto loan.' },
)
export const CardPaymentMethodSchema = Type.Object(
  { type: Type.Literal('card_payment'), options: Type.Optional(BaseOptionsSchema) },
  { title: 'CardPaymentMethod', additionalProperties: false, description: 'A single card payment.' },
)

export const A2aPaymentMethodSchema = Type.Object(
  { type: Type.Literal('a2a_payment'), options: Type.Optional(BaseOptionsSchema) },
  {
    title: 'A2aPaymentMethod',
    additionalProperties: false,
    description: 'An account-to-account transfer. Only offered by the session that collects a down payment.',
  },
)

export const PaymentMethodSchema = discriminated(
  'type',
  [LoanPaymentMethodSchema, AutoLoanPaymentMethodSchema, CardPaymentMethodSchema],
  {
    title: 'PaymentMethod',
    description:
      'A payment method offered in the session: its `type` and optional `options`. Options not given come from the agent pricing of that type (see ADR 0003).',
  },
)

/** Payment methods as returned: a down-payment session also offers `a2a_payment`. */
export const ReadPaymentMethodSchema = discriminated(
  'type',
  [LoanPaymentMethodSchema, AutoLoanPaymentMethodSchema, CardPaymentMethodSchema, A2aPaymentMethodSchema],
  {
    title: 'ReadPaymentMethod',
    description: 'A payment method offered in the session, as returned.',
  },
)

export const PaymentMethodsSchema = Type.Array(PaymentMethodSchema, {
  minItems: 1,
  maxItems: 20,
  uniqueItems: true,
  description:
    'Payment methods offered (at least 1, unique; a `type` may appear only once — the API answers 400 otherwise). Omitted: every method the agent has a pricing for.',
})

export const DownPaymentRequestSchema = Type.Object(
  {
    down_payment_collection: DownPaymentCollection.schema,
    payment_methods: Type.Optional(
      Type.Array(DownPaymentMethodType.schema, {
        minItems: 1,
        maxItems: 10,
        uniqueItems: true,
        description: 'How the down payment can be paid (default both).',
      }),
    ),
    amount: Type.Optional(
      Type.Integer({ minimum: 0, default: 0, description: 'Down payment in cents (at least 0, default 0).' }),
    ),
    currency: Type.Optional(CurrencySchema),
  },
  {
    title: 'DownPayment',
    additionalProperties: false,
    description:
      'A down payment collected before the loan (`upfront`) or after approval and before confirmation (`before_confirm`) through a child checkout session.',
  },
)

export const ReadDownPaymentSchema = Type.Object(
  {
    down_payment_collection: DownPaymentCollection.schema,
    payment_methods: Type.Array(DownPaymentMethodType.schema),
    amount: MoneySchema,
    paid: Type.Boolean({ description: 'Whether the down-payment session has collected it.' }),
  },
  { title: 'ReadDownPayment', description: 'The down payment as returned.' },
)
