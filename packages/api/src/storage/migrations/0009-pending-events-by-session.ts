import type { Migration } from './migration.ts'

// A session's first pending event is looked up at every step of its delivery: by the claim (only a session's
// first pending event is due), by the run that settles one event and takes the next (claimNext), and by every
// write of an event (is one already pending? then the new one waits). Through events_checkout_session_idx each
// lookup read the session's whole history, the delivered events included, row by row to check their status: a
// cost that grew with every notification the session had ever had.
//
// - events_session_pending_idx: the pending events only, by session and order. An event leaves it when it is
//   delivered or given up, so it stays as small as the outbox's backlog, and each lookup reads one entry.
export const pendingEventsBySession: Migration = {
  version: 9,
  name: 'pending_events_by_session',
  sql: () => `
CREATE INDEX events_session_pending_idx ON events (checkout_session_id, seq) WHERE status = 'pending';
`,
}
