import { cartTotalMismatchMessage, INVALID_CREDENTIALS_MESSAGE } from '../errors.ts'
import { DEMO_AGENT_ONLINE_ID } from '../sandbox-ids.ts'
import type { CheckoutSession, Conditions, OrderLine, PaymentIntent } from '../types.ts'
import { validationErrorExample } from './validation.ts'

/** Response, error and notification examples. Every one of them is validated against its schema in the tests. */

export const SESSION_ID = '6f1d2b8a-93c4-4e51-b0a7-2c9e8d4f5a10'
export const HPP_ID = 'c3a9e7d1-58b2-4f60-8e14-97d0a6b3f2e5'
export const INTENT_ID = 'a7e4c2f9-1b3d-4c8e-9f60-5d2b7a1e3c48'
export const LINE_ID = 'e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21'
const MERCHANT_ID = '5a0e8c2d-7b14-4f39-a6d1-9e3c5b7f0a12'
const USER_ID = '8d3f1a6c-2e59-4b70-9c84-1f6e0a2d4b37'
const PUBLIC = 'http://localhost:4000'

export const LOGIN_RESPONSE_EXAMPLE = {
  token_type: 'Bearer',
  access_token: 'pk_sbx_9hQ2mX7vT1cR4wL8zN5bK3yF6dJ0sA2g',
  refresh_token: 'rt_sbx_3kP8nB5vQ1xM7cZ4wR9tL2yH6fD0gS8j',
  expires_in: 2678400,
}

export const EMBEDDED_CREATE_RESPONSE_EXAMPLE = {
  checkout_session_id: SESSION_ID,
  client_secret: `cs_${SESSION_ID.replaceAll('-', '')}_secret_Xb7Qm2Lp9Zt4`,
}

export const HPP_CREATE_RESPONSE_EXAMPLE = {
  checkout_session_id: SESSION_ID,
  redirect_url: `${PUBLIC}/hpp/${HPP_ID}`,
  qr_code_url: `${PUBLIC}/hpp/${HPP_ID}/qr`,
  distribution_url: `${PUBLIC}/hpp/${HPP_ID}/distribute`,
}

export const CONDITIONS_EXAMPLE: Conditions = {
  currency: 'EUR',
  principal: 25800,
  term: 3,
  user_defined_quota: 8600,
  interest: 0,
  apr: 0,
  insurance: null,
  grace_period: 0,
}

const intent = (status: PaymentIntent['status']): PaymentIntent => ({
  created_at: '2026-05-17T10:30:05Z',
  status,
  payment_method_id: INTENT_ID,
  payment_method_type: 'bnpl_instalments',
  provider_name: 'plazo-sandbox-lender',
  provider_request_id: 'SBX-REQ-000123',
  conditions: CONDITIONS_EXAMPLE,
})

const orderLine: OrderLine = {
  id: LINE_ID,
  article: {
    type: 'product',
    category: 'physical',
    name: 'Trail running shoes',
    reference: '8412345678905',
    price: { amount: 12900, currency: 'EUR' },
  },
  units: 2,
  total_discount: { amount: 0, currency: 'EUR' },
  total_price_with_tax: { amount: 25800, currency: 'EUR' },
  captured: true,
  refunded: false,
}

export const SESSION_EXAMPLE: CheckoutSession = {
  id: SESSION_ID,
  created_at: '2026-05-17T10:30:00Z',
  updated_at: '2026-05-17T10:34:12Z',
  status: 'confirmed',
  mode: 'hpp',
  user_id: USER_ID,
  agent_id: DEMO_AGENT_ONLINE_ID,
  merchant_id: MERCHANT_ID,
  merchant: {
    order_reference_1: 'ORDER-100045',
    order_reference_2: 'WEB',
    store_reference: null,
    seller_reference: null,
    checkout_mode: 'auto_capture',
    notification_url: 'https://shop.example.com/webhooks/plazo',
    max_interval_in_minutes_for_confirm: 1440,
    max_interval_in_minutes_for_capture: 15,
    invitation_expires_on_date: null,
  },
  total_price: { amount: 25800, currency: 'EUR' },
  purchase_country: 'ESP',
  down_payment: null,
  payment_methods: [{ type: 'bnpl_instalments', options: { periods: [3, 6, 9, 12] } }],
  cart: {
    reference: 'CART-PRODUCT-001',
    total_price_with_tax: { amount: 25800, currency: 'EUR' },
    order_lines: [orderLine],
    merchant_order_reference_1: 'ORDER-100045',
    merchant_order_reference_2: 'WEB',
  },
  downpayment_checkout_session_id: null,
  selected_payment_method_type: 'bnpl_instalments',
  selected_payment_method_id: INTENT_ID,
  options: { expires_at: '2026-05-18T10:30:00Z', customization: null },
  customer: {
    full_name: { first_name: 'Ana', last_name: 'García' },
    email: 'ana.garcia@example.com',
    phone_number: '+34600123456',
    document_number: null,
  },
  payment_intents: [intent('confirmed')],
  hpp: {
    id: HPP_ID,
    created_at: '2026-05-17T10:30:00Z',
    updated_at: '2026-05-17T10:34:12Z',
    checkout_session_id: SESSION_ID,
    status: 'completed',
    expires_at: '2026-05-18T10:30:00Z',
    merchant_urls: {
      success_url: 'https://shop.example.com/checkout/success',
      cancel_url: 'https://shop.example.com/checkout/cancel',
    },
    customization: { page_title: 'Montaña Shop', logo_url: 'https://shop.example.com/logo.svg' },
  },
  shipping: {
    name: 'Home delivery',
    method: 'home',
    business_name: null,
    customer: {
      name: { first: 'Ana', last: 'García' },
      email: 'ana.garcia@example.com',
      phone: '+34600123456',
    },
    address: { street_address: 'Calle Mayor 10', postal_code: '28013', city: 'Madrid', country: 'ESP' },
  },
  billing: null,
  captured_amount: { amount: 25800, currency: 'EUR' },
  refunded_amount: { amount: 0, currency: 'EUR' },
  captures: [
    {
      id: '1f9c3e5a-7b2d-4d86-a0e4-6c8b2f4d1a97',
      created_at: '2026-05-17T10:34:12Z',
      status: 'approved',
      description: null,
      amount: { amount: 25800, currency: 'EUR' },
      item_ids: [LINE_ID],
      transactional: false,
    },
  ],
  refunds: [],
}

export const GET_SESSION_RESPONSE_EXAMPLE = { status: 'ok', payload: SESSION_EXAMPLE, identifier: SESSION_ID }

/** The same order cancelled before capture: nothing captured, the intent and the hosted page cancelled. */
export const CANCELLED_SESSION_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: {
    ...SESSION_EXAMPLE,
    status: 'cancelled',
    updated_at: '2026-05-17T11:02:40Z',
    cart: {
      ...SESSION_EXAMPLE.cart,
      order_lines: SESSION_EXAMPLE.cart.order_lines.map((line) => ({ ...line, captured: false })),
    },
    payment_intents: SESSION_EXAMPLE.payment_intents.map((intent) => ({
      ...intent,
      status: 'cancelled' as const,
    })),
    hpp: SESSION_EXAMPLE.hpp && {
      ...SESSION_EXAMPLE.hpp,
      status: 'cancelled' as const,
      updated_at: '2026-05-17T11:02:40Z',
    },
    captured_amount: { amount: 0, currency: 'EUR' as const },
    captures: [],
  },
  identifier: SESSION_ID,
}

export const CAPTURE_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: {
    id: '1f9c3e5a-7b2d-4d86-a0e4-6c8b2f4d1a97',
    created_at: '2026-05-17T10:40:00Z',
    status: 'approved',
    description: 'Shipped in one parcel',
    amount: { amount: 25800, currency: 'EUR' },
    item_ids: [LINE_ID],
    transactional: false,
  },
  identifier: '1f9c3e5a-7b2d-4d86-a0e4-6c8b2f4d1a97',
}

export const REFUND_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: {
    id: '9b2e4d6f-8a1c-4f37-b5e9-2d0c7a3f6e14',
    created_at: '2026-05-20T09:00:00Z',
    status: 'approved',
    description: 'Returned one pair',
    amount: { amount: 12900, currency: 'EUR' },
    item_ids: [],
    transactional: false,
  },
  identifier: '9b2e4d6f-8a1c-4f37-b5e9-2d0c7a3f6e14',
}

export const DISTRIBUTE_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: {
    id: '4c7e1a9d-3f5b-4a28-9e60-8b2d5f1c7a34',
    hpp_id: HPP_ID,
    recipient: '+34600123456',
    channel: 'sms',
    sent_at: '2026-05-17T10:31:00Z',
  },
  identifier: '4c7e1a9d-3f5b-4a28-9e60-8b2d5f1c7a34',
}

export const CLOCK_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: { now: '2026-05-18T10:31:00Z', offset_minutes: 1441, timers_run: 1 },
  identifier: MERCHANT_ID,
}

const ko = (exception: string, error: string) => ({ status: 'ko', exception, error })

export const ERROR_EXAMPLES = {
  /** Both distribute calls, the server's and the distribution page's. */
  recipientInvalid: validationErrorExample(
    [
      {
        field: '/recipient',
        message: 'must be an e-mail address or a phone number with country code',
        keyword: 'anyOf',
      },
    ],
    { recipient: '600 123 456' },
  ),
  loginMissingUsername: validationErrorExample(
    [{ field: '/username', message: 'is required', keyword: 'required' }],
    { password: 'plazo-sandbox' },
  ),
  sessionValidation: validationErrorExample(
    [{ field: '/cart/items/0/units', message: 'must be >= 1', keyword: 'minimum' }],
    {
      merchant: { order_reference_1: 'ORDER-1' },
      cart: {
        total_price_with_tax: 100,
        currency: 'EUR',
        items: [
          {
            article: {
              type: 'product',
              category: 'physical',
              name: 'Pen',
              reference: 'PEN',
              unit_price_with_tax: 100,
            },
            units: 0,
            total_discount: 0,
            total_price_with_tax: 100,
          },
        ],
      },
    },
  ),
  tokenMissing: { error: 'invalid_request', error_description: 'The access token is missing' },
  tokenInvalid: { error: 'invalid_token', error_description: 'The access token is invalid or has expired' },
  invalidCredentials: {
    ...ko('plazo.auth.invalid_credentials', INVALID_CREDENTIALS_MESSAGE),
    actionCode: 1001,
  },
  notFound: ko('plazo.checkout.not_found', `Checkout session ${SESSION_ID} not found.`),
  hppNotFound: ko('plazo.hpp.not_found', `Hosted payment page ${HPP_ID} not found.`),
  cartMismatch: ko('plazo.checkout.cart_total_mismatch', cartTotalMismatchMessage(79, 75)),
  invalidState: ko(
    'plazo.checkout.invalid_state',
    'The checkout session is captured: it can no longer be updated.',
  ),
  alreadyCaptured: ko('plazo.capture.already_captured', `Order line ${LINE_ID} already captured.`),
  alreadyRefunded: ko('plazo.refund.already_refunded', `Order line ${LINE_ID} already refunded.`),
  refundExceeds: ko(
    'plazo.refund.exceeds_captured',
    'The refunded amount (30000) exceeds the captured amount not yet refunded (25800).',
  ),
  lenderRejected: ko('plazo.lender.rejected', 'The lender rejected the capture.'),
  idempotencyInProgress: ko(
    'plazo.idempotency.in_progress',
    'A request with this Idempotency-Key is still being processed.',
  ),
  idempotencyMismatch: ko(
    'plazo.idempotency.key_reused',
    'This Idempotency-Key was already used with a different request.',
  ),
  idempotencyKeyInvalid: {
    ...ko('plazo.request.bad_request', 'The Idempotency-Key header must be 1 to 255 characters.'),
    schema_errors: [
      { field: 'Idempotency-Key', message: 'must be 1 to 255 characters', keyword: 'maxLength' },
    ],
    original_data: { minutes: 60 },
  },
  malformedJson: {
    ...ko('plazo.request.malformed_json', 'The body is not valid JSON.'),
    schema_errors: [
      {
        field: '/',
        message: "is not valid JSON: Expected ',' or '}' after property value in JSON at position 15",
        keyword: 'json',
      },
    ],
    original_data: '{"minutes": 60 "x": 1}',
  },
  payloadTooLarge: ko('plazo.request.payload_too_large', 'The body is larger than 1 MiB.'),
  unsupportedMediaType: ko(
    'plazo.request.unsupported_media_type',
    'Content-Type text/plain is not supported: send application/json.',
  ),
} as const

const notifiedIntent = {
  ...intent('confirmed'),
  conditions: { ...CONDITIONS_EXAMPLE, down_payment_amount: 0 },
}
const base = {
  checkout_session_id: SESSION_ID,
  event_id: '0d4f7b2e-9c1a-4e68-b3f5-7a2c9e1d4b80',
  triggered_at: '2026-05-17T10:34:12Z',
  order_reference_1: 'ORDER-100045',
  order_reference_2: 'WEB',
  selected_payment_intent: notifiedIntent,
  additional_payload: { channel: 'web' },
}

export const WEBHOOK_EXAMPLES = {
  checkout_session_status_changed: {
    event: 'checkout_session_status_changed',
    ...base,
    status: 'confirmed',
    payment_intents: [notifiedIntent],
  },
  payment_intent_status_changed: { event: 'payment_intent_status_changed', ...base, status: 'confirmed' },
  down_payment_status_changed: {
    event: 'down_payment_status_changed',
    ...base,
    status: 'challenge',
    down_payment: {
      status: 'confirmed',
      downpayment_checkout_session_id: '2b8d4f6a-1c3e-4a57-9b02-6e8f0a2c4d61',
      downpayment_order_reference_1: 'DP-ORDER-100045',
      downpayment_order_reference_2: 'WEB',
      amount: { amount: 50000, currency: 'EUR' },
      payment_methods: ['card_payment'],
      selected_payment_intent: {
        ...notifiedIntent,
        payment_method_type: 'card_payment',
        status: 'paid',
        conditions: null,
      },
      payment_intents: [
        { ...notifiedIntent, payment_method_type: 'card_payment', status: 'paid', conditions: null },
      ],
    },
  },
  conditions_changed: {
    event: 'conditions_changed',
    ...base,
    status: 'challenge',
    conditions: { ...CONDITIONS_EXAMPLE, principal: 1840000, term: 48, down_payment_amount: 50000 },
    down_payment: { amount: { amount: 50000, currency: 'EUR' } },
  },
  capture_approved: {
    event: 'capture_approved',
    ...base,
    status: 'confirmed',
    description: 'Shipped in one parcel',
    captured_amount: { amount: 25800, currency: 'EUR' },
    captured_items: [orderLine],
  },
  refund_approved: {
    event: 'refund_approved',
    ...base,
    status: 'confirmed',
    description: null,
    refunded_amount: { amount: 12900, currency: 'EUR' },
    refunded_items: [],
  },
} as const
