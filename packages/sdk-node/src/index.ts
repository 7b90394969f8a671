export { DEFAULT_API_URL, Plazo, type PlazoOptions, type PlazoRequest } from './client.ts'
export {
  PlazoApiError,
  PlazoAuthenticationError,
  PlazoConflictError,
  PlazoConnectionError,
  PlazoError,
  PlazoIdempotencyError,
  PlazoInvalidRequestError,
  PlazoNotFoundError,
  PlazoPermissionError,
  PlazoRejectedError,
  type PlazoSchemaError,
  PlazoSignatureVerificationError,
  type PlazoSignatureVerificationReason,
} from './errors.ts'
export type { EventStream, EventStreamItem, StreamEventsOptions } from './event-stream.ts'
export type * as CheckoutSessionEmbeddedApi from './generated/checkout-session-embedded.ts'
export type * as CheckoutSessionHppApi from './generated/checkout-session-hpp.ts'
export type * as OrderManagementApi from './generated/order-management.ts'
export type * as WebhookApi from './generated/webhook.ts'
export type { CheckoutSessions } from './resources/checkout-sessions.ts'
export type { HostedPages } from './resources/hpp.ts'
export type { Orders } from './resources/orders.ts'
export type { TestHelpers } from './resources/test-helpers.ts'
export type { Webhooks } from './resources/webhooks.ts'
export type { FetchLike, PlazoTokens, RequestOptions } from './transport.ts'
export type * from './types.ts'
export { type VerifyWebhookOptions, verifyWebhook, type WebhookHeaders } from './verify-webhook.ts'
