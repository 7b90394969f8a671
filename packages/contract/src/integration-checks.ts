import Type from 'typebox'
import { enumOf } from './enums.ts'
import { DateTimeSchema, Nullable, UrlSchema, UuidSchema } from './primitives.ts'

/**
 * The integration check (sandbox only): `plazo check webhooks|flow`, the dashboard and the MCP tool
 * `run_integration_check` start a run with `POST /test-helpers/integration-checks` and read its report. The check
 * ids and what each means are fixed (DESIGN.md "The integration check"); more may be added, none renamed.
 */

/** What a webhooks run checks, in the order it reports them. */
export const WEBHOOK_CHECKS = [
  { id: 'signature.valid', title: 'A correctly signed notification is acknowledged' },
  { id: 'signature.forged', title: 'A notification signed with another secret is refused' },
  { id: 'signature.tampered', title: 'A notification whose body changed after signing is refused' },
  { id: 'signature.stale', title: 'A notification signed more than 5 minutes ago is refused' },
  { id: 'signature.missing', title: 'A notification without a signature is refused' },
  { id: 'signature.rotation', title: 'A notification signed with a new and an old secret is acknowledged' },
  { id: 'delivery.duplicate', title: 'The same notification twice is acknowledged twice and acted on once' },
  { id: 'delivery.out_of_order', title: 'Notifications that arrive out of order are acknowledged' },
  { id: 'delivery.unknown_event', title: 'An event type the handler does not know is acknowledged' },
  {
    id: 'delivery.unknown_fields',
    title: 'A notification with fields the handler does not know is acknowledged',
  },
  { id: 'delivery.latency', title: 'Notifications are answered within 5 seconds (95th percentile)' },
] as const

/** What a flow run checks, in the order it reports them. */
export const FLOW_CHECKS = [
  { id: 'flow.idempotency_key', title: 'Every POST carries an Idempotency-Key' },
  { id: 'flow.token_reuse', title: 'Access tokens are reused, not one login per call' },
  {
    id: 'flow.return_verified',
    title: 'The session is read after the customer comes back, before the order is trusted',
  },
  { id: 'flow.confirm_window', title: 'Approved orders are confirmed within the confirm window' },
  { id: 'flow.capture_window', title: 'Confirmed orders are captured within the capture window' },
  { id: 'flow.no_repeated_4xx', title: 'No request is repeated unchanged after a 4xx' },
  { id: 'flow.notifications_acknowledged', title: 'Notifications are acknowledged on their first try' },
] as const

export type WebhookCheckId = (typeof WEBHOOK_CHECKS)[number]['id']
export type FlowCheckId = (typeof FLOW_CHECKS)[number]['id']
export type IntegrationCheckId = WebhookCheckId | FlowCheckId

/** The guide that explains every check: each has a section whose anchor is its id with `-` for `.` and `_`. */
export const INTEGRATION_CHECK_GUIDE = '/docs/get-started/integration-check'

/** The anchor of a check's section in the guide: `signature.valid` → `signature-valid`. */
export function integrationCheckAnchor(id: string): string {
  return id.replace(/[._]/g, '-')
}

export const INTEGRATION_CHECK_STATUSES = ['pass', 'fail', 'warn', 'skip'] as const
export type IntegrationCheckStatus = (typeof INTEGRATION_CHECK_STATUSES)[number]

export const IntegrationCheckRequestSchema = Type.Object(
  {
    kind: enumOf(['webhooks', 'flow'] as const, {
      description:
        '`webhooks`: send your notification handler a battery of signed notifications and grade its answers and what it then does. `flow`: grade your latest API calls and sessions.',
    }),
    url: Type.Optional({
      ...UrlSchema,
      description:
        '`webhooks` only, required there: your notification handler. With `deliver: "sandbox"` the sandbox must be able to reach it.',
    }),
    deliver: Type.Optional(
      enumOf(['sandbox', 'client'] as const, {
        description:
          '`webhooks` only: `sandbox` (default) sends the notifications itself; `client` answers them prepared, in `deliveries`, for you to send (`plazo check webhooks` does, to a localhost URL) and report with `POST /test-helpers/integration-checks/{integration_check_id}/answers`.',
      }),
    ),
    checkout_session_id: Type.Optional({
      ...UuidSchema,
      description: '`flow` only: grade this session and the calls made on it.',
    }),
    since_minutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1440,
        description:
          '`flow` only: grade the calls of the last this many minutes and their sessions (default 60; the request log keeps 24 hours).',
      }),
    ),
  },
  {
    title: 'IntegrationCheckRequest',
    additionalProperties: false,
    description:
      'Sandbox only: what to check. `url` is required with `kind: "webhooks"`; `checkout_session_id` and `since_minutes` are for `flow` (not both).',
    if: { properties: { kind: { const: 'webhooks' } }, required: ['kind'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
    then: { required: ['url'] },
  },
)

export const IntegrationCheckResultSchema = Type.Object(
  {
    id: Type.String({ description: 'The check: `signature.valid`, `flow.token_reuse`… (fixed ids).' }),
    status: enumOf(INTEGRATION_CHECK_STATUSES, {
      description:
        '`pass`; `fail` (fix it: the run fails); `warn` (works, but read `detail`); `skip` (nothing to judge).',
    }),
    title: Type.String({ description: 'What the check expects.' }),
    detail: Type.String({ description: 'What the check saw, with the request ids and event ids involved.' }),
    docs_url: Type.String({ description: 'The section of the guide that explains the check and its fix.' }),
  },
  { title: 'IntegrationCheckResult', description: 'One check of a run.' },
)

export const PreparedDeliverySchema = Type.Object(
  {
    id: Type.String({ description: 'The delivery, named in its answer.' }),
    check_id: Type.String({ description: 'The check it is for.' }),
    headers: Type.Record(Type.String(), Type.String(), {
      description: 'The headers to send, the Standard Webhooks ones included (or left out, for a check).',
    }),
    body: Type.String({ description: 'The body to POST, byte for byte.' }),
  },
  {
    title: 'PreparedDelivery',
    description:
      'A notification prepared for you to POST to your handler, in the order given (`deliver: "client"`).',
  },
)

export const IntegrationCheckRunSchema = Type.Object(
  {
    id: {
      ...UuidSchema,
      description: 'The run: read it again with `GET /test-helpers/integration-checks/{id}`.',
    },
    status: enumOf(['running', 'done'] as const, {
      description: '`running` until every check is graded, then `done`.',
    }),
    kind: enumOf(['webhooks', 'flow'] as const, { description: 'What was checked.' }),
    created_at: { ...DateTimeSchema, description: 'When the run started (real time).' },
    passed: Type.Integer({ minimum: 0, description: 'Checks with status `pass`.' }),
    failed: Type.Integer({
      minimum: 0,
      description: 'Checks with status `fail`: the run fails when one does.',
    }),
    warned: Type.Integer({ minimum: 0, description: 'Checks with status `warn`.' }),
    checks: Type.Array(IntegrationCheckResultSchema, {
      description: 'Every check, in a fixed order; empty while `running`.',
    }),
    deliveries: Type.Optional(
      Type.Array(PreparedDeliverySchema, {
        description:
          'With `deliver: "client"`, while `running`: the notifications to send, in this order, and report with `POST /test-helpers/integration-checks/{id}/answers`.',
      }),
    ),
  },
  {
    title: 'IntegrationCheckRun',
    description:
      'A run of the integration check and its report: the same object `plazo check … --json` prints, with `id` and `status`.',
  },
)

export const DeliveryAnswerSchema = Type.Object(
  {
    delivery_id: Type.String({ minLength: 1, maxLength: 100, description: 'The `id` of the delivery sent.' }),
    status_code: Nullable(
      Type.Integer({
        minimum: 100,
        maximum: 599,
        description: 'The HTTP status your handler answered; null when it did not answer.',
      }),
    ),
    duration_ms: Type.Integer({
      minimum: 0,
      maximum: 600000,
      description: 'From sending the request to the answer\u2019s status line, in ms.',
    }),
    error: Type.Optional(
      Type.String({ maxLength: 500, description: 'Why there was no answer (refused, timed out…).' }),
    ),
    response_excerpt: Type.Optional(
      Type.String({ maxLength: 2048, description: 'The start of the answer\u2019s body, for the report.' }),
    ),
  },
  {
    title: 'DeliveryAnswer',
    additionalProperties: false,
    description: 'What your handler answered to one delivery.',
  },
)

export const DeliveryAnswersRequestSchema = Type.Object(
  {
    answers: Type.Array(DeliveryAnswerSchema, {
      minItems: 1,
      maxItems: 100,
      description: 'One answer per delivery sent.',
    }),
  },
  {
    title: 'DeliveryAnswersRequest',
    additionalProperties: false,
    description: 'What your handler answered to each prepared delivery (`deliver: "client"`).',
  },
)

const EXAMPLE_DETAILS: Record<FlowCheckId, [IntegrationCheckStatus, string]> = {
  'flow.idempotency_key': [
    'fail',
    '1 of 3 POSTs had no Idempotency-Key: POST /api/v2/checkout/4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11/capture (request 3c0a9f4e-1b7d-4e25-9a60-8d2f5c7b1e43).',
  ],
  'flow.token_reuse': ['pass', '4 calls made with 1 login.'],
  'flow.return_verified': [
    'pass',
    'Session 4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11: read (request 8d2f5c7b-1e43-4e25-9a60-3c0a9f4e1b7d) after the customer came back, before the capture.',
  ],
  'flow.confirm_window': [
    'pass',
    'Session 4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11: confirmed 1 min after approval.',
  ],
  'flow.capture_window': [
    'pass',
    'Session 4b1c7a4e-3f0e-4c57-9a39-7d1a0f2b8c11: captured 2 min after confirmation.',
  ],
  'flow.no_repeated_4xx': ['pass', 'No 4xx answers.'],
  'flow.notifications_acknowledged': ['pass', '3 notifications, each acknowledged on its first try.'],
}

export const INTEGRATION_CHECK_RUN_EXAMPLE = {
  id: '0b9f6c1e-8d57-4d2e-9f0a-3c1b2a4d5e6f',
  status: 'done',
  kind: 'flow',
  created_at: '2026-05-17T10:40:00.000Z',
  passed: 6,
  failed: 1,
  warned: 0,
  checks: FLOW_CHECKS.map(({ id, title }) => ({
    id,
    status: EXAMPLE_DETAILS[id][0],
    title,
    detail: EXAMPLE_DETAILS[id][1],
    docs_url: `http://localhost:3000${INTEGRATION_CHECK_GUIDE}#${integrationCheckAnchor(id)}`,
  })),
}
