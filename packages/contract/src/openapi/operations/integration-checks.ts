import { ErrorBodySchema } from '../../errors.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import {
  DeliveryAnswersRequestSchema,
  INTEGRATION_CHECK_GUIDE,
  INTEGRATION_CHECK_RUN_EXAMPLE,
  IntegrationCheckRequestSchema,
  IntegrationCheckRunSchema,
  integrationCheckAnchor,
  WEBHOOK_CHECKS,
} from '../../integration-checks.ts'
import { e400, e401, e404, e500, type OperationSpec, one, type ResponseSpec } from './responses.ts'

/** The integration check: start a run, read its report, report the answers of the notifications you sent. */

const RUN_ID = INTEGRATION_CHECK_RUN_EXAMPLE.id

const CLIENT_RUN_EXAMPLE = {
  id: RUN_ID,
  status: 'running',
  kind: 'webhooks',
  created_at: '2026-05-17T10:40:00.000Z',
  passed: 0,
  failed: 0,
  warned: 0,
  checks: [],
  deliveries: [
    {
      id: 'd1',
      check_id: WEBHOOK_CHECKS[0].id,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Plazo-Webhooks/1.0',
        'webhook-id': '6f2d8a41-0c3b-4e7a-9d15-b8e4c2a7f390',
        'webhook-timestamp': '1779014400',
        'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
      },
      body: '{"event":"payment_intent_status_changed","checkout_session_id":"4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11","event_id":"6f2d8a41-0c3b-4e7a-9d15-b8e4c2a7f390"}',
    },
  ],
}

const WEBHOOKS_REPORT_EXAMPLE = {
  ...CLIENT_RUN_EXAMPLE,
  status: 'done',
  passed: WEBHOOK_CHECKS.length,
  checks: WEBHOOK_CHECKS.map(({ id, title }, i) => ({
    id,
    status: 'pass',
    title,
    detail: `Delivery d${i + 1}: answered ${id.startsWith('signature.') && id !== 'signature.valid' && id !== 'signature.rotation' ? 400 : 204} in 12 ms.`,
    docs_url: `http://localhost:3000${INTEGRATION_CHECK_GUIDE}#${integrationCheckAnchor(id)}`,
  })),
}
delete (WEBHOOKS_REPORT_EXAMPLE as { deliveries?: unknown }).deliveries

const runNotFound: ResponseSpec = {
  description: 'No integration check run with this id belongs to your merchant.',
  schema: ErrorBodySchema,
  examples: one('Unknown run', {
    status: 'ko',
    exception: 'plazo.integration_check.not_found',
    error: `Integration check ${RUN_ID} not found.`,
  }),
}

const runIdNotUuid = e400(
  'Not a UUID',
  validationErrorExample(
    [{ field: '/integration_check_id', message: 'must match format "uuid"', keyword: 'format' }],
    { integration_check_id: 'not-a-uuid' },
  ),
)

export const startIntegrationCheck: OperationSpec = {
  id: 'startIntegrationCheck',
  method: 'post',
  path: '/test-helpers/integration-checks',
  tag: 'Sandbox test helpers',
  summary: 'Check your integration',
  description:
    'Sandbox only: grade your integration against the checks of the guide *Check your integration*, the same ones `plazo check` runs. `kind: "webhooks"` sends your notification handler (`url`) a battery of notifications made from real events of sessions the run creates in your account: correctly signed, forged, changed after signing, stale, unsigned, signed during a secret rotation, sent twice, out of order, of an unknown type and with unknown fields. Each is signed with your secret and your merchant `notification_auth`; the run then grades the answers and what your handler did with each, from your API calls on its session (the request log). It answers `running` at once: read the report with `GET /test-helpers/integration-checks/{integration_check_id}` until `done`. With `deliver: "client"` the notifications come back prepared, in `deliveries`, for you to send. `kind: "flow"` grades your API calls and sessions of the last `since_minutes` (or of one `checkout_session_id`) at once: Idempotency-Key on every POST, tokens reused, the session read after the customer comes back, confirm and capture windows, no request repeated unchanged after a 4xx, notifications acknowledged on their first try.',
  auth: true,
  idempotent: true,
  request: {
    schema: IntegrationCheckRequestSchema,
    examples: {
      flow: { summary: 'Your calls of the last hour', value: { kind: 'flow', since_minutes: 60 } },
      webhooks: {
        summary: 'Your notification handler',
        value: { kind: 'webhooks', url: 'https://shop.example/webhooks/plazo' },
      },
    },
  },
  responses: {
    '201': {
      description:
        'Started: `done` with its report for `flow`; `running` for `webhooks`, with the prepared `deliveries` when `deliver` is `client`.',
      schema: IntegrationCheckRunSchema,
      examples: {
        flow: { summary: 'A flow report', value: INTEGRATION_CHECK_RUN_EXAMPLE },
        client: { summary: 'Notifications for you to send', value: CLIENT_RUN_EXAMPLE },
      },
    },
    '400': e400(
      'No URL for webhooks',
      validationErrorExample(
        [{ field: '/', message: "must have required property 'url'", keyword: 'required' }],
        {
          kind: 'webhooks',
        },
      ),
    ),
    '401': e401,
    '404': e404,
    '500': e500,
  },
}

export const getIntegrationCheck: OperationSpec = {
  id: 'getIntegrationCheck',
  method: 'get',
  path: '/test-helpers/integration-checks/{integration_check_id}',
  tag: 'Sandbox test helpers',
  summary: 'Read an integration check report',
  description:
    'Sandbox only: the run and, once `done`, its report: one entry per check with `status` (`pass`, `fail`, `warn` or `skip`), what it saw (`detail`, with request and event ids) and the guide section that explains the fix (`docs_url`). A webhooks run takes a few seconds: read it again until `status` is `done`.',
  auth: true,
  pathParams: ['integration_check_id'],
  responses: {
    '200': {
      description: 'The run.',
      schema: IntegrationCheckRunSchema,
      examples: one('A flow report', INTEGRATION_CHECK_RUN_EXAMPLE),
    },
    '400': runIdNotUuid,
    '401': e401,
    '404': runNotFound,
    '500': e500,
  },
}

export const answerIntegrationCheck: OperationSpec = {
  id: 'answerIntegrationCheck',
  method: 'post',
  path: '/test-helpers/integration-checks/{integration_check_id}/answers',
  tag: 'Sandbox test helpers',
  summary: 'Report what your handler answered',
  description:
    'Sandbox only, for a webhooks run with `deliver: "client"`: once you have POSTed each prepared delivery to your handler, in order, report the status and the time of each answer. The run waits a moment for what your handler does with them, grades every check and answers the report (`done`). Once, for every delivery: a delivery without an answer fails its check.',
  auth: true,
  idempotent: true,
  pathParams: ['integration_check_id'],
  request: {
    schema: DeliveryAnswersRequestSchema,
    examples: one('One answer', {
      answers: [{ delivery_id: 'd1', status_code: 204, duration_ms: 12 }],
    }),
  },
  responses: {
    '201': {
      description: 'Graded: the report.',
      schema: IntegrationCheckRunSchema,
      examples: one('Every check passed', WEBHOOKS_REPORT_EXAMPLE),
    },
    '400': runIdNotUuid,
    '401': e401,
    '404': runNotFound,
    '409': {
      description:
        'The run is not waiting for answers: it is done, or the sandbox sends its notifications itself.',
      schema: ErrorBodySchema,
      examples: one('Already graded', {
        status: 'ko',
        exception: 'plazo.integration_check.not_waiting',
        error: `Integration check ${RUN_ID} is not waiting for answers: it is done.`,
      }),
    },
    '500': e500,
  },
}
