import Type from 'typebox'
import { enumOf } from './enums.ts'
import { CLOCK_RESPONSE_EXAMPLE, SESSION_ID, WEBHOOK_EXAMPLES } from './examples/responses.ts'
import { validationErrorExample } from './examples/validation.ts'
import { DateTimeSchema, Nullable, UuidSchema } from './primitives.ts'
import { EventDeliveryStatus, WebhookEventPayloadSchema } from './webhook-management.ts'

/**
 * The sandbox's developer tools (what the `plazo` CLI reads): the merchant's event stream and its request log.
 * Plazo additions, sandbox only.
 */

export const RequestLogQuerySchema = Type.Object(
  {
    status: Type.Optional(
      Type.String({
        pattern: '^([1-5]xx|[1-5][0-9]{2})$',
        description: 'Only calls answered with this status (`404`) or class (`4xx`).',
      }),
    ),
    path: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Only calls whose path starts with this, with or without `/api/v2` (`/checkout`).',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'At most this many calls (default 100).' }),
    ),
  },
  { additionalProperties: false },
)

export const EventStreamQuerySchema = Type.Object(
  {
    timeout: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3600,
        description:
          'Close the stream after this many seconds (for a script: `curl` then prints what arrived). Without it, the stream stays open until you close it.',
      }),
    ),
  },
  { additionalProperties: false },
)

export const RequestLogEntrySchema = Type.Object(
  {
    request_id: Type.String({
      description: 'The call\u2019s `x-request-id` (yours when you sent a valid one).',
    }),
    created_at: { ...DateTimeSchema, description: 'When the answer was sent (real time).' },
    method: Type.String({ description: 'HTTP method.' }),
    path: Type.String({ description: 'The path called, without the query string.' }),
    status: Type.Integer({ description: 'The HTTP status answered.' }),
    duration_ms: Type.Integer({ minimum: 0, description: 'How long the API took to answer, in ms.' }),
    idempotency_key: Nullable(Type.String({ description: 'The `Idempotency-Key` header sent, if any.' })),
    login_id: Nullable(
      Type.String({
        description:
          'The login the call\u2019s token came from: the same for every call made with the tokens of one login and their refreshes (null for calls logged before it was kept).',
      }),
    ),
    request_body: Type.Unknown({
      description: 'The request body (JSON, else its text); null when there was none. Cut at 64 KiB.',
    }),
    response_body: Type.Unknown({
      description: 'The response body (JSON, else its text); null when there was none. Cut at 64 KiB.',
    }),
  },
  { title: 'RequestLogEntry', description: 'One call to the API made with your token.' },
)

export const RequestLogResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: Type.Array(RequestLogEntrySchema, { description: 'The calls, newest first.' }),
    identifier: { ...UuidSchema, description: 'Your merchant id.' },
  },
  { title: 'RequestLogResponse', description: 'Your latest calls to the sandbox.' },
)

export const EventStreamMessageSchema = Type.Object(
  {
    event_id: {
      ...UuidSchema,
      description: 'Stable id of the event (the `webhook-id` of its notification).',
    },
    type: Type.String({ description: 'The event type (`event` in the payload).' }),
    checkout_session_id: { ...UuidSchema, description: 'The session the event belongs to.' },
    redelivery: Type.Boolean({
      description: 'True when the event is sent again (`POST /webhooks/events/{event_id}/redeliver`).',
    }),
    created_at: { ...DateTimeSchema, description: 'When it was written, or redelivered (real time).' },
    payload: WebhookEventPayloadSchema,
  },
  {
    title: 'EventStreamMessage',
    description:
      'The `data` of each `message` of the stream: an event and the notification body exactly as it is POSTed to `notification_url`.',
  },
)

export const REQUEST_LOG_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: [
    {
      request_id: '3c0a9f4e-1b7d-4e25-9a60-8d2f5c7b1e43',
      created_at: '2026-05-17T10:34:12.480Z',
      method: 'POST',
      path: `/api/v2/checkout/${SESSION_ID}/refund`,
      status: 400,
      duration_ms: 3,
      idempotency_key: 'refund-order-1042-1',
      login_id: '5d0c2b7a-9e41-4f36-8a1d-2c7e9b4f6a03',
      request_body: { refunded_item_ids: [] },
      response_body: validationErrorExample(
        [{ field: '/refunded_item_ids', message: 'must NOT have fewer than 1 items', keyword: 'minItems' }],
        { refunded_item_ids: [] },
      ),
    },
  ],
  identifier: CLOCK_RESPONSE_EXAMPLE.identifier,
}

export const EVENT_STREAM_MESSAGE_EXAMPLE = {
  event_id: WEBHOOK_EXAMPLES.checkout_session_status_changed.event_id,
  type: 'checkout_session_status_changed',
  checkout_session_id: SESSION_ID,
  redelivery: false,
  created_at: '2026-05-17T10:34:12.480Z',
  payload: WEBHOOK_EXAMPLES.checkout_session_status_changed,
}

export const EventStreamTextSchema = Type.String({
  title: 'EventStream',
  description:
    'Server-sent events (`text/event-stream`). First a `ready` event whose `id` is where the stream starts; then one `message` per event, its `id` the cursor to resume from (`Last-Event-ID`) and its `data` an EventStreamMessage in JSON: `event_id`, `type`, `checkout_session_id`, `redelivery` (true when the event is sent again), `created_at` and `payload`, the notification body exactly as it is POSTed to `notification_url`. A comment line every 15 seconds keeps proxies from closing the connection.',
})

export const EVENT_STREAM_TEXT_EXAMPLE = `retry: 1000\nevent: ready\nid: 41-0\ndata: {"cursor":"41-0"}\n\nid: 42-0\ndata: ${JSON.stringify(EVENT_STREAM_MESSAGE_EXAMPLE)}\n\n`

export const LatestEventsQuerySchema = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, description: 'At most this many events (default 50).' }),
    ),
    order: Type.Optional(
      enumOf(['newest', 'failing_first'] as const, {
        description:
          '`newest` (the default): newest first. `failing_first`: the events given up (`failed`) first, then those still being retried (`pending` after a failed try), then the others; newest first within each.',
      }),
    ),
  },
  { additionalProperties: false },
)

export const EventSummarySchema = Type.Object(
  {
    event_id: {
      ...UuidSchema,
      description: 'Stable id of the event (the `webhook-id` of its notification).',
    },
    type: Type.String({ description: 'The event type (`event` in the payload).' }),
    checkout_session_id: { ...UuidSchema, description: 'The session the event belongs to.' },
    status: enumOf(EventDeliveryStatus.values, { description: EventDeliveryStatus.description }),
    attempt_count: Type.Integer({ minimum: 0, description: 'Tries made so far, redeliveries included.' }),
    created_at: { ...DateTimeSchema, description: 'When the status change that triggered it was written.' },
  },
  { title: 'EventSummary', description: 'An event and its delivery status, without its body and tries.' },
)

export const LatestEventsResponseSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    payload: Type.Array(EventSummarySchema, { description: 'The events, newest first.' }),
    identifier: { ...UuidSchema, description: 'Your merchant id.' },
  },
  { title: 'LatestEventsResponse', description: 'Your latest events, of every session.' },
)

export const LATEST_EVENTS_RESPONSE_EXAMPLE = {
  status: 'ok',
  payload: [
    {
      event_id: EVENT_STREAM_MESSAGE_EXAMPLE.event_id,
      type: 'checkout_session_status_changed',
      checkout_session_id: SESSION_ID,
      status: 'delivered',
      attempt_count: 1,
      created_at: '2026-05-17T10:34:12.480Z',
    },
  ],
  identifier: CLOCK_RESPONSE_EXAMPLE.identifier,
}
