import {
  EVENT_STREAM_TEXT_EXAMPLE,
  EventStreamQuerySchema,
  EventStreamTextSchema,
  LATEST_EVENTS_RESPONSE_EXAMPLE,
  LatestEventsQuerySchema,
  LatestEventsResponseSchema,
  REQUEST_LOG_RESPONSE_EXAMPLE,
  RequestLogQuerySchema,
  RequestLogResponseSchema,
} from '../../developer-tools.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import { e400, e401, e500, type OperationSpec, one } from './responses.ts'

/** The sandbox's developer tools, what the `plazo` CLI reads: the event stream and the request log. */

const query = RequestLogQuerySchema.properties

export const streamEvents: OperationSpec = {
  id: 'streamEvents',
  method: 'get',
  path: '/webhooks/events/stream',
  tag: 'Webhook management',
  summary: 'Stream your events as they happen',
  description:
    'Sandbox only: a server-sent events stream of every event of your sessions, within a second of being written, whether or not the session has a `notification_url`, and again each time you redeliver one (`redelivery: true`). No public URL is needed: this is what `plazo listen` reads to forward notifications to your localhost. The stream starts with the events written from now on; send the `Last-Event-ID` header with the `id` of the last message you handled to go on from there after a disconnection (an `EventSource` does it for you). On PostgreSQL every API node serves the events written through any other.',
  auth: true,
  queryParams: [
    {
      name: 'timeout',
      description:
        'Close the stream after this many seconds (for a script: `curl` then prints what arrived). Without it, the stream stays open until you close it.',
      required: false,
      schema: EventStreamQuerySchema.properties.timeout,
    },
  ],
  responses: {
    '200': {
      description: 'The stream; it stays open until you close it or `timeout` passes.',
      mediaType: 'text/event-stream',
      schema: EventStreamTextSchema,
      examples: one('A ready event, then one event', EVENT_STREAM_TEXT_EXAMPLE),
    },
    '400': e400(
      'Timeout too long',
      validationErrorExample([{ field: '/timeout', message: 'must be <= 3600', keyword: 'maximum' }], {
        timeout: 7200,
      }),
    ),
    '401': e401,
    '500': e500,
  },
}

export const listRequestLog: OperationSpec = {
  id: 'listRequestLog',
  method: 'get',
  path: '/test-helpers/request-log',
  tag: 'Sandbox test helpers',
  summary: 'Read your latest API calls',
  description:
    'Sandbox only: the calls made with your token in the last 24 hours (at most 10 000), newest first, with method, path, status, duration, request id, `Idempotency-Key` and the request and response bodies (the sandbox holds no real personal data). Never another merchant\u2019s calls. Filter by `status` (`4xx`, `404`) and by `path`. This is what `plazo logs tail` reads.',
  auth: true,
  queryParams: [
    {
      name: 'status',
      description: 'Only calls answered with this status (`404`) or class (`4xx`).',
      required: false,
      schema: query.status,
    },
    {
      name: 'path',
      description: 'Only calls whose path starts with this, with or without `/api/v2` (`/checkout`).',
      required: false,
      schema: query.path,
    },
    {
      name: 'limit',
      description: 'At most this many calls (default 100).',
      required: false,
      schema: query.limit,
    },
  ],
  responses: {
    '200': {
      description: 'The calls, newest first.',
      schema: RequestLogResponseSchema,
      examples: one('A refused refund', REQUEST_LOG_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Not a status',
      validationErrorExample(
        [{ field: '/status', message: 'must match pattern "^([1-5]xx|[1-5][0-9]{2})$"', keyword: 'pattern' }],
        { status: 'bad' },
      ),
    ),
    '401': e401,
    '500': e500,
  },
}

export const listLatestEvents: OperationSpec = {
  id: 'listLatestEvents',
  method: 'get',
  path: '/webhooks/events/latest',
  tag: 'Webhook management',
  summary: 'List your latest events',
  description:
    'Sandbox only: your latest events of every session, newest first, with their delivery status (`plazo events list`). For one session\u2019s events with every try, use `GET /webhooks/events?checkout_session_id=…`.',
  auth: true,
  queryParams: [
    {
      name: 'limit',
      description: 'At most this many events (default 50).',
      required: false,
      schema: LatestEventsQuerySchema.properties.limit,
    },
    {
      name: 'order',
      description: (LatestEventsQuerySchema.properties.order as unknown as { description: string })
        .description,
      required: false,
      schema: LatestEventsQuerySchema.properties.order,
    },
  ],
  responses: {
    '200': {
      description: 'The events, newest first.',
      schema: LatestEventsResponseSchema,
      examples: one('One event', LATEST_EVENTS_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Limit too high',
      validationErrorExample([{ field: '/limit', message: 'must be <= 500', keyword: 'maximum' }], {
        limit: 1000,
      }),
    ),
    '401': e401,
    '500': e500,
  },
}
