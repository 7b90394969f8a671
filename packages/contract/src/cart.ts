import Type from 'typebox'
import { ArticleSchema, ReadArticleSchema } from './article.ts'
import {
  CurrencySchema,
  MAX_AMOUNT_CENTS,
  MAX_CART_ITEMS,
  MAX_UNITS,
  MoneySchema,
  UuidSchema,
} from './primitives.ts'

export const CartItemSchema = Type.Object(
  {
    article: ArticleSchema,
    units: Type.Integer({ minimum: 1, maximum: MAX_UNITS, description: `Units (1 to ${MAX_UNITS}).` }),
    total_discount: Type.Integer({
      minimum: 0,
      maximum: MAX_AMOUNT_CENTS,
      default: 0,
      description: 'Discount on this line, in cents (at least 0).',
    }),
    total_price_with_tax: Type.Integer({
      minimum: -MAX_AMOUNT_CENTS,
      maximum: MAX_AMOUNT_CENTS,
      description: 'Line total with taxes, in cents: > 0, or < 0 for a `discount` article.',
    }),
  },
  {
    title: 'CartItem',
    additionalProperties: false,
    description:
      'A cart line. `total_price_with_tax` is > 0, or < 0 when the article category is `discount`.',
    if: {
      properties: { article: { properties: { category: { const: 'discount' } }, required: ['category'] } },
      required: ['article'],
    },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
    then: { properties: { total_price_with_tax: { exclusiveMaximum: 0 } } },
    else: { properties: { total_price_with_tax: { exclusiveMinimum: 0 } } },
  },
)

export const CartSchema = Type.Object(
  {
    reference: Type.Optional(Type.String({ maxLength: 128, description: 'Merchant cart reference.' })),
    total_price_with_tax: Type.Integer({
      exclusiveMinimum: 0,
      maximum: MAX_AMOUNT_CENTS,
      description:
        'Cart total with taxes, in cents (> 0). Must equal the sum of the items `total_price_with_tax`, otherwise the API answers 409 `The total price of the cart (<total>) differs from the sum of all the items total price (<sum>).`',
    }),
    currency: CurrencySchema,
    items: Type.Array(CartItemSchema, {
      minItems: 1,
      maxItems: MAX_CART_ITEMS,
      description: `Cart lines (1 to ${MAX_CART_ITEMS}).`,
    }),
  },
  {
    title: 'Cart',
    additionalProperties: false,
    description: 'The cart. The total must equal the sum of the item totals (409 otherwise).',
  },
)

export const OrderLineSchema = Type.Object(
  {
    id: UuidSchema,
    article: ReadArticleSchema,
    units: Type.Integer({ minimum: 1 }),
    total_discount: MoneySchema,
    total_price_with_tax: MoneySchema,
    captured: Type.Boolean({
      description:
        'Whether this line has been captured: true once its capture is approved, the moment it counts in `captured_amount` and can be refunded. An asynchronous capture waits `pending` in `captures` (its `item_ids` name the line) until then.',
    }),
    refunded: Type.Boolean({ description: 'Whether this line has been refunded by item.' }),
  },
  {
    title: 'OrderLine',
    description:
      'A cart line as returned. Its `id` is what `refunded_item_ids` of a refund takes. `captured` and `refunded` track order management.',
  },
)

export const ReadCartSchema = Type.Object(
  {
    reference: Type.Union([Type.String(), Type.Null()]),
    total_price_with_tax: MoneySchema,
    order_lines: Type.Array(OrderLineSchema, { minItems: 1 }),
    merchant_order_reference_1: Type.String({ description: 'The merchant `order_reference_1`.' }),
    merchant_order_reference_2: Type.Union([Type.String(), Type.Null()], {
      description: 'The merchant `order_reference_2`.',
    }),
  },
  { title: 'ReadCart', description: 'The cart as returned: amounts are `{amount, currency}` objects.' },
)
