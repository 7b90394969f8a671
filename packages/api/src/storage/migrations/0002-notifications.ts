import type { Migration } from './migration.ts'

// Where a session's notifications go and how they authenticate. Kept out of the session document (the read
// shape never returns notification credentials). Events get a claim column so that several API nodes can
// share the outbox without delivering an event twice at the same time.
export const notifications: Migration = {
  version: 2,
  name: 'notifications',
  sql: (d) => `
ALTER TABLE checkout_sessions ADD COLUMN notification_auth ${d.text};
ALTER TABLE checkout_sessions ADD COLUMN notification_additional_payload ${d.text};
ALTER TABLE events ADD COLUMN locked_until ${d.text};
ALTER TABLE events ADD COLUMN last_error ${d.text};
`,
}
