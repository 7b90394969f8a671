import Type from 'typebox'
import {
  AutoCategory,
  AutomobileCategory,
  BodyType,
  DocumentType,
  FuelType,
  Gear,
  Gender,
  ProductCategory,
  ReadArticleType,
  ServiceCategory,
  TravelCategory,
} from './enums.ts'
import {
  AccommodationAddressSchema,
  Alpha3CountrySchema,
  DateSchema,
  DateTimeSchema,
  DocumentNumberSchema,
  MAX_AMOUNT_CENTS,
  MoneySchema,
  NonEmptyString,
  UrlSchema,
} from './primitives.ts'
import { discriminated } from './schema-helpers.ts'

const positivePrice = Type.Integer({
  exclusiveMinimum: 0,
  maximum: MAX_AMOUNT_CENTS,
  description: 'Unit price with taxes, in cents (> 0).',
})

/** Fields every article may carry (spec §3 Article "Common"). */
const common = {
  name: NonEmptyString('Article name shown to the customer.'),
  reference: NonEmptyString('Merchant reference of the article (SKU or GTIN).', 128),
  description: Type.Optional(Type.String({ maxLength: 2000, description: 'Longer description.' })),
  url: Type.Optional(UrlSchema),
  image_url: Type.Optional(UrlSchema),
}

export const ProductArticleSchema = Type.Object(
  {
    type: Type.Literal('product'),
    category: ProductCategory.schema,
    ...common,
    unit_price_with_tax: Type.Integer({
      minimum: -MAX_AMOUNT_CENTS,
      maximum: MAX_AMOUNT_CENTS,
      description: 'Unit price with taxes, in cents: > 0, or < 0 for a `discount` article.',
    }),
    brand: Type.Optional(Type.String({ maxLength: 255, description: 'Brand.' })),
    mpn: Type.Optional(Type.String({ maxLength: 128, description: 'Manufacturer part number.' })),
  },
  {
    title: 'ProductArticle',
    additionalProperties: false,
    description:
      'A product. Requires category, name, reference and unit_price_with_tax. A `discount` article has a negative `unit_price_with_tax`; every other category a positive one.',
    if: { properties: { category: { const: 'discount' } }, required: ['category'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
    then: { properties: { unit_price_with_tax: { exclusiveMaximum: 0 } } },
    else: { properties: { unit_price_with_tax: { exclusiveMinimum: 0 } } },
  },
)

export const ServiceArticleSchema = Type.Object(
  {
    type: Type.Literal('service'),
    category: ServiceCategory.schema,
    ...common,
    unit_price_with_tax: positivePrice,
    start_date: Type.Optional(DateSchema),
    end_date: DateSchema,
  },
  {
    title: 'ServiceArticle',
    additionalProperties: false,
    description:
      'A service. Requires category, name, reference, unit_price_with_tax and end_date; `end_date` must be later than `start_date` (checked by the API: 400).',
  },
)

export const AccommodationArticleSchema = Type.Object(
  {
    type: Type.Literal('accommodation'),
    category: ServiceCategory.schema,
    ...common,
    unit_price_with_tax: positivePrice,
    checkin_date: DateSchema,
    checkout_date: DateSchema,
    establishment_name: NonEmptyString('Hotel or establishment name.'),
    guests: Type.Optional(Type.Integer({ minimum: 1, description: 'Number of guests (at least 1).' })),
    address: AccommodationAddressSchema,
  },
  {
    title: 'AccommodationArticle',
    additionalProperties: false,
    description:
      'An accommodation. Requires name, category, reference, unit_price_with_tax, checkin_date, checkout_date, establishment_name and address.',
  },
)

export const TravelArticleSchema = Type.Object(
  {
    type: Type.Literal('travel'),
    category: ServiceCategory.schema,
    ...common,
    unit_price_with_tax: positivePrice,
    travel_category: TravelCategory.schema,
    start_date: DateSchema,
    end_date: DateSchema,
    destination: NonEmptyString('Destination.'),
    travellers: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Number of travellers (at least 1).' }),
    ),
  },
  {
    title: 'TravelArticle',
    additionalProperties: false,
    description:
      'A trip. Requires name, category, reference, unit_price_with_tax, travel_category, start_date, end_date and destination; `end_date` must not be before `start_date` (checked by the API: 400).',
  },
)

const IataAirport = Type.String({
  pattern: '^[A-Z]{3}$',
  maxLength: 3,
  description: 'IATA airport code.',
  examples: ['MAD'],
})
const IataCarrier = Type.String({
  pattern: '^[A-Z0-9]{2,3}$',
  maxLength: 3,
  description: 'IATA carrier code.',
  examples: ['IB'],
})

export const PassengerSchema = Type.Object(
  {
    first_name: NonEmptyString('First name.'),
    last_name: NonEmptyString('Last name.'),
    nationality: Type.Optional(Alpha3CountrySchema),
    document_number: Type.Optional(DocumentNumberSchema),
    document_type: Type.Optional(DocumentType.schema),
    birth_date: Type.Optional(DateSchema),
    gender: Type.Optional(Gender.schema),
  },
  { title: 'Passenger', additionalProperties: false, description: 'A flight passenger.' },
)

export const FlightSegmentSchema = Type.Object(
  {
    iata_departure_code: IataAirport,
    iata_destination_code: IataAirport,
    departure_time: DateTimeSchema,
    destination_time: Type.Optional(DateTimeSchema),
    iata_carrier_code: Type.Optional(IataCarrier),
    iata_flight_code: Type.Optional(
      Type.String({ maxLength: 8, description: 'Flight number.', examples: ['IB3166'] }),
    ),
    cabin_class: Type.Optional(
      Type.String({ maxLength: 32, description: 'Cabin class.', examples: ['economy'] }),
    ),
    rbd: Type.Optional(Type.String({ maxLength: 2, description: 'Reservation booking designator.' })),
    fare_basis: Type.Optional(Type.String({ maxLength: 16, description: 'Fare basis code.' })),
    ancillaries: Type.Optional(
      Type.Boolean({ description: 'Whether ancillaries (bags, seats) were bought.' }),
    ),
  },
  { title: 'FlightSegment', additionalProperties: false, description: 'One leg of a flight.' },
)

export const FlightArticleSchema = Type.Object(
  {
    type: Type.Literal('flight'),
    category: ServiceCategory.schema,
    ...common,
    unit_price_with_tax: positivePrice,
    departure_date: DateSchema,
    destination_date: Type.Optional(DateSchema),
    passengers: Type.Array(PassengerSchema, {
      minItems: 1,
      maxItems: 50,
      description: 'Passengers (1 to 50).',
    }),
    iata_carrier_code: Type.Optional(IataCarrier),
    iata_departure_code: Type.Optional(IataAirport),
    iata_destination_code: Type.Optional(IataAirport),
    country_departure_code: Type.Optional(Alpha3CountrySchema),
    country_destination_code: Type.Optional(Alpha3CountrySchema),
    segments: Type.Optional(
      Type.Array(FlightSegmentSchema, { maxItems: 20, description: 'Flight legs (at most 20).' }),
    ),
    customer_travel_insurance: Type.Optional(
      Type.Boolean({ description: 'The customer bought travel insurance.' }),
    ),
    customer_loyalty_card: Type.Optional(Type.String({ maxLength: 64, description: 'Loyalty card number.' })),
    customer_card_level: Type.Optional(Type.String({ maxLength: 32, description: 'Loyalty card level.' })),
    customer_member_since: Type.Optional(DateSchema),
  },
  {
    title: 'FlightArticle',
    additionalProperties: false,
    description:
      'A flight. Requires name, type, category, reference, unit_price_with_tax, departure_date and passengers.',
  },
)

export const VehicleSpecsSchema = Type.Object(
  {
    body_type: BodyType.schema,
    fuel_type: FuelType.schema,
    gear: Gear.schema,
    power: Type.Number({ exclusiveMinimum: 0, description: 'Power in CV (> 0).' }),
    engine: Type.Number({ exclusiveMinimum: 0, description: 'Engine displacement in cc (> 0).' }),
    imported: Type.Boolean({ description: 'Whether the vehicle was imported.' }),
    registration_date: Type.Optional(DateSchema),
    identification_number: Type.Optional(
      Type.String({
        pattern: '^[^\\s]+$',
        maxLength: 32,
        description: 'Vehicle identification number (VIN).',
      }),
    ),
    nat_code: Type.Optional(Type.String({ maxLength: 32, description: 'National vehicle code.' })),
  },
  {
    title: 'VehicleSpecs',
    additionalProperties: false,
    description:
      'Vehicle specs: body_type, fuel_type, power, engine, gear and imported are required; power and engine > 0.',
  },
)

export const VehicleUsageSchema = Type.Object(
  {
    plate_number: Type.Optional(Type.String({ maxLength: 16, description: 'Plate number.' })),
    odometer_value: Type.Optional(
      Type.Number({ minimum: 0, description: 'Odometer reading in km (at least 0).' }),
    ),
  },
  { title: 'VehicleUsage', additionalProperties: false, description: 'Usage of a second-hand vehicle.' },
)

export const AutomobileArticleSchema = Type.Object(
  {
    type: Type.Literal('automobile'),
    category: AutomobileCategory.schema,
    ...common,
    unit_price_with_tax: positivePrice,
    brand: NonEmptyString('Brand.'),
    model: NonEmptyString('Model.'),
    version: NonEmptyString('Version or trim.'),
    auto_category: AutoCategory.schema,
    is_new_vehicle: Type.Boolean({ description: 'New (true) or second-hand (false).' }),
    specs: VehicleSpecsSchema,
    usage: Type.Optional(VehicleUsageSchema),
  },
  {
    title: 'AutomobileArticle',
    additionalProperties: false,
    description:
      'A vehicle. Requires name, type, category, reference, unit_price_with_tax, model, brand, version, auto_category, is_new_vehicle and specs.',
  },
)

export const ArticleSchema = discriminated(
  'type',
  [
    ProductArticleSchema,
    ServiceArticleSchema,
    AccommodationArticleSchema,
    TravelArticleSchema,
    FlightArticleSchema,
    AutomobileArticleSchema,
  ],
  {
    title: 'Article',
    description:
      'What is sold, discriminated by `type`: product, service, accommodation, travel, flight or automobile. Each type has its own required fields.',
  },
)

/** Response articles: the request article with `price {amount, currency}` and the type-specific fields as sent. */
export const ReadArticleSchema = Type.Object(
  {
    type: ReadArticleType.schema,
    category: Type.String({ description: 'Article category (see the request article types).' }),
    name: Type.String(),
    reference: Type.String(),
    description: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    image_url: Type.Optional(Type.String()),
    price: MoneySchema,
  },
  {
    title: 'ReadArticle',
    additionalProperties: true,
    description:
      'An article as returned: `price` replaces `unit_price_with_tax`, and the type-specific fields of the request (brand, dates, passengers, specs…) are returned as sent.',
  },
)
