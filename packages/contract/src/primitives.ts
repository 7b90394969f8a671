import Type, { type TSchema } from 'typebox'
import { ISO_3166_1_ALPHA3 } from './countries.ts'
import { Currency } from './enums.ts'

/** Shared building blocks. Formats are those of ajv-formats (`date`, `date-time`, `email`, `uri`, `uuid`). */

export const UuidSchema = Type.String({
  format: 'uuid',
  maxLength: 36,
  description: 'UUID.',
  examples: ['4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11'],
})

/** ISO 8601 calendar date. */
export const DateSchema = Type.String({
  format: 'date',
  maxLength: 10,
  description: 'ISO 8601 date (YYYY-MM-DD).',
  examples: ['2026-05-17'],
})

/**
 * The example of a date and time a request must give in the future (an expiry): far enough ahead that the
 * documents' examples stay valid on any day they are read.
 */
export const FUTURE_DATE_TIME_EXAMPLE = '2099-12-31T23:00:00Z'

/** A date and time that must be in the future when sent (an expiry), with an example that always is. */
export const FutureDateTimeSchema = (description: string) =>
  Type.String({
    format: 'date-time',
    maxLength: 35,
    description: `${description} Must be in the future (400 otherwise).`,
    examples: [FUTURE_DATE_TIME_EXAMPLE],
  })

/** ISO 8601 date and time with offset. */
export const DateTimeSchema = Type.String({
  format: 'date-time',
  maxLength: 35,
  description: 'ISO 8601 date and time with an offset, e.g. 2026-05-17T10:30:00Z.',
  examples: ['2026-05-17T10:30:00Z'],
})

export const CurrencySchema = Currency.schema

/** The most lines a cart takes (and order line ids a refund names): well above any real order. */
export const MAX_CART_ITEMS = 500

/** The most units a cart line takes: well above any real order, and small enough to store and show exactly. */
export const MAX_UNITS = 100_000

/** The largest amount JSON numbers carry exactly (2^53 - 1 cents); the API refuses anything above. */
export const MAX_AMOUNT_CENTS = Number.MAX_SAFE_INTEGER

/** Integer amount in cents (spec §9: "cents expressed as decimals": 7900 is 79.00 EUR). */
export const CentsSchema = (
  options: { description?: string; minimum?: number; exclusiveMinimum?: number } = {},
) => Type.Integer({ description: 'Amount in cents (7900 = 79.00 EUR).', ...options })

export const RatioSchema = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })

/**
 * A country, wherever one goes (addresses, nationality, document issuer, flights): one of the 249 officially
 * assigned ISO 3166-1 alpha-3 codes, listed as an enum so the OpenAPI documents show them. The list is
 * generated from the npm package iso-3166-1 (countries.ts).
 */
export const Alpha3CountrySchema = Type.Unsafe<(typeof ISO_3166_1_ALPHA3)[number]>({
  type: 'string',
  enum: [...ISO_3166_1_ALPHA3],
  title: 'CountryCode',
  description:
    'ISO 3166-1 alpha-3 country code, upper case (ESP, FRA, PRT…): one of the 249 officially assigned codes (source: the iso-3166-1 package).',
  examples: ['ESP'],
  'x-error-message': 'must be an ISO 3166-1 alpha-3 country code (ESP, FRA, PRT…)',
})

export const PhoneNumberSchema = Type.String({
  pattern: '^\\+[1-9][0-9]{6,14}$',
  maxLength: 16,
  description: 'Phone number with the country code and no spaces (E.164), e.g. +34600123456.',
  examples: ['+34600123456'],
})

/**
 * The e-mail rule the API applies (ajv-formats' `email` format, full mode): a local part of letters, digits and
 * `!#$%&'*+/=?^_\`{|}~-` in dot-separated runs, and a domain name with at least one dot. JSON Schema's
 * `format: email` alone allows more (RFC 5321 takes `ana@localhost`, quoted local parts, IP literals), so the
 * documents also carry the rule as a `pattern`: what a client validates against them is what the API takes.
 */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\\.)+[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$"

export const EmailSchema = Type.String({
  format: 'email',
  pattern: EMAIL_PATTERN,
  maxLength: 254,
  description:
    'E-mail address with a domain name that has a dot (`ana.garcia@example.com`): `ana@localhost`, quoted local parts (`"ana garcia"@example.com`) and IP literals (`ana@[192.0.2.1]`) are refused, whatever `format: email` allows.',
  examples: ['ana.garcia@example.com'],
  'x-error-message': 'must be an e-mail address with a dot in its domain, e.g. ana.garcia@example.com',
})

export const DocumentNumberSchema = Type.String({
  pattern: '^[^\\s]+$',
  minLength: 1,
  maxLength: 32,
  description: 'Identity document number with no spaces.',
  examples: ['12345678Z'],
})

export const HexColorSchema = Type.String({
  pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  maxLength: 7,
  description: "Colour: '#' followed by 3 or 6 hexadecimal digits.",
  examples: ['#1a73e8'],
})

/**
 * The start of every URL the API takes: `http://` or `https://` (any case) and a host. Plazo POSTs to some
 * (notifications, tokens) and the customer's browser opens the others (redirects, links, images). Any other
 * scheme cannot be delivered to, and a `javascript:` redirect or link would be left to the hosted page's
 * Content-Security-Policy alone to stop.
 */
export const HTTP_URL_PREFIX = '^[hH][tT][tT][pP][sS]?://[^/?#]'

export const UrlSchema = Type.String({
  format: 'uri',
  pattern: HTTP_URL_PREFIX,
  maxLength: 2048,
  description: 'Absolute http or https URL.',
  'x-error-message': 'must be an http or https URL',
})

export const NonEmptyString = (description: string, maxLength = 255) =>
  Type.String({ minLength: 1, maxLength, description })

export const MoneySchema = Type.Object(
  {
    amount: Type.Integer({ description: 'Amount in cents.' }),
    currency: CurrencySchema,
  },
  { title: 'Money', description: 'An amount in cents with its currency.' },
)

const addressProperties = {
  street_address: NonEmptyString('Street and number.'),
  street_address_2: Type.String({ maxLength: 255, description: 'Second address line.' }),
  postal_code: NonEmptyString('Postal code.', 16),
  city: NonEmptyString('City.'),
  country: Alpha3CountrySchema,
}

export const AddressSchema = Type.Object(
  {
    street_address: Type.Optional(addressProperties.street_address),
    street_address_2: Type.Optional(addressProperties.street_address_2),
    postal_code: Type.Optional(addressProperties.postal_code),
    city: Type.Optional(addressProperties.city),
    country: Type.Optional(addressProperties.country),
  },
  {
    title: 'Address',
    additionalProperties: false,
    description: 'Postal address. `country` is ISO 3166-1 alpha-3.',
  },
)

/** In accommodation addresses street_address, postal_code, city and country are required (spec §3). */
export const AccommodationAddressSchema = Type.Object(
  {
    street_address: addressProperties.street_address,
    street_address_2: Type.Optional(addressProperties.street_address_2),
    postal_code: addressProperties.postal_code,
    city: addressProperties.city,
    country: addressProperties.country,
  },
  {
    title: 'AccommodationAddress',
    additionalProperties: false,
    description: 'Address of an accommodation: street_address, postal_code, city and country are required.',
  },
)

/** A value or null (responses send null explicitly rather than omitting the key). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
