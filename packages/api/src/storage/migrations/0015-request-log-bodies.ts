import type { Migration } from './migration.ts'

// The request log's bodies, each kept once per merchant and named by its SHA-256: a call's row names its request
// and response bodies by hash. Writing a 3 KB answer again for every GET of the same session was most of what the
// log cost a call; now an answer already in the log costs a hash and nothing more. Rows written before keep
// their bodies in request_text and response_text.
export const requestLogBodies: Migration = {
  version: 15,
  name: 'request_log_bodies',
  sql: (d) => `
CREATE TABLE request_log_bodies (
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  hash ${d.text} NOT NULL,
  body ${d.text} NOT NULL,
  PRIMARY KEY (merchant_id, hash)
);
ALTER TABLE request_log ADD COLUMN request_hash ${d.text};
ALTER TABLE request_log ADD COLUMN response_hash ${d.text};
CREATE INDEX request_log_request_hash_idx ON request_log (merchant_id, request_hash);
CREATE INDEX request_log_response_hash_idx ON request_log (merchant_id, response_hash);
`,
}
