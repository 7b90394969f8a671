import type { Migration } from './migration.ts'

// A session's notifications go out one at a time, in order. Its later pending events used to keep a due
// next_attempt_at while they waited, so every delivery claim read them through events_pending_due_idx and
// threw them away one by one: behind one failing endpoint, claims grew with the backlog (tens of ms per claim at
// 10 000 waiting events, seconds on PostgreSQL with stale statistics), and on SQLite claims take the writer.
//
// - A pending event that waits behind an earlier pending event of its session now has no next_attempt_at: it is
//   not in the due range of the index. It gets one when the event before it is delivered or given up
//   (DeliveryWorker#claimNext); enqueueEvents and redelivery write new events that way. Existing ones are
//   moved here.
// - events_claimed_idx: the claimed events (a claim is cleared when its try is recorded), which each claim
//   counts per merchant; before, that count read the due pending events again.
export const waitingEvents: Migration = {
  version: 6,
  name: 'waiting_events',
  sql: () => `
UPDATE events SET next_attempt_at = NULL
 WHERE status = 'pending'
   AND EXISTS (
     SELECT 1 FROM events earlier
      WHERE earlier.checkout_session_id = events.checkout_session_id AND earlier.status = 'pending'
        AND earlier.seq < events.seq
   );
CREATE INDEX events_claimed_idx ON events (locked_until) WHERE locked_until IS NOT NULL;
`,
}
