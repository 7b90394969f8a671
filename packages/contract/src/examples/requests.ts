import type {
  Article,
  EmbeddedCheckoutSessionRequest,
  FullCustomer,
  HppCheckoutSessionRequest,
  PaymentIntentRequest,
} from '../types.ts'

/** Request examples. Every one of them is validated against its schema in the tests. */

/** Still `examples.DEMO_AGENT_ONLINE_ID`, as the API tests read it; the ids themselves are in ../sandbox-ids.ts. */
export { DEMO_AGENT_ONLINE_ID } from '../sandbox-ids.ts'

const articles: Record<string, { article: Article; units: number; total: number; discount?: number }> = {
  product: {
    article: {
      type: 'product',
      category: 'physical',
      name: 'Trail running shoes',
      reference: '8412345678905',
      description: 'Waterproof trail running shoes, size 42.',
      url: 'https://shop.example.com/p/trail-shoes',
      image_url: 'https://shop.example.com/img/trail-shoes.png',
      unit_price_with_tax: 12900,
      brand: 'Montaña',
      mpn: 'MT-TR-42',
    },
    units: 2,
    total: 25800,
  },
  service: {
    article: {
      type: 'service',
      category: 'digital',
      name: 'Online English course, 6 months',
      reference: 'COURSE-EN-6M',
      unit_price_with_tax: 59000,
      start_date: '2026-09-01',
      end_date: '2027-02-28',
    },
    units: 1,
    total: 59000,
  },
  accommodation: {
    article: {
      type: 'accommodation',
      category: 'physical',
      name: 'Double room, 3 nights',
      reference: 'HOTEL-SEV-DBL',
      unit_price_with_tax: 38700,
      checkin_date: '2026-10-09',
      checkout_date: '2026-10-12',
      establishment_name: 'Hotel Giralda',
      guests: 2,
      address: {
        street_address: 'Calle Mateos Gago 1',
        postal_code: '41004',
        city: 'Sevilla',
        country: 'ESP',
      },
    },
    units: 1,
    total: 38700,
  },
  travel: {
    article: {
      type: 'travel',
      category: 'physical',
      name: 'Canary Islands package, 7 nights',
      reference: 'PKG-CAN-7N',
      unit_price_with_tax: 149000,
      travel_category: 'package',
      start_date: '2026-12-20',
      end_date: '2026-12-27',
      destination: 'Tenerife',
      travellers: 2,
    },
    units: 1,
    total: 149000,
  },
  flight: {
    article: {
      type: 'flight',
      category: 'physical',
      name: 'Madrid - Paris, return',
      reference: 'FLT-MAD-CDG',
      unit_price_with_tax: 21450,
      departure_date: '2026-11-03',
      destination_date: '2026-11-03',
      iata_carrier_code: 'IB',
      iata_departure_code: 'MAD',
      iata_destination_code: 'CDG',
      country_departure_code: 'ESP',
      country_destination_code: 'FRA',
      passengers: [
        {
          first_name: 'Ana',
          last_name: 'García',
          nationality: 'ESP',
          document_number: '12345678Z',
          document_type: 'nif',
          birth_date: '1990-04-12',
          gender: 'F',
        },
      ],
      segments: [
        {
          iata_departure_code: 'MAD',
          iata_destination_code: 'CDG',
          departure_time: '2026-11-03T07:15:00+01:00',
          destination_time: '2026-11-03T09:20:00+01:00',
          iata_carrier_code: 'IB',
          iata_flight_code: 'IB3436',
          cabin_class: 'economy',
          rbd: 'Q',
          fare_basis: 'QDNNAB',
          ancillaries: false,
        },
      ],
      customer_travel_insurance: false,
    },
    units: 1,
    total: 21450,
  },
  automobile: {
    article: {
      type: 'automobile',
      category: 'physical',
      name: 'Seat Ibiza 1.0 TSI Style',
      reference: 'VEH-IBZ-001',
      unit_price_with_tax: 1890000,
      brand: 'Seat',
      model: 'Ibiza',
      version: '1.0 TSI 95 CV Style',
      auto_category: 'car',
      is_new_vehicle: false,
      specs: {
        body_type: 'hatchback',
        fuel_type: 'gasoline',
        gear: 'manual',
        power: 95,
        engine: 999,
        imported: false,
        registration_date: '2022-03-15',
        identification_number: 'VSSZZZKJZNR012345',
      },
      usage: { plate_number: '1234LMN', odometer_value: 28500 },
    },
    units: 1,
    total: 1890000,
  },
}

export const ARTICLE_TYPES = Object.keys(articles) as Array<keyof typeof articles>

function cartFor(type: string) {
  const line = articles[type]
  if (!line) throw new Error(`no example article for ${type}`)
  return {
    reference: `CART-${type.toUpperCase()}-001`,
    total_price_with_tax: line.total,
    currency: 'EUR' as const,
    items: [
      {
        article: line.article,
        units: line.units,
        total_discount: line.discount ?? 0,
        total_price_with_tax: line.total,
      },
    ],
  }
}

const merchant = {
  order_reference_1: 'ORDER-100045',
  order_reference_2: 'WEB',
  checkout_mode: 'auto_capture' as const,
  notification_url: 'https://shop.example.com/webhooks/plazo',
  notification_auth: { authorization_header: 'Bearer shop-webhook-secret', content_type: 'application/json' },
  notification_additional_payload: { channel: 'web' },
}

const paymentMethods = [
  { type: 'bnpl_instalments' as const, options: { periods: [3, 6, 9, 12] } },
  {
    type: 'consumer_loan_instalments' as const,
    options: { periods: [18, 24, 36, 48], annual_interest: 0.0799 },
  },
]

/** A vehicle is financed by an auto loan; every other article type by the usual methods. */
function paymentMethodsFor(type: string): EmbeddedCheckoutSessionRequest['payment_methods'] {
  return type === 'automobile'
    ? [{ type: 'auto_loan', options: { periods: [24, 48, 72, 96] } }]
    : paymentMethods
}

export function embeddedRequestExample(type: string): EmbeddedCheckoutSessionRequest {
  return {
    merchant,
    cart: cartFor(type),
    purchase_country: 'ESP',
    payment_methods: paymentMethodsFor(type),
    customer: {
      first_name: 'Ana',
      last_name: 'García',
      email: 'ana.garcia@example.com',
      phone_number: '+34600123456',
    },
    ui: {
      mode: 'embedded',
      customization: { color_brand: '#0f766e', color_brand_foreground: '#fff', shape: 'rounded' },
    },
  }
}

export function hppRequestExample(type: string): HppCheckoutSessionRequest {
  return {
    merchant,
    cart: cartFor(type),
    purchase_country: 'ESP',
    payment_methods: paymentMethodsFor(type),
    customer: { first_name: 'Ana', last_name: 'García', email: 'ana.garcia@example.com' },
    ui: {
      mode: 'hpp',
      hpp: {
        merchant_urls: {
          success_url: 'https://shop.example.com/checkout/success',
          cancel_url: 'https://shop.example.com/checkout/cancel',
        },
        customization: { page_title: 'Montaña Shop', logo_url: 'https://shop.example.com/logo.svg' },
      },
    },
  }
}

export const FULL_CUSTOMER_EXAMPLE: FullCustomer = {
  first_name: 'Ana',
  last_name: 'García',
  email: 'ana.garcia@example.com',
  phone_number: '+34600123456',
  document_number: '12345678Z',
  document_details: {
    type: 'nif',
    expeditor: 'ESP',
    nationality: 'ESP',
    expiration: '2031-04-12',
    birth_date: '1990-04-12',
    gender: 'F',
  },
  familiar_situation_details: {
    marital: { status: 'married', regime: 'community_of_property' },
    child_support_number: 1,
  },
  main_residence_details: {
    address: {
      street_address: 'Calle Mayor 10',
      postal_code: '28013',
      city: 'Madrid',
      country: 'ESP',
      floor_number: '3',
      door_number: 'B',
    },
    ownership_details: { type: 'ownership', property_type: 'apartment', mortgage: true },
    home_expenses: { mortgage: 65000, currency: 'EUR' },
    entrance_date: '2018-06-01',
  },
  professional_details: {
    employment_status: 'employed',
    professional_position: 'Software engineer',
    company_info: {
      activity: 'Information technology',
      name: 'Tecnologías Ibéricas SL',
      city: 'Madrid',
      seniority: { years: 4, months: 3 },
    },
  },
  income: {
    account_number: 'ES9121000418450200051332',
    net_income: { type: 'monthly', monthly: { amount: 280000, currency: 'EUR' } },
  },
}

export const PAYMENT_INTENT_REQUEST_EXAMPLE: PaymentIntentRequest = {
  merchant: { ...merchant, order_reference_1: 'ORDER-100046' },
  cart: cartFor('product'),
  purchase_country: 'ESP',
  payment_methods: [
    { type: 'consumer_loan_instalments', options: { periods: [18, 24, 36, 48], annual_interest: 0.0799 } },
  ],
  processed_payment_method: { type: 'consumer_loan_instalments', period: 24 },
  customer: FULL_CUSTOMER_EXAMPLE,
  ui: { mode: 'embedded' },
}

/** A cart whose total (79) is not the sum of its items (75): the exact 409 of spec §8. */
export const CART_MISMATCH_REQUEST_EXAMPLE: EmbeddedCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100047' },
  cart: {
    total_price_with_tax: 79,
    currency: 'EUR',
    items: [
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Sticker',
          reference: 'STK-1',
          unit_price_with_tax: 75,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: 75,
      },
    ],
  },
}

/** A cart with a discount line: negative unit price and negative line total. */
export const DISCOUNT_CART_EXAMPLE: EmbeddedCheckoutSessionRequest = {
  merchant: { order_reference_1: 'ORDER-100048' },
  cart: {
    total_price_with_tax: 11900,
    currency: 'EUR',
    items: [
      {
        article: {
          type: 'product',
          category: 'physical',
          name: 'Rain jacket',
          reference: 'JKT-1',
          unit_price_with_tax: 12900,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: 12900,
      },
      {
        article: {
          type: 'product',
          category: 'discount',
          name: 'Welcome discount',
          reference: 'WELCOME10',
          unit_price_with_tax: -1000,
        },
        units: 1,
        total_discount: 0,
        total_price_with_tax: -1000,
      },
    ],
  },
  ui: { mode: 'embedded' },
}

/** `POST /checkout/hpp/{hpp_id}/distribute` (server) and `POST /client/hpp/{hpp_id}/distribute` (distribution page). */
export const DISTRIBUTE_REQUEST_EXAMPLES = {
  sms: { summary: 'By SMS', value: { recipient: '+34600123456' } },
  email: { summary: 'By e-mail', value: { recipient: 'ana.garcia@example.com' } },
}
