import type { Migration } from './migration.ts'

// The integration check (`plazo check webhooks|flow`, issue 39; docs/adr/0017).
//
// - integration_checks: one row per run, its request, the notifications it prepared, the answers and the report
//   in one JSON document (`check_document`), so a run started on one API node can be read, and answered, on
//   another. No foreign key to merchants: a run is a sandbox report that must not stop an account's deletion.
// - checkout_sessions.integration_check_id: the sessions a webhooks run created for itself. The outbox gives
//   their events up untried (the run sends them itself, signed its own ways) and the flow checks leave them out.
// - request_log.login_id: the login (token family) each call was made with, so `flow.token_reuse` can tell one
//   login per call from one login reused.
export const integrationChecks: Migration = {
  version: 16,
  name: 'integration_checks',
  sql: (d) => `
CREATE TABLE integration_checks (
  id ${d.text} PRIMARY KEY,
  merchant_id ${d.text} NOT NULL,
  kind ${d.text} NOT NULL,
  status ${d.text} NOT NULL,
  check_document ${d.text} NOT NULL,
  created_at ${d.text} NOT NULL,
  updated_at ${d.text} NOT NULL
);
CREATE INDEX integration_checks_merchant_idx ON integration_checks (merchant_id, created_at);
ALTER TABLE checkout_sessions ADD COLUMN integration_check_id ${d.text};
ALTER TABLE request_log ADD COLUMN login_id ${d.text};
`,
}
