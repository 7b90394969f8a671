import { PlazoApiError } from '../errors.ts'
import { EventStream, type StreamEventsOptions } from '../event-stream.ts'
import type { RequestOptions } from '../transport.ts'
import type {
  LatestEventsResponse,
  NotificationUrlRequest,
  RotateWebhookSecretRequest,
  SessionResponse,
  WebhookEvent,
  WebhookEventListResponse,
  WebhookEventResponse,
  WebhookSecretResponse,
} from '../types.ts'
import { type VerifyWebhookOptions, verifyWebhook, type WebhookHeaders } from '../verify-webhook.ts'
import { type Api, body } from './api.ts'

/** Webhooks: verify what arrives, list and redeliver events, manage the signing secret. */
export class Webhooks {
  readonly #api: Api

  constructor(api: Api) {
    this.#api = api
  }

  /** The event, if `rawBody` is signed with `secret`; throws PlazoSignatureVerificationError if not. */
  verify(
    rawBody: string | Uint8Array,
    headers: WebhookHeaders,
    secret: string,
    options?: VerifyWebhookOptions,
  ): WebhookEvent {
    return verifyWebhook(rawBody, headers, secret, options)
  }

  /** The events of one checkout session, with their delivery attempts (`GET /webhooks/events`). */
  listEvents(query: { checkout_session_id: string }): Promise<WebhookEventListResponse> {
    return body(this.#api.webhooks.GET('/webhooks/events', { params: { query } }))
  }

  /** Your latest events across every session, newest first (`GET /webhooks/events/latest`). */
  latestEvents(
    query: { limit?: number; order?: 'newest' | 'failing_first' } = {},
  ): Promise<LatestEventsResponse> {
    return body(this.#api.webhooks.GET('/webhooks/events/latest', { params: { query } }))
  }

  /**
   * Sandbox only: your events as they are written, every session, redeliveries included (`GET
   * /webhooks/events/stream`, what `plazo listen` forwards). Iterate it with `for await`; the loop ends when you
   * `break`, when `signal` aborts or after `timeout` seconds. After a disconnection, pass the stream's
   * `lastEventId` to a new one: it is sent as `Last-Event-ID`, so no event is missed.
   *
   * ```js
   * for await (const item of plazo.webhooks.streamEvents({ lastEventId })) {
   *   if (item.event === 'message') handle(item.data.payload) // typed by item.data.type
   * }
   * ```
   */
  streamEvents(options: StreamEventsOptions = {}): EventStream {
    return new EventStream(async (lastEventId) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' }
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId
      const { data, response } = await this.#api.webhooks.GET('/webhooks/events/stream', {
        params: { query: options.timeout === undefined ? {} : { timeout: options.timeout } },
        headers,
        parseAs: 'stream',
        fetch: this.#api.transport.fetcher({ stream: true, signal: options.signal }),
      })
      if (!data) {
        throw new PlazoApiError({
          status: response.status,
          message: `The Plazo API answered ${response.status} with no event stream`,
          requestId: response.headers.get('x-request-id') ?? undefined,
        })
      }
      return data
    }, options)
  }

  /** Sends an event again (`POST /webhooks/events/{event_id}/redeliver`). */
  redeliver(eventId: string, options: RequestOptions = {}): Promise<WebhookEventResponse> {
    return body(
      this.#api.webhooks.POST('/webhooks/events/{event_id}/redeliver', {
        params: { path: { event_id: eventId } },
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /** The secret webhooks are signed with (`whsec_…`), and the previous one while a rotation overlaps. */
  secret(): Promise<WebhookSecretResponse> {
    return body(this.#api.webhooks.GET('/webhooks/secret'))
  }

  /** Makes a new signing secret; the old one keeps signing for an overlap unless `expire_previous_now`. */
  rotateSecret(
    request: RotateWebhookSecretRequest = {},
    options: RequestOptions = {},
  ): Promise<WebhookSecretResponse> {
    return body(
      this.#api.webhooks.POST('/webhooks/secret/rotate', {
        body: request,
        fetch: this.#api.transport.fetcher(options),
      }),
    )
  }

  /** Sets (or, with `null`, clears) where one session's notifications go. */
  setNotificationUrl(checkoutSessionId: string, request: NotificationUrlRequest): Promise<SessionResponse> {
    return body(
      this.#api.webhooks.PUT('/webhooks/sessions/{checkout_session_id}/notification-url', {
        params: { path: { checkout_session_id: checkoutSessionId } },
        body: request,
      }),
    )
  }

  /** The CA certificate (PEM) that issued the client certificate Plazo presents when it sends webhooks. */
  caCertificate(): Promise<string> {
    return body(this.#api.webhooks.GET('/webhooks/certificates/ca.pem', { parseAs: 'text' }))
  }

  /** The client certificate (PEM) Plazo presents when it sends webhooks (mutual TLS). */
  clientCertificate(): Promise<string> {
    return body(this.#api.webhooks.GET('/webhooks/certificates/client.pem', { parseAs: 'text' }))
  }
}
