import type { Migration } from './migration.ts'

// What the webhook delivery worker needs beyond the outbox of 0001/0002.
//
// - events.claimed_by: the random token of the worker pass that holds the event (with locked_until). A pass
//   only writes the outcome of its attempt while it still holds the claim, so a redelivery requested meanwhile,
//   or another node that took over an expired claim, is never overwritten by a late answer.
// - events.failed_attempts: failed tries since the event was last queued; it picks the next backoff delay and
//   is reset by a manual redelivery, while events.attempts keeps counting every try for the delivery log.
// - merchants.webhook_secret_created_at: when the current signing secret was made (NULL: with the merchant).
// - webhook_certificates: the sandbox CA and the client certificate presented to receivers that ask for mutual
//   TLS. In the database rather than a data folder, so every API node sharing the database presents the same
//   certificate (a merchant trusts one CA) and an in-memory database works too. One row; private keys never
//   leave the server.
export const webhookDelivery: Migration = {
  version: 3,
  name: 'webhook_delivery',
  sql: (d) => `
ALTER TABLE events ADD COLUMN claimed_by ${d.text};
ALTER TABLE events ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE merchants ADD COLUMN webhook_secret_created_at ${d.text};

CREATE TABLE webhook_certificates (
  id ${d.text} PRIMARY KEY CHECK (id = 'sandbox'),
  ca_certificate ${d.text} NOT NULL,
  ca_private_key ${d.text} NOT NULL,
  client_certificate ${d.text} NOT NULL,
  client_private_key ${d.text} NOT NULL,
  created_at ${d.text} NOT NULL
);
`,
}
