/**
 * Prompts a developer picks from their agent's menu: each sets the agent on a task with the guides to read
 * and the tools to check the work against the sandbox.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

const language = z
  .string()
  .optional()
  .describe('The language or framework of your server, e.g. "Node.js with Express" (optional).')

function userMessage(text: string) {
  return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] }
}

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'integrate_hosted_payment_page',
    {
      title: 'Integrate the hosted payment page',
      description:
        'Add a Plazo checkout to your store with the hosted payment page: create the session on your server, send the customer to the page, confirm and capture, receive the webhooks.',
      argsSchema: { stack: language },
    },
    ({ stack }) =>
      userMessage(
        [
          `Integrate Plazo's hosted payment page (HPP) into my store${stack ? ` (${stack})` : ''}.`,
          '1. Read the guides first: read_doc /docs/hpp/overview.md, /docs/hpp/integration.md and /docs/hpp/confirm-and-capture.md (search_docs for anything else).',
          '2. On my server, create the checkout session with ui.mode "hpp" (amounts in cents, merchant.order_reference_1, merchant.notification_url) and redirect the customer to the returned redirect_url. Never create sessions from the browser: the access token stays on the server.',
          '3. Handle the return URLs and the webhooks (read_doc /docs/webhooks.md): verify the signature, deduplicate on event_id, capture when the order ships.',
          '4. Check each step against the sandbox with the tools: create_checkout_session with the same body my code sends, simulate_customer_action approve, get_checkout_session, list_events, capture_order.',
          'Cite the guide for each decision, and show me the code changes.',
        ].join('\n'),
      ),
  )
  server.registerPrompt(
    'handle_webhooks',
    {
      title: 'Handle Plazo webhooks',
      description:
        'Write the endpoint that receives Plazo notifications: raw body, signature verification, deduplication, quick answer, and a test against the sandbox.',
      argsSchema: { stack: language },
    },
    ({ stack }) =>
      userMessage(
        [
          `Write my endpoint for Plazo webhooks${stack ? ` (${stack})` : ''}.`,
          '1. Read read_doc /docs/webhooks.md: the six events, their payloads, notification_auth, the Standard Webhooks signature headers, retries and deduplication.',
          '2. The endpoint reads the raw body, verifies webhook-signature with the whsec_ secret, refuses old timestamps, deduplicates on event_id, answers 2XX at once and does the work afterwards.',
          '3. Test it against the sandbox: create_checkout_session with my notification_url, simulate_customer_action approve, list_events to see the deliveries and their errors, resend_event after a fix, and verify_webhook_signature on a body and headers my endpoint logged.',
          'Cite the guide for each rule you apply.',
        ].join('\n'),
      ),
  )
}
