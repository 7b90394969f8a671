import { ErrorBodySchema } from '../../errors.ts'
import { GET_SESSION_RESPONSE_EXAMPLE } from '../../examples/index.ts'
import { validationErrorExample } from '../../examples/validation.ts'
import { SessionResponseSchema } from '../../order-management.ts'
import { UuidSchema } from '../../primitives.ts'
import {
  NOTIFICATION_URL_REQUEST_EXAMPLE,
  NotificationUrlRequestSchema,
  PEM_CERTIFICATE_EXAMPLE,
  PemCertificateSchema,
  RotateWebhookSecretRequestSchema,
  WEBHOOK_EVENT_LIST_RESPONSE_EXAMPLE,
  WEBHOOK_REDELIVER_RESPONSE_EXAMPLE,
  WEBHOOK_SECRET_RESPONSE_EXAMPLE,
  WEBHOOK_SECRET_ROTATED_RESPONSE_EXAMPLE,
  WebhookEventListResponseSchema,
  WebhookEventResponseSchema,
  WebhookSecretResponseSchema,
} from '../../webhook-management.ts'
import { e400, e401, e404, e500, type OperationSpec, one, type ResponseSpec } from './responses.ts'

/** Webhook management: the event log, redelivery, the notification URL, the signing secret and its rotation, mTLS certificates. */

const verifyHint =
  'Verify each notification with a Standard Webhooks library: `new Webhook(secret).verify(rawBody, headers)` checks `webhook-signature` against `webhook-id`, `webhook-timestamp` and the raw body, and rejects timestamps more than 5 minutes away.'

export const listWebhookEvents: OperationSpec = {
  id: 'listWebhookEvents',
  method: 'get',
  path: '/webhooks/events',
  tag: 'Webhook management',
  summary: 'List the notifications of a checkout session',
  description:
    'Every event the session triggered, oldest first, with its delivery status and each try: when, the HTTP status your endpoint answered, how long it took and why it failed. Use it to see why a notification did not arrive; after fixing your endpoint, redeliver the event. `checkout_session_id` is required (400 when missing or not a UUID); a session of another merchant answers 404 like an unknown one.',
  auth: true,
  queryParams: [
    {
      name: 'checkout_session_id',
      description: 'The checkout session whose events to list.',
      required: true,
      schema: UuidSchema,
    },
  ],
  responses: {
    '200': {
      description: 'The events of the session.',
      schema: WebhookEventListResponseSchema,
      examples: one('Delivered on the second try', WEBHOOK_EVENT_LIST_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Missing session id',
      validationErrorExample(
        [{ field: '/', message: "must have required property 'checkout_session_id'", keyword: 'required' }],
        {},
      ),
    ),
    '401': e401,
    '404': e404,
    '500': e500,
  },
}

const eventNotFound: ResponseSpec = {
  description:
    'No event with this id belongs to your merchant (another merchant\u2019s ids answer the same).',
  schema: ErrorBodySchema,
  examples: one('Unknown event', {
    status: 'ko',
    exception: 'plazo.webhook.event_not_found',
    error: 'Event 0d4f7b2e-9c1a-4e68-b3f5-7a2c9e1d4b80 not found.',
  }),
}

export const redeliverWebhookEvent: OperationSpec = {
  id: 'redeliverWebhookEvent',
  method: 'post',
  path: '/webhooks/events/{event_id}/redeliver',
  tag: 'Webhook management',
  summary: 'Send a notification again',
  description:
    'Queue the event for delivery now, whatever its status (pending, delivered or failed), with the same `event_id` and body and a fresh retry schedule; behind an earlier pending event of its session, it waits for that one (`next_attempt_at` null). It goes to the session\u2019s current `notification_url` (or your merchant one) with the current `notification_auth` and signing secret, so fix those first. Your endpoint may therefore receive an event twice: deduplicate on `event_id`.',
  auth: true,
  idempotent: true,
  pathParams: ['event_id'],
  responses: {
    '201': {
      description: 'Queued; it is sent within a second.',
      schema: WebhookEventResponseSchema,
      examples: one('Queued again', WEBHOOK_REDELIVER_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Not a UUID',
      validationErrorExample(
        [{ field: '/event_id', message: 'must match format "uuid"', keyword: 'format' }],
        { event_id: 'not-a-uuid' },
      ),
    ),
    '401': e401,
    '404': eventNotFound,
    '500': e500,
  },
}

export const setNotificationUrl: OperationSpec = {
  id: 'setSessionNotificationUrl',
  method: 'put',
  path: '/webhooks/sessions/{checkout_session_id}/notification-url',
  tag: 'Webhook management',
  summary: 'Correct the notification URL of a session',
  description:
    'Replace the session\u2019s `merchant.notification_url`, whatever its status: also once the order is captured, cancelled or expired, when the order can no longer be updated (`PUT /checkout/{checkout_session_id}` answers 409 then). Only the URL changes; the order, its status and its other notification settings stay as they are. Every later try goes to the new URL: notifications still `pending` at their next try, and those you redeliver (a `failed` one is not sent again by itself). The answer is the session.',
  auth: true,
  pathParams: ['checkout_session_id'],
  request: {
    schema: NotificationUrlRequestSchema,
    examples: one('Corrected URL', NOTIFICATION_URL_REQUEST_EXAMPLE),
  },
  responses: {
    '200': {
      description: 'The session with its new `merchant.notification_url`.',
      schema: SessionResponseSchema,
      examples: one('Session', GET_SESSION_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Not an http or https URL',
      validationErrorExample(
        [{ field: '/notification_url', message: 'must be an http or https URL', keyword: 'pattern' }],
        { notification_url: 'shop.example.com/webhooks' },
      ),
    ),
    '401': e401,
    '404': e404,
    '500': e500,
  },
}

export const getWebhookSecret: OperationSpec = {
  id: 'getWebhookSecret',
  method: 'get',
  path: '/webhooks/secret',
  tag: 'Webhook management',
  summary: 'Get the signing secret',
  description: `The secret that signs your notifications (\`webhook-signature\`, HMAC-SHA256). Keep it on your server. After a rotation, \`previous_secret_expires_at\` says until when the old secret signs them too. ${verifyHint}`,
  auth: true,
  responses: {
    '200': {
      description: 'Your secret.',
      schema: WebhookSecretResponseSchema,
      examples: one('Secret', WEBHOOK_SECRET_RESPONSE_EXAMPLE),
    },
    '401': e401,
    '500': e500,
  },
}

export const rotateWebhookSecret: OperationSpec = {
  id: 'rotateWebhookSecret',
  method: 'post',
  path: '/webhooks/secret/rotate',
  tag: 'Webhook management',
  summary: 'Rotate the signing secret',
  description:
    'Replace the signing secret with a new one. From now on every try (retries of older events included) carries two signatures in `webhook-signature`, one with the new secret and one with the old, for `WEBHOOK_SECRET_OVERLAP_HOURS` of your sandbox clock (until `previous_secret_expires_at`); then the new secret only. A receiver holding either secret accepts the notifications meanwhile, so you can deploy the new one without an outage. For a secret that leaked, send `{"expire_previous_now": true}`: the old secret stops signing at once (and so does an older one still in its overlap). The body is optional.',
  auth: true,
  request: {
    schema: RotateWebhookSecretRequestSchema,
    examples: {
      default: { summary: 'Rotate, with a day of overlap', value: {} },
      leaked: { summary: 'The old secret leaked: stop it now', value: { expire_previous_now: true } },
    },
    required: false,
  },
  responses: {
    '201': {
      description: 'The new secret, and until when the old one still signs.',
      schema: WebhookSecretResponseSchema,
      examples: one('New secret', WEBHOOK_SECRET_ROTATED_RESPONSE_EXAMPLE),
    },
    '400': e400(
      'Wrong type',
      validationErrorExample(
        [{ field: '/expire_previous_now', message: 'must be boolean', keyword: 'type' }],
        { expire_previous_now: 'yes' },
      ),
    ),
    '401': e401,
    '500': e500,
  },
}

const pem = (description: string, summary: string): ResponseSpec => ({
  description,
  mediaType: 'application/x-pem-file',
  schema: PemCertificateSchema,
  examples: one(summary, PEM_CERTIFICATE_EXAMPLE),
})

export const downloadWebhookCaCertificate: OperationSpec = {
  id: 'downloadWebhookCaCertificate',
  method: 'get',
  path: '/webhooks/certificates/ca.pem',
  tag: 'Webhook management',
  summary: 'Download the CA of the client certificate',
  description:
    'For `notification_auth: {"authorization_cert": true}`: notifications then arrive over HTTPS presenting the Plazo client certificate, which this CA signs. Configure your TLS server to request a client certificate and trust only this CA for it (nginx `ssl_client_certificate ca.pem; ssl_verify_client on;`, Node `https.createServer({ca, requestCert: true, rejectUnauthorized: true})`). The sandbox makes the CA once and keeps it. Public material only: the private keys never leave Plazo.',
  auth: true,
  responses: {
    '200': pem('The CA certificate (PEM).', 'CA certificate'),
    '401': e401,
    '500': e500,
  },
}

export const downloadWebhookClientCertificate: OperationSpec = {
  id: 'downloadWebhookClientCertificate',
  method: 'get',
  path: '/webhooks/certificates/client.pem',
  tag: 'Webhook management',
  summary: 'Download the client certificate',
  description:
    'The certificate Plazo presents when it delivers notifications with `authorization_cert: true`, signed by the CA above. Pin it (for instance its SHA-256 fingerprint) if your server checks more than the CA. Public material only.',
  auth: true,
  responses: {
    '200': pem('The client certificate (PEM).', 'Client certificate'),
    '401': e401,
    '500': e500,
  },
}
