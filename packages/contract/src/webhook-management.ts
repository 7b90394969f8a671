import Type from 'typebox'
import { enumOf } from './enums.ts'
import { SESSION_ID, WEBHOOK_EXAMPLES } from './examples/responses.ts'
import { DateTimeSchema, Nullable, UrlSchema, UuidSchema } from './primitives.ts'
import { DEMO_STORE_MERCHANT_ID } from './sandbox-ids.ts'
import {
  CaptureApprovedSchema,
  CheckoutSessionStatusChangedSchema,
  ConditionsChangedSchema,
  DownPaymentStatusChangedSchema,
  PaymentIntentStatusChangedSchema,
  RefundApprovedSchema,
  WEBHOOK_EVENT_SCHEMAS,
} from './webhooks.ts'

/**
 * The webhook management endpoints: the delivery log of a session's events, redelivery, the signing secret
 * and the sandbox certificates for mutual TLS. Plazo additions: the specification leaves retries open.
 */

export const EventDeliveryStatus = {
  values: ['pending', 'delivered', 'failed'] as const,
  description:
    '`pending`: waiting for its next try; `delivered`: a try got a 2XX answer; `failed`: given up after the last scheduled retry, or there was no `notification_url` (redeliver it once fixed).',
}

export const EventAttemptSchema = Type.Object(
  {
    attempted_at: { ...DateTimeSchema, description: 'When the try started (real time, UTC).' },
    status_code: Nullable(
      Type.Integer({ description: 'HTTP status your endpoint answered; null when there was no answer.' }),
    ),
    duration_ms: Type.Integer({ minimum: 0, description: 'How long the try took, in milliseconds.' }),
    error: Nullable(
      Type.String({
        description:
          'Why the try failed (`HTTP 500: <start of your body>`, `timed out after 15000 ms`, `connect ECONNREFUSED …`); null when delivered. A try is listed as soon as it starts: `no answer yet: the try is in progress` while Plazo waits for your answer; `no answer recorded: the Plazo server sending it stopped; your endpoint may have received it` when the server sending it stopped abruptly (the notification is then sent again).',
      }),
    ),
    response_excerpt: Nullable(
      Type.String({
        description:
          'The first 2 KB of the body your endpoint answered with (UTF-8), to see why it refused the notification; null for a `2XX`, whose body is not read, and when there was no answer.',
      }),
    ),
  },
  { title: 'EventAttempt', description: 'One delivery try.' },
)

export const WebhookEventPayloadSchema = Type.Union(
  [
    CheckoutSessionStatusChangedSchema,
    PaymentIntentStatusChangedSchema,
    DownPaymentStatusChangedSchema,
    ConditionsChangedSchema,
    CaptureApprovedSchema,
    RefundApprovedSchema,
  ],
  { description: 'The notification body, exactly as POSTed to your endpoint.' },
)

export const WebhookEventRecordSchema = Type.Object(
  {
    event_id: { ...UuidSchema, description: 'Stable id of the event (the `webhook-id` header).' },
    type: enumOf(Object.keys(WEBHOOK_EVENT_SCHEMAS) as (keyof typeof WEBHOOK_EVENT_SCHEMAS)[], {
      description: 'The event type (`event` in the payload).',
    }),
    status: enumOf(EventDeliveryStatus.values, { description: EventDeliveryStatus.description }),
    created_at: { ...DateTimeSchema, description: 'When the status change that triggered it was written.' },
    next_attempt_at: Nullable({
      ...DateTimeSchema,
      description:
        'The earliest time a `pending` event is tried next; null once delivered or failed, and while it waits for an earlier pending event of its session (a session\u2019s events go out in order): it gets a time when that one is delivered or given up. It may also wait until its endpoint and its merchant have room (at most `WEBHOOK_ENDPOINT_CONCURRENCY` in flight to one URL, `WEBHOOK_MERCHANT_CONCURRENCY` to one merchant).',
    }),
    delivered_at: Nullable({
      ...DateTimeSchema,
      description:
        'When your endpoint first acknowledged it (2XX); null until then. A later redelivery keeps it, whether that try succeeds or fails.',
    }),
    last_error: Nullable(Type.String({ description: 'The error of the last failed try.' })),
    attempt_count: Type.Integer({
      minimum: 0,
      description:
        'Tries made so far, redeliveries included, the one in progress and any cut short included.',
    }),
    payload: WebhookEventPayloadSchema,
    attempts: Type.Array(EventAttemptSchema, { description: 'Every try, oldest first.' }),
  },
  { title: 'WebhookEventRecord', description: 'An event with its delivery log.' },
)

export const WebhookEventsQuerySchema = Type.Object(
  {
    checkout_session_id: { ...UuidSchema, description: 'The checkout session whose events to list.' },
  },
  { additionalProperties: false },
)

export const WebhookEventParamsSchema = Type.Object(
  { event_id: { ...UuidSchema, description: 'The `event_id` of the event.' } },
  { additionalProperties: false },
)

export const WebhookSessionParamsSchema = Type.Object(
  { checkout_session_id: { ...UuidSchema, description: 'The checkout session.' } },
  { additionalProperties: false },
)

export const NotificationUrlRequestSchema = Type.Object(
  {
    notification_url: {
      ...UrlSchema,
      description:
        'Where the notifications of this session go from now on, an absolute http or https URL: it replaces the session\u2019s `merchant.notification_url`.',
    },
  },
  {
    additionalProperties: false,
    title: 'NotificationUrlRequest',
    description: 'The corrected notification URL of a checkout session.',
  },
)

export const WebhookEventListResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: Type.Array(WebhookEventRecordSchema, {
      description: 'The events of the session, oldest first.',
    }),
    identifier: { ...UuidSchema, description: 'The checkout session id.' },
  },
  { title: 'WebhookEventListResponse', description: 'The events of a checkout session.' },
)

export const WebhookEventResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: WebhookEventRecordSchema,
    identifier: { ...UuidSchema, description: 'The event id.' },
  },
  { title: 'WebhookEventResponse', description: 'One event.' },
)

export const WebhookSecretSchema = Type.Object(
  {
    secret: Type.String({
      pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
      description:
        'The signing secret: `whsec_` followed by the base64 key. Pass it whole to a Standard Webhooks library.',
    }),
    created_at: Type.Optional({ ...DateTimeSchema, description: 'When this secret was made.' }),
    previous_secret_expires_at: Nullable({
      ...DateTimeSchema,
      description:
        'Until when the secret replaced by the last rotation still signs your notifications too (a second `v1,` signature in `webhook-signature`), in your sandbox clock\u2019s time: `WEBHOOK_SECRET_OVERLAP_HOURS` after the rotation. Null when no old secret signs any more.',
    }),
  },
  { title: 'WebhookSecret', description: 'The key that signs your notifications.' },
)

export const RotateWebhookSecretRequestSchema = Type.Object(
  {
    expire_previous_now: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'Stop signing with the old secret at once, rather than `WEBHOOK_SECRET_OVERLAP_HOURS` later: for a secret that leaked. Receivers still holding the old secret reject every notification until they have the new one.',
      }),
    ),
  },
  {
    additionalProperties: false,
    title: 'RotateWebhookSecretRequest',
    description: 'How the rotation treats the old secret. The body is optional.',
  },
)

export const WebhookSecretResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: WebhookSecretSchema,
    identifier: { ...UuidSchema, description: 'Your merchant id.' },
  },
  { title: 'WebhookSecretResponse', description: 'Your webhook signing secret.' },
)

export const PemCertificateSchema = Type.String({
  pattern: '^-----BEGIN CERTIFICATE-----',
  description: 'A PEM-encoded X.509 certificate.',
})

// Examples (validated against their schemas by the contract tests).

const EVENT_ID = WEBHOOK_EXAMPLES.checkout_session_status_changed.event_id

export const WEBHOOK_EVENT_RECORD_EXAMPLE = {
  event_id: EVENT_ID,
  type: 'checkout_session_status_changed',
  status: 'delivered',
  created_at: '2026-05-17T10:34:12.480Z',
  next_attempt_at: null,
  delivered_at: '2026-05-17T10:34:17.911Z',
  last_error: null,
  attempt_count: 2,
  payload: WEBHOOK_EXAMPLES.checkout_session_status_changed,
  attempts: [
    {
      attempted_at: '2026-05-17T10:34:12.502Z',
      status_code: 503,
      duration_ms: 41,
      error: 'HTTP 503: Service Unavailable',
      response_excerpt: 'Service Unavailable',
    },
    {
      attempted_at: '2026-05-17T10:34:17.866Z',
      status_code: 200,
      duration_ms: 45,
      error: null,
      response_excerpt: null,
    },
  ],
}

export const WEBHOOK_EVENT_LIST_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: [WEBHOOK_EVENT_RECORD_EXAMPLE],
  identifier: SESSION_ID,
}

export const WEBHOOK_REDELIVER_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: {
    ...WEBHOOK_EVENT_RECORD_EXAMPLE,
    status: 'pending',
    next_attempt_at: '2026-05-18T08:00:00.000Z',
  },
  identifier: EVENT_ID,
}

export const NOTIFICATION_URL_REQUEST_EXAMPLE = {
  notification_url: 'https://shop.example.com/webhooks/plazo',
}

export const WEBHOOK_SECRET_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    created_at: '2026-05-01T09:00:00.000Z',
    previous_secret_expires_at: null,
  },
  identifier: DEMO_STORE_MERCHANT_ID,
}

export const WEBHOOK_SECRET_ROTATED_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: {
    secret: 'whsec_3qzN8kQe0XbX1m7yJg2uT4VwYc9Hs5Ra',
    created_at: '2026-05-17T10:00:00.000Z',
    previous_secret_expires_at: '2026-05-18T10:00:00.000Z',
  },
  identifier: DEMO_STORE_MERCHANT_ID,
}

export const PEM_CERTIFICATE_EXAMPLE =
  '-----BEGIN CERTIFICATE-----\nMIIDWjCCAkKgAwIBAgIQ…\n-----END CERTIFICATE-----\n'
