import { ErrorBodySchema } from '../../errors.ts'
import {
  CAPTURE_RESPONSE_EXAMPLE,
  DISTRIBUTE_REQUEST_EXAMPLES,
  DISTRIBUTE_RESPONSE_EXAMPLE,
  ERROR_EXAMPLES,
  REFUND_RESPONSE_EXAMPLE,
} from '../../examples/index.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import {
  CaptureRequestSchema,
  DistributeRequestSchema,
  DistributeResponseSchema,
  OperationResponseSchema,
  RefundRequestSchema,
} from '../../order-management.ts'
import { e400, e401, e404, e409state, e500, type OperationSpec, one } from './responses.ts'

/** Order management after a confirmation: capture, refund, and sending the hosted page to the customer. */

export const capture: OperationSpec = {
  id: 'captureCheckoutSession',
  method: 'post',
  path: '/checkout/{checkout_session_id}/capture',
  tag: 'Order management',
  summary: 'Capture an order',
  description:
    "Capture every order line not yet captured, once the session is confirmed. Each order line is captured once (409 `already captured`). With `transactional: true` the lender is asked synchronously: a rejection answers 410 with nothing captured, an acceptance is `approved` at once. Otherwise some lenders answer asynchronously: the capture is `pending` and a `capture_approved` notification follows. The amount is the lines' total less a down payment the customer paid, which was captured on its own session.",
  auth: true,
  idempotent: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: CaptureRequestSchema,
    examples: one('Capture', { description: 'Shipped in one parcel' }),
    required: false,
  },
  responses: {
    '201': {
      description: 'Captured (or pending).',
      schema: OperationResponseSchema,
      examples: one('Captured', CAPTURE_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Wrong type',
      validationErrorExample([{ field: '/transactional', message: 'must be boolean', keyword: 'type' }], {
        transactional: 'yes',
      }),
    ),
    '401': e401,
    '404': e404,
    '409': {
      description: 'Not confirmed yet, or every order line is already captured.',
      schema: ErrorBodySchema,
      examples: {
        captured: { summary: 'Already captured', value: ERROR_EXAMPLES.alreadyCaptured },
        state: { summary: 'Not confirmed', value: ERROR_EXAMPLES.invalidState },
      },
    },
    '410': {
      description: 'The lender rejected a transactional capture; nothing was captured.',
      schema: ErrorBodySchema,
      examples: one('Rejected', ERROR_EXAMPLES.lenderRejected),
    },
    '500': e500,
  },
}

export const refund: OperationSpec = {
  id: 'refundCheckoutSession',
  method: 'post',
  path: '/checkout/{checkout_session_id}/refund',
  tag: 'Order management',
  summary: 'Refund an order',
  description:
    'Refund captured order lines by `refunded_item_ids` (ids from `payload.cart.order_lines[].id`; each must have been captured and is refunded once) or an amount by `refunded_amount` (never with item ids; never above the captured total minus what was refunded). Partial refunds are allowed until the captured total. `transactional: true` asks the lender synchronously (410 on rejection, `approved` at once otherwise). Without it, asynchronous lenders answer `pending` and a `refund_approved` notification follows. A paid down payment is refunded on its own session (`downpayment_checkout_session_id`).',
  auth: true,
  idempotent: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: RefundRequestSchema,
    examples: {
      amount: { summary: 'By amount', value: { description: 'Returned one pair', refunded_amount: 12900 } },
      items: {
        summary: 'By order lines',
        value: { refunded_item_ids: ['e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21'] },
      },
    },
  },
  responses: {
    '201': {
      description: 'Refunded (or pending).',
      schema: OperationResponseSchema,
      examples: one('Refunded', REFUND_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Both forms',
      validationErrorExample(
        [
          {
            field: '/',
            message: 'Give either refunded_item_ids or refunded_amount, not both and not neither.',
            keyword: 'oneOf',
          },
        ],
        { refunded_amount: 100, refunded_item_ids: ['e2b5d8f1-4a6c-4e93-8b17-0c9f3a5d7e21'] },
      ),
    ),
    '401': e401,
    '404': e404,
    '409': {
      description:
        'Nothing captured yet, a line not captured or already refunded, or an amount above what can be refunded.',
      schema: ErrorBodySchema,
      examples: {
        refunded: { summary: 'Already refunded', value: ERROR_EXAMPLES.alreadyRefunded },
        exceeds: { summary: 'Above the captured total', value: ERROR_EXAMPLES.refundExceeds },
      },
    },
    '410': {
      description: 'The lender rejected a transactional refund; nothing was refunded.',
      schema: ErrorBodySchema,
      examples: one('Rejected', {
        ...ERROR_EXAMPLES.lenderRejected,
        error: 'The lender rejected the refund.',
      }),
    },
    '500': e500,
  },
}

export const distribute: OperationSpec = {
  id: 'distributeHostedPage',
  method: 'post',
  path: '/checkout/hpp/{hpp_id}/distribute',
  tag: 'Hosted payment page',
  summary: 'Send the hosted page link to the customer',
  description:
    'Send `redirect_url` to the customer by e-mail (an e-mail address) or SMS (a phone number with country code, no spaces). Anything else is a 400. The sandbox sends no real messages: it keeps them in an outbox you can read with the test helpers.',
  auth: true,
  idempotent: true,
  pathParams: ['hpp_id'],
  request: {
    schema: DistributeRequestSchema,
    examples: DISTRIBUTE_REQUEST_EXAMPLES,
  },
  responses: {
    '201': {
      description: 'Sent.',
      schema: DistributeResponseSchema,
      examples: one('Sent by SMS', DISTRIBUTE_RESPONSE_EXAMPLE),
    },
    '400': e400('Not an e-mail or a phone with country code', ERROR_EXAMPLES.recipientInvalid),
    '401': e401,
    '404': {
      description: 'No hosted page with this id belongs to your merchant.',
      schema: ErrorBodySchema,
      examples: one('Unknown', ERROR_EXAMPLES.hppNotFound),
    },
    '409': e409state,
    '500': e500,
  },
}
