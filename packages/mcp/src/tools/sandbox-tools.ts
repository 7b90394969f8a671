/**
 * The sandbox tools: the checkout session and order calls, the customer and the clock of the sandbox, the
 * webhook log and signature check. Each input schema is built from the contract's schemas (the request bodies
 * as they are, beside the path parameters); each calls the API through the Plazo client, as its merchant.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  CaptureRequestSchema,
  CheckoutSessionRequestSchema,
  ClockAdvanceRequestSchema,
  CustomerActionRequestSchema,
  RefundRequestSchema,
  UuidSchema,
  WebhookEventParamsSchema,
  WebhookEventsQuerySchema,
  WebhookSecretSchema,
} from '@plazo/contract'
import type { CheckoutSessionCreateRequest } from '@plazo/node'
import Type from 'typebox'
import type { PlazoClient } from '../client.ts'
import { defineTool, type ToolDefinition } from './define.ts'
import { apiErrorResult, toolError } from './errors.ts'
import { formatCreated, formatEvents, formatOperation, formatSession } from './format.ts'

const SessionIdSchema = { ...UuidSchema, description: 'The checkout session id (`checkout_session_id`).' }

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] }
}

/** Runs an API call; an API error becomes a tool error naming the guide. */
async function call(guide: string, run: () => Promise<string>): Promise<CallToolResult> {
  try {
    return text(await run())
  } catch (error) {
    return apiErrorResult(error, guide)
  }
}

const ORDERS = '/docs/order-management/overview.md'
const TESTING = '/docs/testing.md'
const WEBHOOKS = '/docs/webhooks.md'

/** `plazo` is the client, or a function that gives the caller's (per request over HTTP). */
export function sandboxTools(plazo: () => PlazoClient): ToolDefinition[] {
  return [
    defineTool({
      name: 'create_checkout_session',
      title: 'Create a checkout session',
      description:
        'Creates a checkout session in the sandbox: the first call of every integration. The arguments are the request body of POST /api/v2/checkout (cart, customer, merchant with order_reference_1 and notification_url, ui with mode `hpp` or `embedded`), amounts in cents; read_doc /docs/get-started/checkout-session.md explains every field. Returns the session id and, in hpp mode, the hosted payment page URL. Next: simulate_customer_action to play the customer, get_checkout_session to read it.',
      inputSchema: CheckoutSessionRequestSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
      guide: '/docs/get-started/checkout-session.md',
      run: (body) =>
        call('/docs/get-started/checkout-session.md', async () =>
          // The contract's request type leaves `ui` optional (the API defaults it); the SDK's overloads pick
          // a document by `ui.mode`, so the checked body is handed to them as their union.
          formatCreated(await plazo().checkoutSessions.create(body as CheckoutSessionCreateRequest)),
        ),
    }),
    defineTool({
      name: 'get_checkout_session',
      title: 'Read a checkout session',
      description:
        'Reads a checkout session as the API returns it now: its status (initial, challenge, approved, confirmed, captured, denied, desisted, cancelled, expired), amounts, payment intents, order line ids, captures and refunds. Use it after any change to see where the order stands; the answer ends with the next useful step.',
      inputSchema: Type.Object({ checkout_session_id: SessionIdSchema }, { additionalProperties: false }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      guide: ORDERS,
      run: ({ checkout_session_id }) =>
        call(ORDERS, async () =>
          formatSession((await plazo().checkoutSessions.retrieve(checkout_session_id)).payload),
        ),
    }),
    defineTool({
      name: 'update_checkout_session',
      title: 'Update an order',
      description:
        'Replaces the data of a checkout session (`session`: the same body as create_checkout_session, same mode) until it is captured, cancelled or expired. Before confirmation the customer chooses again; a confirmed order may keep or lower its total, never raise it. Returns the updated session.',
      inputSchema: Type.Object(
        { checkout_session_id: SessionIdSchema, session: CheckoutSessionRequestSchema },
        { additionalProperties: false },
      ),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      guide: '/docs/order-management/update-order.md',
      run: ({ checkout_session_id, session }) =>
        call('/docs/order-management/update-order.md', async () =>
          formatSession(
            (await plazo().checkoutSessions.update(checkout_session_id, session)).payload,
            'Updated checkout session',
          ),
        ),
    }),
    defineTool({
      name: 'cancel_checkout_session',
      title: 'Cancel an order',
      description:
        'Cancels a checkout session before capture; it cannot be undone (after capture, refund_order the full amount instead). Returns the cancelled session.',
      inputSchema: Type.Object({ checkout_session_id: SessionIdSchema }, { additionalProperties: false }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      guide: '/docs/order-management/cancel-order.md',
      run: ({ checkout_session_id }) =>
        call('/docs/order-management/cancel-order.md', async () =>
          formatSession(
            (await plazo().checkoutSessions.cancel(checkout_session_id)).payload,
            'Cancelled checkout session',
          ),
        ),
    }),
    defineTool({
      name: 'confirm_order',
      title: 'Confirm an approved order',
      description:
        'In `delegated` checkout mode, confirms an order the lender approved (status approved), within max_interval_in_minutes_for_confirm or it is cancelled. Sessions in auto_capture mode confirm by themselves. Returns the confirmed session. Next: capture_order when you ship.',
      inputSchema: Type.Object({ checkout_session_id: SessionIdSchema }, { additionalProperties: false }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      guide: '/docs/hpp/confirm-and-capture.md',
      run: ({ checkout_session_id }) =>
        call('/docs/hpp/confirm-and-capture.md', async () =>
          formatSession(
            (await plazo().orders.confirm(checkout_session_id)).payload,
            'Confirmed checkout session',
          ),
        ),
    }),
    defineTool({
      name: 'capture_order',
      title: 'Capture an order',
      description:
        'Captures every order line not captured yet of a confirmed order (the lender pays). `capture` is the optional body: description, and transactional (true asks the lender synchronously; a rejection is an error and nothing is captured). Returns the capture with its amount and status (approved, or pending while an asynchronous lender decides). Next: refund_order for returns.',
      inputSchema: Type.Object(
        { checkout_session_id: SessionIdSchema, capture: Type.Optional(CaptureRequestSchema) },
        { additionalProperties: false },
      ),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      guide: '/docs/order-management/captures.md',
      run: ({ checkout_session_id, capture }) =>
        call('/docs/order-management/captures.md', async () =>
          formatOperation('Capture', (await plazo().orders.capture(checkout_session_id, capture)).payload),
        ),
    }),
    defineTool({
      name: 'refund_order',
      title: 'Refund an order',
      description:
        'Refunds captured money of an order: `refund` is the body, with either refunded_item_ids (order line ids from get_checkout_session) or refunded_amount in cents, never both, never more than captured less refunded. Each call is a new refund (not idempotent). Returns the refund with its amount and status. Next: list_events shows the refund_approved webhook.',
      inputSchema: Type.Object(
        { checkout_session_id: SessionIdSchema, refund: RefundRequestSchema },
        { additionalProperties: false },
      ),
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
      guide: '/docs/order-management/refunds.md',
      run: ({ checkout_session_id, refund }) =>
        call('/docs/order-management/refunds.md', async () =>
          formatOperation('Refund', (await plazo().orders.refund(checkout_session_id, refund)).payload),
        ),
    }),
    defineTool({
      name: 'simulate_customer_action',
      title: 'Play the customer (sandbox)',
      description:
        'Sandbox only: acts as the customer and the lender on a session, as if on the hosted page: `approve` completes the checkout with payment_method_type (default the first offered), `deny` has the lender deny it, `challenge` asks for a down payment, `desist` gives up. Webhooks follow as in production. Returns the session after the action. Next: get_checkout_session, list_events.',
      inputSchema: Type.Object(
        { checkout_session_id: SessionIdSchema, ...CustomerActionRequestSchema.properties },
        {
          additionalProperties: false,
          description: (CustomerActionRequestSchema as { description?: string }).description,
        },
      ),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
      guide: TESTING,
      run: ({ checkout_session_id, ...body }) =>
        call(TESTING, async () =>
          formatSession(
            (await plazo().testHelpers.customerAction(checkout_session_id, body)).payload,
            'After the customer action, checkout session',
          ),
        ),
    }),
    defineTool({
      name: 'advance_clock',
      title: 'Advance the sandbox clock',
      description:
        'Sandbox only: moves your sandbox clock forward by `minutes` and runs every timer that falls due (unconfirmed orders cancelled, sessions expired, asynchronous lender answers). Use it to test expiry and confirm deadlines without waiting. Returns the new sandbox time and how many timers ran.',
      inputSchema: ClockAdvanceRequestSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
      guide: TESTING,
      run: (body) =>
        call(TESTING, async () => {
          const clock = (await plazo().testHelpers.advanceClock(body)).payload
          return `Sandbox clock now ${clock.now} (${clock.offset_minutes} minutes ahead); ${clock.timers_run} timers ran.\nNext: get_checkout_session to see what changed.`
        }),
    }),
    defineTool({
      name: 'list_events',
      title: 'List the webhooks of a session',
      description:
        'Lists the webhook events of a checkout session, oldest first: each event_id, event type, the status it carries and its delivery (delivered, pending, failed) with tries and last error. Use it to check what your endpoint received or should have. Next: resend_event to deliver one again.',
      inputSchema: WebhookEventsQuerySchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      guide: WEBHOOKS,
      run: (query) =>
        call(WEBHOOKS, async () =>
          formatEvents(query.checkout_session_id, (await plazo().webhooks.listEvents(query)).payload),
        ),
    }),
    defineTool({
      name: 'resend_event',
      title: 'Deliver a webhook again',
      description:
        "Queues one more delivery of a webhook event to the session's notification_url (the URL is read again, so fix it first if it was wrong). The event keeps its event_id, so a receiver that deduplicates is safe. Returns the event with its delivery state.",
      inputSchema: WebhookEventParamsSchema,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      guide: WEBHOOKS,
      run: ({ event_id }) =>
        call(WEBHOOKS, async () => {
          const event = (await plazo().webhooks.redeliver(event_id)).payload
          return `Event ${event.event_id} (${event.type}) queued again: delivery ${event.status}, ${event.attempt_count} tries so far.\nNext: list_events to follow the delivery.`
        }),
    }),
    defineTool({
      name: 'verify_webhook_signature',
      title: 'Check a webhook signature',
      description:
        "Checks a webhook your endpoint received: the raw body exactly as received and its webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks). Without `secret` it uses your account's current signing secret. Returns whether the signature is valid, and the event type and id when it is; use it to debug a receiver that refuses Plazo's notifications.",
      inputSchema: Type.Object(
        {
          payload: Type.String({
            minLength: 1,
            description: 'The raw request body, byte for byte as received.',
          }),
          headers: Type.Object(
            {
              'webhook-id': Type.String({ minLength: 1 }),
              'webhook-timestamp': Type.String({ minLength: 1 }),
              'webhook-signature': Type.String({ minLength: 1 }),
            },
            { description: 'The three Standard Webhooks headers of the request.' },
          ),
          secret: Type.Optional(WebhookSecretSchema.properties.secret),
        },
        { additionalProperties: false },
      ),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      guide: WEBHOOKS,
      run: async ({ payload, headers, secret }) => {
        const client = plazo()
        let key = secret
        if (!key) {
          try {
            key = (await client.webhooks.secret()).payload.secret
          } catch (error) {
            return apiErrorResult(error, WEBHOOKS)
          }
        }
        try {
          const event = client.webhooks.verify(payload, headers, key)
          return text(
            `Valid signature: event ${event.event ?? '?'} ${event.event_id ?? ''}. Deduplicate on event_id; answer 2XX quickly.`,
          )
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          return toolError(
            [
              `Invalid signature: ${message}`,
              'Check that the body is the raw bytes (not re-serialised JSON), the timestamp is recent, and the secret is the current one (or the previous during a rotation).',
            ],
            `${WEBHOOKS}#verify-the-signature`,
          )
        }
      },
    }),
  ]
}
