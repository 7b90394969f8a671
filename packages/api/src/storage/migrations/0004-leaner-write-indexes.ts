import type { Migration } from './migration.ts'

// Every index a create touches is at least one more page written to the WAL at each commit, and the commit is
// the largest single cost of creating a session on SQLite. Two indexes cost that on every create and earn
// nothing back:
//
// - checkout_sessions_parent_session_id_idx indexed every session, while only down-payment sessions have a
//   parent. A partial index over those answers the same `parent_session_id = $1` lookups (and the foreign
//   key's) and is left untouched by ordinary creates.
// - jobs_pending_due_idx (due_at of pending timers) duplicated jobs_merchant_pending_due_idx: the timer loop
//   always asks per merchant (merchant_id, due_at), and the list of merchants with pending timers is read
//   from the per-merchant index as well.
export const leanerWriteIndexes: Migration = {
  version: 4,
  name: 'leaner_write_indexes',
  sql: () => `
DROP INDEX checkout_sessions_parent_session_id_idx;
CREATE INDEX checkout_sessions_parent_session_id_idx ON checkout_sessions (parent_session_id)
  WHERE parent_session_id IS NOT NULL;
DROP INDEX jobs_pending_due_idx;
`,
}
