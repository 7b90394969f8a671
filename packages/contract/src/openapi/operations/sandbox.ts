import { BRAND } from '../../brand.ts'
import { ErrorBodySchema } from '../../errors.ts'
import {
  CLOCK_RESPONSE_EXAMPLE,
  DISTRIBUTE_RESPONSE_EXAMPLE,
  ERROR_EXAMPLES,
  GET_SESSION_RESPONSE_EXAMPLE,
} from '../../examples/index.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import {
  ClockAdvanceRequestSchema,
  ClockResponseSchema,
  CustomerActionRequestSchema,
  OutboxListResponseSchema,
  SessionResponseSchema,
} from '../../order-management.ts'
import { UuidSchema } from '../../primitives.ts'
import { e400, e401, e404, e409state, e500, type OperationSpec, one } from './responses.ts'

/** Sandbox-only calls: act as the customer, advance the clock, read the outbox. */

export const customerAction: OperationSpec = {
  id: 'sandboxCustomerAction',
  method: 'post',
  path: '/test-helpers/checkout/{checkout_session_id}/customer-action',
  tag: 'Sandbox test helpers',
  summary: 'Play the customer and the lender',
  description:
    'Sandbox only (when `PLAZO_SANDBOX` is on), on your own sessions: `approve` completes the checkout with `payment_method_type` (default the first offered), `deny` has the lender deny it, `challenge` asks for a down payment, `desist` gives up. The effects are those of the hosted page: statuses, timers and notifications.',
  auth: true,
  idempotent: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: CustomerActionRequestSchema,
    examples: {
      approve: {
        summary: 'Approve with BNPL',
        value: { action: 'approve', payment_method_type: 'bnpl_instalments' },
      },
      deny: { summary: 'Deny', value: { action: 'deny' } },
    },
  },
  responses: {
    '201': {
      description: 'Done; the session after the action.',
      schema: SessionResponseSchema,
      examples: one('Approved', GET_SESSION_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Unknown action',
      validationErrorExample(
        [{ field: '/action', message: 'must be one of: approve, deny, challenge, desist', keyword: 'enum' }],
        { action: 'pay' },
      ),
    ),
    '401': e401,
    '404': e404,
    '409': e409state,
    '500': e500,
  },
}

export const clockAdvance: OperationSpec = {
  id: 'sandboxClockAdvance',
  method: 'post',
  path: '/test-helpers/clock/advance',
  tag: 'Sandbox test helpers',
  summary: 'Move the sandbox clock forward',
  description:
    'Sandbox only: move your merchant sandbox clock forward by `minutes` and run, before answering, every timer that falls due (confirm and capture windows, `expires_at`, `invitation_expires_on_date`), so timed rules can be tested at once.',
  auth: true,
  idempotent: true,
  request: { schema: ClockAdvanceRequestSchema, examples: one('One day and a minute', { minutes: 1441 }) },
  responses: {
    '201': {
      description: 'Moved.',
      schema: ClockResponseSchema,
      examples: one('Moved', CLOCK_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Not positive',
      validationErrorExample([{ field: '/minutes', message: 'must be >= 1', keyword: 'minimum' }], {
        minutes: 0,
      }),
    ),
    '401': e401,
    '500': e500,
  },
}

export const sandboxOutbox: OperationSpec = {
  id: 'sandboxOutbox',
  method: 'get',
  path: '/test-helpers/outbox',
  tag: 'Sandbox test helpers',
  summary: 'Read the messages the sandbox did not send',
  description:
    'Sandbox only: the sandbox sends no e-mail or SMS. Each distribution (yours, or from the distribution page of `distribution_url`, which allows 5 sends per hosted page and hour) is kept here with the text the customer would receive, in the language of the purchase country, oldest first. `hpp_id` is required; a hosted page of another merchant answers 404 like an unknown one.',
  auth: true,
  queryParams: [
    {
      name: 'hpp_id',
      description: 'The hosted page whose messages to list (`payload.hpp.id`).',
      required: true,
      schema: UuidSchema,
    },
  ],
  responses: {
    '200': {
      description: 'The messages of the hosted page.',
      schema: OutboxListResponseSchema,
      examples: one('One SMS', {
        status: 'ok',
        payload: [
          {
            ...DISTRIBUTE_RESPONSE_EXAMPLE.payload,
            body: `Demo Store: completa tu compra de 258,00\u00a0€ con ${BRAND} aquí: http://localhost:4000/hpp/${DISTRIBUTE_RESPONSE_EXAMPLE.payload.hpp_id}`,
          },
        ],
        identifier: DISTRIBUTE_RESPONSE_EXAMPLE.payload.hpp_id,
      }),
    },
    '400': e400(
      'Missing hpp_id',
      validationErrorExample(
        [{ field: '/', message: "must have required property 'hpp_id'", keyword: 'required' }],
        {},
      ),
    ),
    '401': e401,
    '404': {
      description: 'No hosted page with this id belongs to your merchant.',
      schema: ErrorBodySchema,
      examples: one('Unknown', ERROR_EXAMPLES.hppNotFound),
    },
    '500': e500,
  },
}
