import type { Migration } from './migration.ts'

// Conventions (see ../types.ts): ids are text UUIDs, timestamps text ISO-8601 UTC, JSON text; d.text is TEXT
// with byte-order collation on both engines. Status columns
// that follow the spec's state machines carry no CHECK: the domain validates them against the contract, and
// widening a CHECK on SQLite means rebuilding the table. Closed internal vocabularies do carry one.
export const init: Migration = {
  version: 1,
  name: 'init',
  sql: (d) => `
CREATE TABLE merchants (
  id ${d.text} PRIMARY KEY,
  name ${d.text} NOT NULL,
  default_country ${d.text} NOT NULL CHECK (default_country IN ('ESP', 'FRA')),
  notification_url ${d.text},
  notification_auth ${d.text},
  webhook_secret ${d.text} NOT NULL,
  created_at ${d.text} NOT NULL
);

-- Usernames are stored lowercased; login lowercases what is typed.
CREATE TABLE users (
  id ${d.text} PRIMARY KEY,
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  username ${d.text} NOT NULL UNIQUE,
  password_hash ${d.text} NOT NULL,
  created_at ${d.text} NOT NULL,
  UNIQUE (merchant_id, id)
);

-- Points of sale. A session created without agent_id goes to the merchant's default agent.
CREATE TABLE agents (
  id ${d.text} PRIMARY KEY,
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  name ${d.text} NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at ${d.text} NOT NULL,
  UNIQUE (merchant_id, name),
  UNIQUE (merchant_id, id)
);
CREATE UNIQUE INDEX agents_one_default_per_merchant_idx ON agents (merchant_id) WHERE is_default = 1;

-- Bearer tokens, stored only as the SHA-256 of the token. family_id ties together every access and refresh
-- token descended from one login, so a replayed refresh token can revoke the whole line.
CREATE TABLE access_tokens (
  token_hash ${d.text} PRIMARY KEY,
  user_id ${d.text} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind ${d.text} NOT NULL CHECK (kind IN ('access', 'refresh')),
  family_id ${d.text} NOT NULL,
  expires_at ${d.text} NOT NULL,
  revoked_at ${d.text},
  created_at ${d.text} NOT NULL
);
CREATE INDEX access_tokens_family_id_idx ON access_tokens (family_id);
CREATE INDEX access_tokens_expires_at_idx ON access_tokens (expires_at);

-- document is the full read shape of spec §3; the other columns are copies of it that queries filter on.
-- version increases with every write, for optimistic checks. The composite foreign keys make it impossible
-- to attach a session to another merchant's agent or user.
CREATE TABLE checkout_sessions (
  id ${d.text} PRIMARY KEY,
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  agent_id ${d.text} NOT NULL,
  user_id ${d.text} NOT NULL,
  parent_session_id ${d.text} REFERENCES checkout_sessions (id),
  status ${d.text} NOT NULL,
  mode ${d.text} NOT NULL CHECK (mode IN ('embedded', 'hpp')),
  client_secret_hash ${d.text} UNIQUE,
  hpp_id ${d.text} UNIQUE,
  document ${d.text} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${d.text} NOT NULL,
  updated_at ${d.text} NOT NULL,
  expires_at ${d.text},
  FOREIGN KEY (merchant_id, agent_id) REFERENCES agents (merchant_id, id),
  FOREIGN KEY (merchant_id, user_id) REFERENCES users (merchant_id, id)
);
CREATE INDEX checkout_sessions_merchant_created_idx ON checkout_sessions (merchant_id, created_at);
CREATE INDEX checkout_sessions_parent_session_id_idx ON checkout_sessions (parent_session_id);

-- A request is first recorded as running, then done with the response to replay for a repeated key.
CREATE TABLE idempotency_keys (
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  key ${d.text} NOT NULL,
  method ${d.text} NOT NULL,
  path ${d.text} NOT NULL,
  request_hash ${d.text} NOT NULL,
  status ${d.text} NOT NULL CHECK (status IN ('running', 'done')),
  response_status INTEGER,
  response_body ${d.text},
  created_at ${d.text} NOT NULL,
  expires_at ${d.text} NOT NULL,
  PRIMARY KEY (merchant_id, key),
  CHECK (status = 'running' OR response_status IS NOT NULL)
);
CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);

-- Webhook outbox: written in the transaction that changes the state, delivered afterwards by a worker.
-- seq gives a total order of creation (created_at can tie); event_id is the stable id merchants deduplicate on.
-- status: pending | delivered | failed.
CREATE TABLE events (
  seq ${d.serialPrimaryKey},
  event_id ${d.text} NOT NULL UNIQUE,
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  checkout_session_id ${d.text} NOT NULL REFERENCES checkout_sessions (id),
  type ${d.text} NOT NULL,
  payload ${d.text} NOT NULL,
  created_at ${d.text} NOT NULL,
  status ${d.text} NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${d.text},
  delivered_at ${d.text}
);
CREATE INDEX events_pending_due_idx ON events (next_attempt_at) WHERE status = 'pending';
CREATE INDEX events_checkout_session_idx ON events (checkout_session_id, seq);
CREATE INDEX events_merchant_idx ON events (merchant_id, seq);

-- One row per delivery try, for the merchant's delivery log.
CREATE TABLE event_attempts (
  id ${d.serialPrimaryKey},
  event_id ${d.text} NOT NULL REFERENCES events (event_id),
  attempted_at ${d.text} NOT NULL,
  status_code INTEGER,
  duration_ms INTEGER NOT NULL,
  error ${d.text}
);
CREATE INDEX event_attempts_event_idx ON event_attempts (event_id, id);

-- Timers of the state machines (confirm and capture windows, expiry). At most one pending timer of a kind
-- per session, so rescheduling is an upsert. locked_until lets a worker claim a job without holding a
-- transaction open while it runs.
CREATE TABLE jobs (
  id ${d.text} PRIMARY KEY,
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  checkout_session_id ${d.text} NOT NULL REFERENCES checkout_sessions (id),
  kind ${d.text} NOT NULL,
  due_at ${d.text} NOT NULL,
  locked_until ${d.text},
  done_at ${d.text},
  created_at ${d.text} NOT NULL
);
CREATE UNIQUE INDEX jobs_one_pending_per_kind_idx ON jobs (checkout_session_id, kind) WHERE done_at IS NULL;
CREATE INDEX jobs_pending_due_idx ON jobs (due_at) WHERE done_at IS NULL;
CREATE INDEX jobs_merchant_pending_due_idx ON jobs (merchant_id, due_at) WHERE done_at IS NULL;

-- The sandbox clock of a merchant: real time plus offset_minutes. It only moves forward.
CREATE TABLE sandbox_clocks (
  merchant_id ${d.text} PRIMARY KEY REFERENCES merchants (id),
  offset_minutes INTEGER NOT NULL DEFAULT 0 CHECK (offset_minutes >= 0),
  updated_at ${d.text} NOT NULL
);

-- Hosted-page links sent by the distribute call; the sandbox keeps them instead of sending e-mail or SMS.
CREATE TABLE outbox_messages (
  id ${d.text} PRIMARY KEY,
  merchant_id ${d.text} NOT NULL REFERENCES merchants (id),
  hpp_id ${d.text} NOT NULL REFERENCES checkout_sessions (hpp_id),
  recipient ${d.text} NOT NULL,
  channel ${d.text} NOT NULL CHECK (channel IN ('email', 'sms')),
  body ${d.text} NOT NULL,
  created_at ${d.text} NOT NULL
);
CREATE INDEX outbox_messages_hpp_idx ON outbox_messages (hpp_id, created_at);
CREATE INDEX outbox_messages_merchant_idx ON outbox_messages (merchant_id, created_at);
`,
}
