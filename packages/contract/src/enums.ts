import Type from 'typebox'
import { ISO_3166_1_ALPHA3 } from './countries.ts'
import { DOWN_PAYMENT_METHOD_TYPES, PAYMENT_METHOD_TYPES, without } from './payment-method-types.ts'

/**
 * Every enumeration of the product (spec §1, §3, §4), declared once. `ENUMS` below is the
 * catalogue the docs site renders on /docs/api/globals; the schemas use the `*Schema` values.
 */

/** A string enum whose static type is the literal union of its values. */
export function enumOf<const V extends readonly string[]>(values: V, options: Record<string, unknown> = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options })
}

function enumeration<const V extends readonly string[]>(title: string, values: V, description: string) {
  // Unsafe keeps the literal union as the static type; the JSON Schema is a plain `enum`.
  const schema = enumOf(values, { title, description })
  return { title, description, values, schema }
}

export const PaymentMethodType = enumeration(
  'PaymentMethodType',
  PAYMENT_METHOD_TYPES,
  'Payment method types. `card_payment` and `a2a_payment` collect down payments; `card_payment` also appears on read as a single payment.',
)

/** The payment method types a merchant may offer in `payment_methods` (a2a_payment is for down payments only). */
export const OfferablePaymentMethodType = enumeration(
  'OfferablePaymentMethodType',
  without(PaymentMethodType.values, ['a2a_payment'] as const),
  'Payment method types a merchant can offer in `payment_methods`. `a2a_payment` is only used to collect down payments.',
)

export const LoanPaymentMethodType = enumeration(
  'LoanPaymentMethodType',
  without(PaymentMethodType.values, ['auto_loan', 'card_payment', 'a2a_payment'] as const),
  'Financed payment method types other than `auto_loan` (which has extra options).',
)

export const DownPaymentMethodType = enumeration(
  'DownPaymentMethodType',
  DOWN_PAYMENT_METHOD_TYPES,
  'How a down payment is paid: by card or by account-to-account transfer.',
)

export const CheckoutSessionStatus = enumeration(
  'CheckoutSessionStatus',
  ['initial', 'confirmed', 'desisted', 'cancelled', 'expired', 'denied', 'challenge'] as const,
  'Checkout session status: `initial` open to changes; `confirmed` paid with an available method; `desisted` by the customer; `cancelled`; `expired`; `denied` every method was denied; `challenge` an extra action is needed (e.g. the customer pays a down payment).',
)

export const PaymentIntentStatus = enumeration(
  'PaymentIntentStatus',
  [
    'initial',
    'expired',
    'cancelled',
    'desisted',
    'denied',
    'on_hold',
    'approved',
    'confirmed',
    'paid',
  ] as const,
  'Payment intent status. `on_hold` waits for the lender; `approved` by the lender and waiting for confirmation; `confirmed` by the merchant or automatically; `paid` is used for a down payment that was collected.',
)

export const HppStatus = enumeration(
  'HppStatus',
  ['initial', 'completed', 'cancelled', 'expired', 'challenge'] as const,
  'Hosted payment page status.',
)

export const CheckoutMode = enumeration(
  'CheckoutMode',
  ['delegated', 'auto_confirm', 'auto_capture'] as const,
  '`auto_capture` (default) confirms and captures when the customer completes checkout; `auto_confirm` only confirms; `delegated` leaves confirm and capture to the merchant.',
)

export const UiMode = enumeration(
  'UiMode',
  ['embedded', 'hpp'] as const,
  '`embedded`: the checkout runs inside the merchant site; `hpp`: the customer is redirected to the hosted payment page.',
)

export const ArticleType = enumeration(
  'ArticleType',
  ['product', 'service', 'accommodation', 'travel', 'flight', 'automobile'] as const,
  'Article types accepted in requests.',
)

export const ReadArticleType = enumeration(
  'ReadArticleType',
  [...ArticleType.values, 'online_product'] as const,
  'Article types that can appear on read and in webhooks (`online_product` appears in some notifications).',
)

export const ProductCategory = enumeration(
  'ProductCategory',
  [
    'physical',
    'discount',
    'shipping_fee',
    'sales_tax',
    'digital',
    'gift_card',
    'store_credit_surcharge',
  ] as const,
  'Product categories. A `discount` article has a negative unit price and a negative line total.',
)

export const ServiceCategory = enumeration(
  'ServiceCategory',
  ['physical', 'digital'] as const,
  'Categories of service, accommodation, travel and flight articles.',
)

export const AutomobileCategory = enumeration(
  'AutomobileCategory',
  ['physical'] as const,
  'Category of automobile articles.',
)

export const ArticleCategory = enumeration(
  'ArticleCategory',
  ProductCategory.values,
  'Every article category that can appear on read.',
)

export const TravelCategory = enumeration(
  'TravelCategory',
  [
    'bus',
    'circuits',
    'cars',
    'cruise',
    'disney',
    'tickets',
    'excursions',
    'ferry',
    'grand_tours',
    'senior_travel_programs',
    'package',
    'insurance',
    'thematic',
    'transfers',
    'trains',
    'other',
  ] as const,
  'Travel categories.',
)

export const AutoCategory = enumeration(
  'AutoCategory',
  ['car', 'off_road', 'industrial', 'motorbike'] as const,
  'Vehicle categories.',
)

export const BodyType = enumeration(
  'BodyType',
  [
    'hatchback',
    'sedan',
    'suv',
    'coupe',
    'convertible',
    'wagon',
    'station_wagon',
    'minivan',
    'four_by_four',
    'cabrio',
    'pick_up',
    'industrial',
    'camper_van',
  ] as const,
  'Vehicle body types.',
)

export const FuelType = enumeration(
  'FuelType',
  [
    'gasoline',
    'diesel',
    'electric_hybrid',
    'electric',
    'hybrid',
    'compressed_natural_gas',
    'ethanol',
    'others',
  ] as const,
  'Vehicle fuel types.',
)

export const Gear = enumeration('Gear', ['automatic', 'manual'] as const, 'Vehicle gearboxes.')

export const DocumentType = enumeration(
  'DocumentType',
  ['nif', 'nie_eu', 'nie_non_eu', 'passport'] as const,
  'Identity document types: Spanish NIF, NIE for EU citizens, NIE for non-EU citizens, passport.',
)

export const Gender = enumeration(
  'Gender',
  ['F', 'M'] as const,
  'Gender as printed on the identity document.',
)

export const ShippingMethod = enumeration(
  'ShippingMethod',
  [
    'pick_up_store',
    'pick_up_point',
    'pick_up_warehouse',
    'home',
    'own',
    'postal',
    'digital',
    'click_collect',
  ] as const,
  'Shipping methods.',
)

export const SetupFeePaymentType = enumeration(
  'SetupFeePaymentType',
  ['type_fixed_amount', 'type_upfront', 'type_financed'] as const,
  '`type_fixed_amount`: split equally over the instalments, not financed; `type_upfront`: paid with the first instalment, not financed; `type_financed`: added to the principal.',
)

export const SetupFeeType = enumeration(
  'SetupFeeType',
  ['percentage', 'fix_amount'] as const,
  '`percentage`: `amount` is a ratio of the principal (0 to 1); `fix_amount`: `amount` is in euros (decimals), not cents.',
)

export const DownPaymentCollection = enumeration(
  'DownPaymentCollection',
  ['none', 'upfront', 'before_confirm'] as const,
  'When a down payment is collected: never, before the loan is requested, or after approval and before confirmation.',
)

export const CustomizationShape = enumeration(
  'CustomizationShape',
  ['rectangular', 'rounded', 'pill'] as const,
  'Shape of buttons and inputs.',
)

export const MaritalStatus = enumeration(
  'MaritalStatus',
  ['single', 'married', 'domestic_partnership', 'separated', 'divorced', 'widowed'] as const,
  'Marital status. `regime` is required when `married`.',
)

export const MaritalRegime = enumeration(
  'MaritalRegime',
  ['community_of_property', 'separation_of_property', 'participation'] as const,
  'Matrimonial property regime (Spanish gananciales, separación de bienes, participación).',
)

export const OwnershipType = enumeration(
  'OwnershipType',
  ['ownership', 'rent', 'family', 'company', 'other'] as const,
  'How the customer occupies the main residence. `property_type` and `mortgage` are required for `ownership`.',
)

export const PropertyType = enumeration(
  'PropertyType',
  ['apartment', 'house', 'other'] as const,
  'Type of the owned property.',
)

export const EmploymentStatus = enumeration(
  'EmploymentStatus',
  [
    'employed',
    'temporary_employed',
    'civil_servant',
    'trainee',
    'casual_worker',
    'self_employed',
    'unemployed',
    'retired',
    'student',
    'homemaker',
    'other',
  ] as const,
  'Employment status. `professional_position` and `company_info` are required for employed, temporary_employed, civil_servant, trainee, casual_worker and self_employed; `company_info.company_contract_end_date` for temporary_employed.',
)

export const NetIncomeType = enumeration(
  'NetIncomeType',
  ['annual', 'monthly'] as const,
  'Which net income figure is given: `annual` requires `annual`, `monthly` requires `monthly`.',
)

export const ProcessingStrategyType = enumeration(
  'ProcessingStrategyType',
  ['waterfall', 'parallel'] as const,
  'Auto loans: ask lenders one after the other (`waterfall`) or all at once (`parallel`).',
)

export const ProcessingOrderBy = enumeration(
  'ProcessingOrderBy',
  ['manual', 'automatic'] as const,
  'Auto loans: the lender order is the given list (`manual`) or chosen by Plazo (`automatic`).',
)

export const WebhookEventType = enumeration(
  'WebhookEventType',
  [
    'checkout_session_status_changed',
    'payment_intent_status_changed',
    'down_payment_status_changed',
    'conditions_changed',
    'capture_approved',
    'refund_approved',
  ] as const,
  'The six notification events sent to `notification_url`.',
)

export const OperationStatus = enumeration(
  'OperationStatus',
  ['approved', 'pending', 'rejected'] as const,
  'Status of a capture or refund: `approved` at once, `pending` while an asynchronous lender decides (a `capture_approved` / `refund_approved` notification follows), `rejected` by the lender.',
)

export const CustomerAction = enumeration(
  'CustomerAction',
  ['approve', 'deny', 'challenge', 'desist'] as const,
  'Sandbox test helper: what the customer and the lender do.',
)

export const DistributionChannel = enumeration(
  'DistributionChannel',
  ['email', 'sms'] as const,
  'How a hosted page link is sent: e-mail for an e-mail address, SMS for a phone number.',
)

export const Currency = enumeration('Currency', ['EUR'] as const, 'Currency. EUR only.')

export const PurchaseCountry = enumeration(
  'PurchaseCountry',
  ['ESP', 'FRA'] as const,
  'Purchase country (ISO 3166-1 alpha-3). Defaults to the merchant default country.',
)

/** Every enumeration by name, for the docs' globals page and the client library. */
/** The countries of addresses, nationalities and flights (the schema is `Alpha3CountrySchema`). */
const CountryCode = {
  title: 'CountryCode',
  description:
    'ISO 3166-1 alpha-3 country code: the 249 officially assigned codes, generated from the npm package iso-3166-1.',
  values: ISO_3166_1_ALPHA3,
}

export const ENUMS = Object.fromEntries(
  [
    PaymentMethodType,
    OfferablePaymentMethodType,
    DownPaymentMethodType,
    CheckoutSessionStatus,
    PaymentIntentStatus,
    HppStatus,
    CheckoutMode,
    UiMode,
    ArticleType,
    ReadArticleType,
    ProductCategory,
    ServiceCategory,
    AutomobileCategory,
    TravelCategory,
    AutoCategory,
    BodyType,
    FuelType,
    Gear,
    DocumentType,
    Gender,
    ShippingMethod,
    SetupFeePaymentType,
    SetupFeeType,
    DownPaymentCollection,
    CustomizationShape,
    MaritalStatus,
    MaritalRegime,
    OwnershipType,
    PropertyType,
    EmploymentStatus,
    NetIncomeType,
    ProcessingStrategyType,
    ProcessingOrderBy,
    WebhookEventType,
    OperationStatus,
    CustomerAction,
    DistributionChannel,
    Currency,
    PurchaseCountry,
    CountryCode,
  ].map((e) => [e.title, { description: e.description, values: e.values as readonly string[] }]),
) as Record<string, { description: string; values: readonly string[] }>
