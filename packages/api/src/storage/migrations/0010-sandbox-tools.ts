import type { Migration } from './migration.ts'

// The developer tools of the sandbox (the `plazo` CLI): the merchant's event stream and its request log.
//
// - event_redeliveries: one row per redelivery asked for. The event stream follows two cursors, the events'
//   `seq` (every event written, with or without a notification URL) and this table's `id` (an old event sent
//   again), so that `plazo events resend` also reaches a running listener.
// - request_log: the last calls of each merchant (sandbox only), for `plazo logs tail`. Bounded by the
//   application: the last 24 hours and at most 10 000 rows per merchant (pruned after writes, bounded on read).
//   The bodies are kept as the text sent and answered (request_text, response_text), not JSON columns: an
//   answer may be a PEM file or a 400 for a body that was not JSON.
export const sandboxTools: Migration = {
  version: 10,
  name: 'sandbox_tools',
  sql: (d) => `
CREATE TABLE event_redeliveries (
  id ${d.serialPrimaryKey},
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  event_id ${d.text} NOT NULL REFERENCES events (event_id),
  created_at ${d.text} NOT NULL
);
CREATE INDEX event_redeliveries_merchant_idx ON event_redeliveries (merchant_id, id);

CREATE TABLE request_log (
  id ${d.serialPrimaryKey},
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  request_id ${d.text} NOT NULL,
  method ${d.text} NOT NULL,
  path ${d.text} NOT NULL,
  status INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  idempotency_key ${d.text},
  request_text ${d.text},
  response_text ${d.text},
  created_at ${d.text} NOT NULL
);
CREATE INDEX request_log_merchant_idx ON request_log (merchant_id, id);
`,
}
