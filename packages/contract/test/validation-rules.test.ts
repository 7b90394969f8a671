import { describe, expect, it } from 'vitest'
import {
  CheckoutSessionRequestSchema,
  DistributeRequestSchema,
  examples,
  formatSchemaErrors,
  LoginRequestSchema,
  NotificationUrlRequestSchema,
  normalizeDeprecatedAliases,
  PaymentIntentRequestSchema,
  RefundRequestSchema,
  validate,
} from '../src/index.ts'

/**
 * One row per rule of spec §5 that JSON Schema can express: the invalid input is rejected with the
 * offending field named, and the matching valid input (same base, one value changed) is accepted.
 */

type Body = Record<string, unknown>
const clone = <T>(value: T): T => structuredClone(value)
const REMOVE = Symbol('remove')

function setAt(body: Body, path: string, value: unknown): Body {
  const copy = clone(body)
  const keys = path.split('/').filter(Boolean)
  let node: Record<string, unknown> = copy
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>
  const last = keys[keys.length - 1] as string
  if (value === REMOVE) delete node[last]
  else node[last] = value
  return copy
}

const embedded = (type: string) => examples.embeddedRequestExample(type) as unknown as Body
const hpp = (type: string) => examples.hppRequestExample(type) as unknown as Body
const intent = examples.PAYMENT_INTENT_REQUEST_EXAMPLE as unknown as Body
const login = { username: 'demo@plazo.test', password: 'plazo-sandbox' }
const withShipping = setAt(embedded('product'), '/shipping', {
  name: 'Home delivery',
  method: 'home',
  first_name: 'Ana',
  last_name: 'García',
  address: { street_address: 'Calle Mayor 10', postal_code: '28013', city: 'Madrid', country: 'ESP' },
})
const withBilling = setAt(embedded('product'), '/billing', {
  first_name: 'Ana',
  last_name: 'García',
  address: { street_address: 'Calle Mayor 10', postal_code: '28013', city: 'Madrid', country: 'ESP' },
})
const withDownPayment = setAt(embedded('automobile'), '/down_payment', {
  down_payment_collection: 'upfront',
  payment_methods: ['card_payment'],
  amount: 50000,
  currency: 'EUR',
})
const withSetupFee = setAt(embedded('product'), '/payment_methods/1/options/setup_fee', {
  payment_type: 'type_financed',
  fee_type: 'percentage',
  amount: 0.02,
})
const unemployed = {
  employment_status: 'unemployed',
}

interface Row {
  rule: string
  schema: Parameters<typeof validate>[0]
  base: Body
  path: string
  bad: unknown
  good: unknown
  field: string
}

const rows: Row[] = [
  {
    rule: 'login requires username',
    schema: LoginRequestSchema,
    base: login,
    path: '/username',
    bad: REMOVE,
    good: 'demo@plazo.test',
    field: '/username',
  },
  {
    rule: 'login requires password',
    schema: LoginRequestSchema,
    base: login,
    path: '/password',
    bad: REMOVE,
    good: 'x',
    field: '/password',
  },
  {
    rule: 'session requires merchant',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/merchant',
    bad: REMOVE,
    good: { order_reference_1: 'O-1' },
    field: '/merchant',
  },
  {
    rule: 'merchant requires order_reference_1',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/merchant/order_reference_1',
    bad: REMOVE,
    good: 'O-1',
    field: '/merchant/order_reference_1',
  },
  {
    rule: 'session requires cart',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart',
    bad: REMOVE,
    good: embedded('product').cart,
    field: '/cart',
  },
  {
    rule: 'payment intent requires the full customer',
    schema: PaymentIntentRequestSchema,
    base: intent,
    path: '/customer/income',
    bad: REMOVE,
    good: (intent.customer as Body).income,
    field: '/customer/income',
  },
  {
    rule: 'cart requires total_price_with_tax',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/total_price_with_tax',
    bad: REMOVE,
    good: 25800,
    field: '/cart/total_price_with_tax',
  },
  {
    rule: 'cart total > 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/total_price_with_tax',
    bad: 0,
    good: 1,
    field: '/cart/total_price_with_tax',
  },
  {
    rule: 'cart requires currency',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/currency',
    bad: REMOVE,
    good: 'EUR',
    field: '/cart/currency',
  },
  {
    rule: 'currency EUR only',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/currency',
    bad: 'USD',
    good: 'EUR',
    field: '/cart/currency',
  },
  {
    rule: 'cart has at least one item',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items',
    bad: [],
    good: (embedded('product').cart as Body).items,
    field: '/cart/items',
  },
  {
    rule: 'item units at least 1',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/units',
    bad: 0,
    good: 1,
    field: '/cart/items/0/units',
  },
  {
    rule: 'item requires article',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/article',
    bad: REMOVE,
    good: examples.embeddedRequestExample('service').cart.items[0]?.article,
    field: '/cart/items/0/article',
  },
  {
    rule: 'item total > 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/total_price_with_tax',
    bad: -5,
    good: 5,
    field: '/cart/items/0/total_price_with_tax',
  },
  {
    rule: 'item total_discount at least 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/total_discount',
    bad: -1,
    good: 0,
    field: '/cart/items/0/total_discount',
  },
  {
    rule: 'unit price > 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/article/unit_price_with_tax',
    bad: 0,
    good: 1,
    field: '/cart/items/0/article/unit_price_with_tax',
  },
  {
    rule: 'discount article has a negative unit price',
    schema: CheckoutSessionRequestSchema,
    base: examples.DISCOUNT_CART_EXAMPLE as unknown as Body,
    path: '/cart/items/1/article/unit_price_with_tax',
    bad: 1000,
    good: -1000,
    field: '/cart/items/1/article/unit_price_with_tax',
  },
  {
    rule: 'discount line has a negative total',
    schema: CheckoutSessionRequestSchema,
    base: examples.DISCOUNT_CART_EXAMPLE as unknown as Body,
    path: '/cart/items/1/total_price_with_tax',
    bad: 1000,
    good: -1000,
    field: '/cart/items/1/total_price_with_tax',
  },
  {
    rule: 'purchase_country ESP or FRA',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/purchase_country',
    bad: 'PRT',
    good: 'FRA',
    field: '/purchase_country',
  },
  {
    rule: 'payment_methods has at least one',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/payment_methods',
    bad: [],
    good: [{ type: 'bnpl_instalments' }],
    field: '/payment_methods',
  },
  {
    rule: 'payment_methods unique',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/payment_methods',
    bad: [{ type: 'bnpl_instalments' }, { type: 'bnpl_instalments' }],
    good: [{ type: 'bnpl_instalments' }, { type: 'bnpl_split_pay' }],
    field: '/payment_methods',
  },
  {
    rule: 'annual_interest at most 1',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/payment_methods/1/options/annual_interest',
    bad: 7.99,
    good: 0.0799,
    field: '/payment_methods/1/options/annual_interest',
  },
  {
    rule: 'annual_interest at least 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/payment_methods/1/options/annual_interest',
    bad: -0.1,
    good: 0,
    field: '/payment_methods/1/options/annual_interest',
  },
  {
    rule: 'merchant_fee between 0 and 1',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/payment_methods/0/options/merchant_fee',
    bad: 2,
    good: 0.02,
    field: '/payment_methods/0/options/merchant_fee',
  },
  {
    rule: 'percentage setup fee between 0 and 1',
    schema: CheckoutSessionRequestSchema,
    base: withSetupFee,
    path: '/payment_methods/1/options/setup_fee/amount',
    bad: 3,
    good: 0.03,
    field: '/payment_methods/1/options/setup_fee/amount',
  },
  {
    rule: "colour '#' + 3 or 6 hex digits",
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/ui/customization/color_brand',
    bad: '#12345',
    good: '#123456',
    field: '/ui/customization/color_brand',
  },
  {
    rule: 'colour has a #',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/ui/customization/color_brand_foreground',
    bad: 'fff',
    good: '#fff',
    field: '/ui/customization/color_brand_foreground',
  },
  {
    rule: 'down payment amount at least 0',
    schema: CheckoutSessionRequestSchema,
    base: withDownPayment,
    path: '/down_payment/amount',
    bad: -1,
    good: 0,
    field: '/down_payment/amount',
  },
  {
    rule: 'guests at least 1',
    schema: CheckoutSessionRequestSchema,
    base: embedded('accommodation'),
    path: '/cart/items/0/article/guests',
    bad: 0,
    good: 1,
    field: '/cart/items/0/article/guests',
  },
  {
    rule: 'travellers at least 1',
    schema: CheckoutSessionRequestSchema,
    base: embedded('travel'),
    path: '/cart/items/0/article/travellers',
    bad: 0,
    good: 1,
    field: '/cart/items/0/article/travellers',
  },
  {
    rule: 'product requires reference',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/article/reference',
    bad: REMOVE,
    good: 'SKU',
    field: '/cart/items/0/article/reference',
  },
  {
    rule: 'product requires category',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/article/category',
    bad: REMOVE,
    good: 'physical',
    field: '/cart/items/0/article/category',
  },
  {
    rule: 'service requires end_date',
    schema: CheckoutSessionRequestSchema,
    base: embedded('service'),
    path: '/cart/items/0/article/end_date',
    bad: REMOVE,
    good: '2027-02-28',
    field: '/cart/items/0/article/end_date',
  },
  {
    rule: 'accommodation requires address',
    schema: CheckoutSessionRequestSchema,
    base: embedded('accommodation'),
    path: '/cart/items/0/article/address',
    bad: REMOVE,
    good: { street_address: 'C/ Mayor 1', postal_code: '28013', city: 'Madrid', country: 'ESP' },
    field: '/cart/items/0/article/address',
  },
  {
    rule: 'accommodation address requires city',
    schema: CheckoutSessionRequestSchema,
    base: embedded('accommodation'),
    path: '/cart/items/0/article/address/city',
    bad: REMOVE,
    good: 'Sevilla',
    field: '/cart/items/0/article/address/city',
  },
  {
    rule: 'accommodation requires establishment_name',
    schema: CheckoutSessionRequestSchema,
    base: embedded('accommodation'),
    path: '/cart/items/0/article/establishment_name',
    bad: REMOVE,
    good: 'Hotel',
    field: '/cart/items/0/article/establishment_name',
  },
  {
    rule: 'travel requires destination',
    schema: CheckoutSessionRequestSchema,
    base: embedded('travel'),
    path: '/cart/items/0/article/destination',
    bad: REMOVE,
    good: 'Tenerife',
    field: '/cart/items/0/article/destination',
  },
  {
    rule: 'travel requires travel_category',
    schema: CheckoutSessionRequestSchema,
    base: embedded('travel'),
    path: '/cart/items/0/article/travel_category',
    bad: 'spaceship',
    good: 'cruise',
    field: '/cart/items/0/article/travel_category',
  },
  {
    rule: 'flight requires passengers',
    schema: CheckoutSessionRequestSchema,
    base: embedded('flight'),
    path: '/cart/items/0/article/passengers',
    bad: [],
    good: [{ first_name: 'Ana', last_name: 'García' }],
    field: '/cart/items/0/article/passengers',
  },
  {
    rule: 'flight requires departure_date',
    schema: CheckoutSessionRequestSchema,
    base: embedded('flight'),
    path: '/cart/items/0/article/departure_date',
    bad: REMOVE,
    good: '2026-11-03',
    field: '/cart/items/0/article/departure_date',
  },
  {
    rule: 'passenger document type',
    schema: CheckoutSessionRequestSchema,
    base: embedded('flight'),
    path: '/cart/items/0/article/passengers/0/document_type',
    bad: 'dni',
    good: 'passport',
    field: '/cart/items/0/article/passengers/0/document_type',
  },
  {
    rule: 'automobile requires specs',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/specs',
    bad: REMOVE,
    good: (examples.embeddedRequestExample('automobile').cart.items[0]?.article as Body | undefined)?.specs,
    field: '/cart/items/0/article/specs',
  },
  {
    rule: 'automobile requires version',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/version',
    bad: REMOVE,
    good: '1.0',
    field: '/cart/items/0/article/version',
  },
  {
    rule: 'vehicle specs require body_type',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/specs/body_type',
    bad: REMOVE,
    good: 'suv',
    field: '/cart/items/0/article/specs/body_type',
  },
  {
    rule: 'vehicle specs require imported',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/specs/imported',
    bad: REMOVE,
    good: true,
    field: '/cart/items/0/article/specs/imported',
  },
  {
    rule: 'vehicle power > 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/specs/power',
    bad: 0,
    good: 75,
    field: '/cart/items/0/article/specs/power',
  },
  {
    rule: 'vehicle engine > 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/specs/engine',
    bad: 0,
    good: 1200,
    field: '/cart/items/0/article/specs/engine',
  },
  {
    rule: 'odometer at least 0',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/usage/odometer_value',
    bad: -1,
    good: 0,
    field: '/cart/items/0/article/usage/odometer_value',
  },
  {
    rule: 'fuel type enum',
    schema: CheckoutSessionRequestSchema,
    base: embedded('automobile'),
    path: '/cart/items/0/article/specs/fuel_type',
    bad: 'steam',
    good: 'electric',
    field: '/cart/items/0/article/specs/fuel_type',
  },
  {
    rule: 'shipping requires name',
    schema: CheckoutSessionRequestSchema,
    base: withShipping,
    path: '/shipping/name',
    bad: REMOVE,
    good: 'Home',
    field: '/shipping/name',
  },
  {
    rule: 'shipping requires address',
    schema: CheckoutSessionRequestSchema,
    base: withShipping,
    path: '/shipping/address',
    bad: REMOVE,
    good: { country: 'ESP' },
    field: '/shipping/address',
  },
  {
    rule: 'shipping method enum',
    schema: CheckoutSessionRequestSchema,
    base: withShipping,
    path: '/shipping/method',
    bad: 'drone',
    good: 'postal',
    field: '/shipping/method',
  },
  {
    rule: 'billing requires last_name',
    schema: CheckoutSessionRequestSchema,
    base: withBilling,
    path: '/billing/last_name',
    bad: REMOVE,
    good: 'García',
    field: '/billing/last_name',
  },
  {
    rule: 'billing requires address',
    schema: CheckoutSessionRequestSchema,
    base: withBilling,
    path: '/billing/address',
    bad: REMOVE,
    good: { country: 'ESP' },
    field: '/billing/address',
  },
  {
    rule: 'marital regime when married',
    schema: PaymentIntentRequestSchema,
    base: intent,
    path: '/customer/familiar_situation_details/marital/regime',
    bad: REMOVE,
    good: 'separation_of_property',
    field: '/customer/familiar_situation_details/marital/regime',
  },
  {
    rule: 'property_type when ownership',
    schema: PaymentIntentRequestSchema,
    base: intent,
    path: '/customer/main_residence_details/ownership_details/property_type',
    bad: REMOVE,
    good: 'house',
    field: '/customer/main_residence_details/ownership_details/property_type',
  },
  {
    rule: 'mortgage when ownership',
    schema: PaymentIntentRequestSchema,
    base: intent,
    path: '/customer/main_residence_details/ownership_details/mortgage',
    bad: REMOVE,
    good: false,
    field: '/customer/main_residence_details/ownership_details/mortgage',
  },
  {
    rule: 'company_info when employed',
    schema: PaymentIntentRequestSchema,
    base: intent,
    path: '/customer/professional_details/company_info',
    bad: REMOVE,
    good: { activity: 'IT', name: 'ACME' },
    field: '/customer/professional_details/company_info',
  },
  {
    rule: 'professional_position when employed',
    schema: PaymentIntentRequestSchema,
    base: intent,
    path: '/customer/professional_details/professional_position',
    bad: REMOVE,
    good: 'Engineer',
    field: '/customer/professional_details/professional_position',
  },
  {
    rule: 'company_contract_end_date when temporary_employed',
    schema: PaymentIntentRequestSchema,
    base: setAt(intent, '/customer/professional_details/employment_status', 'temporary_employed'),
    path: '/customer/professional_details/company_info/company_contract_end_date',
    bad: REMOVE,
    good: '2027-06-30',
    field: '/customer/professional_details/company_info/company_contract_end_date',
  },
  {
    rule: 'phone has a country code',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/customer/phone_number',
    bad: '600123456',
    good: '+34600123456',
    field: '/customer/phone_number',
  },
  {
    rule: 'phone has no spaces',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/customer/phone_number',
    bad: '+34 600 123 456',
    good: '+34600123456',
    field: '/customer/phone_number',
  },
  {
    rule: 'document number has no spaces',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/customer/document_number',
    bad: '1234 5678Z',
    good: '12345678Z',
    field: '/customer/document_number',
  },
  {
    rule: 'country is ISO alpha-3',
    schema: CheckoutSessionRequestSchema,
    base: embedded('accommodation'),
    path: '/cart/items/0/article/address/country',
    bad: 'ES',
    good: 'ESP',
    field: '/cart/items/0/article/address/country',
  },
  {
    rule: 'dates are ISO 8601',
    schema: CheckoutSessionRequestSchema,
    base: embedded('service'),
    path: '/cart/items/0/article/end_date',
    bad: '28/02/2027',
    good: '2027-02-28',
    field: '/cart/items/0/article/end_date',
  },
  {
    rule: 'expires_at is an ISO 8601 date-time',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/expires_at',
    bad: 'tomorrow',
    good: '2026-12-01T10:00:00Z',
    field: '/expires_at',
  },
  {
    rule: 'e-mail is an e-mail',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/customer/email',
    bad: 'ana-at-example',
    good: 'ana@example.com',
    field: '/customer/email',
  },
  {
    rule: 'hpp merchant_urls needs both URLs',
    schema: CheckoutSessionRequestSchema,
    base: hpp('product'),
    path: '/ui/hpp/merchant_urls/cancel_url',
    bad: REMOVE,
    good: 'https://shop.example.com/cancel',
    field: '/ui/hpp/merchant_urls/cancel_url',
  },
  {
    rule: 'notification_url is http or https',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/merchant/notification_url',
    bad: 'javascript:alert(1)',
    good: 'HTTPS://shop.example.com/webhooks/plazo',
    field: '/merchant/notification_url',
  },
  {
    rule: 'notification_url has a host',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/merchant/notification_url',
    bad: 'http:///webhooks/plazo',
    good: 'http://localhost:8080/webhooks/plazo',
    field: '/merchant/notification_url',
  },
  {
    rule: 'the OAuth2 token url is http or https',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/merchant/notification_auth',
    bad: {
      url: 'file:///etc/token',
      client_id: 'shop',
      client_secret: 'secret',
      username: 'plazo',
      password: 'password',
    },
    good: {
      url: 'https://auth.shop.example.com/token',
      client_id: 'shop',
      client_secret: 'secret',
      username: 'plazo',
      password: 'password',
    },
    field: '/merchant/notification_auth/url',
  },
  {
    rule: 'hpp merchant_urls are http or https',
    schema: CheckoutSessionRequestSchema,
    base: hpp('product'),
    path: '/ui/hpp/merchant_urls/success_url',
    bad: 'javascript:alert(document.cookie)',
    good: 'http://localhost:3000/checkout/success',
    field: '/ui/hpp/merchant_urls/success_url',
  },
  {
    rule: 'article links are http or https',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/cart/items/0/article/url',
    bad: 'javascript:alert(1)',
    good: 'https://shop.example.com/p/trail-shoes',
    field: '/cart/items/0/article/url',
  },
  {
    rule: 'hpp logo is http or https',
    schema: CheckoutSessionRequestSchema,
    base: hpp('product'),
    path: '/ui/hpp/customization/logo_url',
    bad: 'file:///var/www/logo.png',
    good: 'https://shop.example.com/logo.png',
    field: '/ui/hpp/customization/logo_url',
  },
  {
    rule: 'hpp logo is SVG, PNG, JPG or JPEG',
    schema: CheckoutSessionRequestSchema,
    base: hpp('product'),
    path: '/ui/hpp/customization/logo_url',
    bad: 'https://shop.example.com/logo.gif',
    good: 'https://shop.example.com/logo.JPEG',
    field: '/ui/hpp/customization/logo_url',
  },
  {
    rule: 'ui mode embedded or hpp',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/ui/mode',
    bad: 'popup',
    good: 'embedded',
    field: '/ui/mode',
  },
  {
    rule: 'customisation shape',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/ui/customization/shape',
    bad: 'round',
    good: 'pill',
    field: '/ui/customization/shape',
  },
  {
    rule: 'checkout_mode enum',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/merchant/checkout_mode',
    bad: 'manual',
    good: 'delegated',
    field: '/merchant/checkout_mode',
  },
  {
    rule: 'unknown fields are rejected',
    schema: CheckoutSessionRequestSchema,
    base: embedded('product'),
    path: '/merchant/order_reference_3',
    bad: 'x',
    good: REMOVE,
    field: '/merchant/order_reference_3',
  },
  {
    rule: 'refund by amount excludes item ids',
    schema: RefundRequestSchema,
    base: { refunded_amount: 100 },
    path: '/refunded_item_ids',
    bad: ['e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21'],
    good: REMOVE,
    field: '/',
  },
  {
    rule: 'refund needs item ids or an amount',
    schema: RefundRequestSchema,
    base: { description: 'x' },
    path: '/refunded_amount',
    bad: REMOVE,
    good: 100,
    field: '/',
  },
  {
    rule: 'refunded item ids are UUIDs',
    schema: RefundRequestSchema,
    base: { refunded_item_ids: ['e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21'] },
    path: '/refunded_item_ids/0',
    bad: 'line-1',
    good: 'e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21',
    field: '/refunded_item_ids/0',
  },
  {
    rule: 'distribution requires a recipient',
    schema: DistributeRequestSchema,
    base: { recipient: '+34600123456' },
    path: '/recipient',
    bad: REMOVE,
    good: 'ana@example.com',
    field: '/recipient',
  },
  {
    rule: 'recipient is an e-mail or a phone',
    schema: DistributeRequestSchema,
    base: { recipient: '+34600123456' },
    path: '/recipient',
    bad: 'Ana',
    good: '+33612345678',
    field: '/recipient',
  },
  {
    rule: 'unemployed needs no company',
    schema: PaymentIntentRequestSchema,
    base: intent,
    path: '/customer/professional_details',
    bad: { employment_status: 'unknown' },
    good: unemployed,
    field: '/customer/professional_details/employment_status',
  },
]

describe('spec §5 rules in the schemas', () => {
  it.each(rows.map((row) => [row.rule, row] as const))('%s', (_rule, row) => {
    const bad = validate(row.schema, setAt(row.base, row.path, row.bad))
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.errors.map((e) => e.field)).toContain(row.field)
    const good = validate(row.schema, setAt(row.base, row.path, row.good))
    expect(good.ok ? [] : good.errors).toEqual([])
  })
})

describe('deprecated aliases', () => {
  it('accepts birt_date and employment_sattus, renamed to the contract spelling', () => {
    const body = clone(intent) as { customer: { document_details: Body; professional_details: Body } }
    body.customer.document_details.birt_date = body.customer.document_details.birth_date
    delete body.customer.document_details.birth_date
    body.customer.professional_details.employment_sattus =
      body.customer.professional_details.employment_status
    delete body.customer.professional_details.employment_status
    const result = validate(PaymentIntentRequestSchema, body)
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(result.value.customer.document_details).toHaveProperty('birth_date', '1990-04-12')
      expect(result.value.customer.document_details).not.toHaveProperty('birt_date')
      expect(result.value.customer.professional_details).toHaveProperty('employment_status', 'employed')
      expect(result.value.customer.professional_details).not.toHaveProperty('employment_sattus')
    }
  })

  it('keeps the correct key when both are sent', () => {
    const body = { customer: { document_details: { birth_date: '1990-01-01', birt_date: '1980-01-01' } } }
    expect(normalizeDeprecatedAliases(body)).toEqual(['birt_date'])
    expect(body.customer.document_details).toEqual({ birth_date: '1990-01-01' })
  })
})

describe('schema_errors', () => {
  it('names every invalid field once, as a JSON pointer', () => {
    const result = validate(LoginRequestSchema, {})
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: '/username', message: 'is required', keyword: 'required' },
        { field: '/password', message: 'is required', keyword: 'required' },
      ],
    })
  })

  it('reports only the errors of the article type the tag selects', () => {
    const body = setAt(embedded('product'), '/cart/items/0/article', { type: 'flight', category: 'physical' })
    const result = validate(CheckoutSessionRequestSchema, body)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      const fields = result.errors.map((e) => e.field)
      expect(fields).toContain('/cart/items/0/article/passengers')
      expect(fields).not.toContain('/cart/items/0/article/specs')
    }
  })

  it('gives a URL that is neither http(s) nor a URI one message', () => {
    const result = validate(NotificationUrlRequestSchema, { notification_url: 'shop.example.com/webhooks' })
    expect(result).toEqual({
      ok: false,
      errors: [{ field: '/notification_url', message: 'must be an http or https URL', keyword: 'pattern' }],
    })
  })

  it('handles no errors', () => {
    expect(formatSchemaErrors(null)).toEqual([])
  })
})
