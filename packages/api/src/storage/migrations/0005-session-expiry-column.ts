import type { Migration } from './migration.ts'

// Every session has an expiry timer from the moment it is created, so keeping that one timer as a jobs row
// cost every create a second row, three more index entries and two foreign-key checks, most of a create's
// write on SQLite. The timer now lives on the session itself:
//
// - checkout_sessions.expire_at: when the pending expiry timer is due (the earlier of options.expires_at and
//   merchant.invitation_expires_on_date, ISO-8601 UTC), NULL once it has run or was cancelled.
// - checkout_sessions.expire_locked_until: the claim of a timer pass, as jobs.locked_until.
// - checkout_sessions_expire_due_idx: the due timers of a merchant, as jobs_merchant_pending_due_idx; partial,
//   so finished sessions leave it.
//
// Pending expiry jobs are moved onto their sessions (only those sessions are rewritten). Nodes still running the
// code from before this migration keep writing expiry jobs rows: stop them before it runs (on SQLite there is
// only one node). The other timers (confirm and capture windows, lender and
// operation decisions) stay in jobs: few sessions have them.
//
// checkout_sessions_merchant_created_idx is dropped: no query reads sessions by merchant and creation time,
// and it was one more page written by every create.
export const sessionExpiryColumn: Migration = {
  version: 5,
  name: 'session_expiry_column',
  sql: (d) => `
ALTER TABLE checkout_sessions ADD COLUMN expire_at ${d.text};
ALTER TABLE checkout_sessions ADD COLUMN expire_locked_until ${d.text};
UPDATE checkout_sessions SET expire_at = (
  SELECT MIN(j.due_at) FROM jobs j
   WHERE j.checkout_session_id = checkout_sessions.id AND j.kind = 'expire' AND j.done_at IS NULL
) WHERE id IN (SELECT checkout_session_id FROM jobs WHERE kind = 'expire' AND done_at IS NULL);
DELETE FROM jobs WHERE kind = 'expire' AND done_at IS NULL;
CREATE INDEX checkout_sessions_expire_due_idx ON checkout_sessions (merchant_id, expire_at)
  WHERE expire_at IS NOT NULL;
DROP INDEX checkout_sessions_merchant_created_idx;
`,
}
