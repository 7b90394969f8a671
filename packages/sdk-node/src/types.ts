import type { components as Embedded } from './generated/checkout-session-embedded.ts'
import type { components as Hpp } from './generated/checkout-session-hpp.ts'
import type { paths as OrderPaths, components as Orders } from './generated/order-management.ts'
import type { webhooks as WebhookOperations, components as Webhooks } from './generated/webhook.ts'

// The names a merchant's code uses, all taken from the generated types of the four OpenAPI documents.

/** The body of `checkoutSessions.create` for the embedded checkout (`ui.mode` `embedded` or no `ui`). */
export type EmbeddedCheckoutSessionRequest = Embedded['schemas']['EmbeddedCheckoutSessionRequest']
/** The body of `checkoutSessions.create` for the hosted payment page (`ui.mode: 'hpp'`). */
export type HppCheckoutSessionRequest = Hpp['schemas']['HppCheckoutSessionRequest']
export type CheckoutSessionCreateRequest = EmbeddedCheckoutSessionRequest | HppCheckoutSessionRequest
export type EmbeddedCreateResponse = Embedded['schemas']['EmbeddedCreateResponse']
export type HppCreateResponse = Hpp['schemas']['HppCreateResponse']
export type PaymentIntentRequest = Embedded['schemas']['PaymentIntentRequest']
export type GetSessionResponse = Orders['schemas']['GetSessionResponse']
export type SessionListResponse = Orders['schemas']['SessionListResponse']
/** The filters and the cursor of `checkoutSessions.list`. */
export type SessionListQuery = NonNullable<OrderPaths['/checkout']['get']['parameters']['query']>
/** The body of `checkoutSessions.update` (PUT): the whole new request. */
export type CheckoutSessionUpdateRequest = Orders['schemas']['CheckoutSessionRequest']
export type SessionResponse = Orders['schemas']['SessionResponse']
export type CaptureRequest = Orders['schemas']['CaptureRequest']
export type RefundRequest = Orders['schemas']['RefundRequest']
export type OperationResponse = Orders['schemas']['OperationResponse']
export type ClockAdvanceRequest = Orders['schemas']['ClockAdvanceRequest']
export type ClockResponse = Orders['schemas']['ClockResponse']
export type DistributeRequest = Hpp['schemas']['DistributeRequest']
export type DistributeResponse = Hpp['schemas']['DistributeResponse']
export type OutboxListResponse = Hpp['schemas']['OutboxListResponse']
/** The sandbox's log of your latest API calls (`testHelpers.requestLog`). */
export type RequestLogResponse = Orders['schemas']['RequestLogResponse']
export type CustomerActionRequest = Embedded['schemas']['CustomerActionRequest']
export type LoginResponse = Webhooks['schemas']['LoginResponse']
export type WebhookEventListResponse = Webhooks['schemas']['WebhookEventListResponse']
export type WebhookEventResponse = Webhooks['schemas']['WebhookEventResponse']
/** Your latest events, every session (`webhooks.latestEvents`). */
export type LatestEventsResponse = Webhooks['schemas']['LatestEventsResponse']
export type WebhookSecretResponse = Webhooks['schemas']['WebhookSecretResponse']
export type RotateWebhookSecretRequest = Webhooks['schemas']['RotateWebhookSecretRequest']
export type NotificationUrlRequest = Webhooks['schemas']['NotificationUrlRequest']
/** What `testHelpers.startIntegrationCheck` checks: `webhooks` (a handler's URL) or `flow` (your calls). */
export type IntegrationCheckRequest = Orders['schemas']['IntegrationCheckRequest']
/** A run of the integration check and its report (`plazo check --json` prints the same object). */
export type IntegrationCheckRun = Orders['schemas']['IntegrationCheckRun']
/** One check of a report: `id`, `status` (`pass`, `fail`, `warn`, `skip`), `title`, `detail`, `docs_url`. */
export type IntegrationCheckResult = Orders['schemas']['IntegrationCheckResult']
/** A notification prepared for you to send to your handler (`deliver: 'client'`). */
export type PreparedDelivery = Webhooks['schemas']['PreparedDelivery']
/** What your handler answered to each prepared notification (`testHelpers.answerIntegrationCheck`). */
export type DeliveryAnswersRequest = Webhooks['schemas']['DeliveryAnswersRequest']
/** The body of a 4xx answer (spec §8). */
export type ErrorBody = Orders['schemas']['ErrorBody']

/** Every webhook Plazo sends, as a union discriminated by `event`. */
export type WebhookEvent = {
  [Name in keyof WebhookOperations]: WebhookOperations[Name]['post']['requestBody']['content']['application/json']
}[keyof WebhookOperations]
/** The name of a webhook event (`checkout_session_status_changed`, …). */
export type WebhookEventName = WebhookEvent['event']

type EventSummary = Webhooks['schemas']['EventSummary']

/**
 * One event of the sandbox's event stream (`webhooks.streamEvents`), the EventStreamMessage of the contract: the
 * event's id, type and session, and `payload`, the notification body exactly as it is POSTed to
 * `notification_url`, typed by `type`. The webhook document describes it in the stream's prose only (the answer
 * is `text/event-stream`), so it is put together here from the generated EventSummary and webhook events;
 * test/fixtures/types/contract.ts fails to compile when it drifts from the contract's EventStreamMessageSchema.
 */
export type EventStreamMessage = {
  [Name in WebhookEventName]: Pick<EventSummary, 'event_id' | 'checkout_session_id'> & {
    /** The event type: `event` of the payload. */
    type: Name
    /** True when the event is sent again (`webhooks.redeliver`). */
    redelivery: boolean
    /** When it was written, or redelivered (real time). */
    created_at: string
    payload: Extract<WebhookEvent, { event: Name }>
  }
}[WebhookEventName]
