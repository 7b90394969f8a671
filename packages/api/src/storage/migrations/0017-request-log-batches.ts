import type { Dialect, Migration } from './migration.ts'

// The request log as batches: one row per merchant for each flush of an API node's buffer (every 100 ms), its
// calls a JSON array in `entries`, oldest first. A row per call cost a GET more than a third of its rate (an
// insert into a table with four indexes, a SHA-256 of the answer, a delete 10 000 calls later); a batch costs a
// call a few microseconds. `created_at` is the newest call's time and `oldest_at` the oldest's; `calls` counts
// them; `body_hashes` lists, space-separated, the bodies in request_log_bodies the batch names, so that pruning
// knows which bodies are still named without reading the calls.
//
// The calls already logged move into batches of up to 500, in their order, each with its bodies written out in
// the call (`request_text`, `response_text`: rows of 0010 kept them there, rows of 0015 named a body by hash);
// the bodies table is emptied since no batch names a body yet. Then request_log goes.
export const requestLogBatches: Migration = {
  version: 17,
  name: 'request_log_batches',
  sql: (d) => `
CREATE TABLE request_log_batches (
  id ${d.serialPrimaryKey},
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  created_at ${d.text} NOT NULL,
  oldest_at ${d.text} NOT NULL,
  calls INTEGER NOT NULL,
  body_hashes ${d.text} NOT NULL,
  entries ${d.text} NOT NULL
);
CREATE INDEX request_log_batches_merchant_idx ON request_log_batches (merchant_id, id);
INSERT INTO request_log_batches (merchant_id, created_at, oldest_at, calls, body_hashes, entries)
SELECT l.merchant_id, MAX(l.created_at), MIN(l.created_at), COUNT(*), '', ${callsArray(d)}
FROM request_log l
LEFT JOIN request_log_bodies rq ON rq.merchant_id = l.merchant_id AND rq.hash = l.request_hash
LEFT JOIN request_log_bodies rs ON rs.merchant_id = l.merchant_id AND rs.hash = l.response_hash
GROUP BY l.merchant_id, l.id / 500
ORDER BY MIN(l.id);
DELETE FROM request_log_bodies;
DROP TABLE request_log;
`,
}

/** The calls of a group as the JSON array the application writes (see request-log-repository.ts), by id. */
function callsArray(d: Dialect): string {
  const fields = [
    ['request_id', 'l.request_id'],
    ['created_at', 'l.created_at'],
    ['method', 'l.method'],
    ['path', 'l.path'],
    ['status', 'l.status'],
    ['duration_ms', 'l.duration_ms'],
    ['idempotency_key', 'l.idempotency_key'],
    ['login_id', 'l.login_id'],
    ['request_hash', 'NULL'],
    ['response_hash', 'NULL'],
    ['request_text', 'COALESCE(rq.body, l.request_text)'],
    ['response_text', 'COALESCE(rs.body, l.response_text)'],
  ]
  const pairs = fields.map(([key, value]) => `'${key}', ${value}`).join(', ')
  return d.engine === 'sqlite'
    ? `json_group_array(json_object(${pairs}) ORDER BY l.id)`
    : `json_agg(json_build_object(${pairs}) ORDER BY l.id)::text`
}
