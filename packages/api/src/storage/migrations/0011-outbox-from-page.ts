import type { Migration } from './migration.ts'

// Which sends of a hosted page's link came from the public distribution page (store staff, limited to a few an
// hour) rather than from the merchant's server (`POST /checkout/hpp/{id}/distribute/`, not limited): only the
// page's own sends count towards the page's hourly limit. Rows written before are counted as the server's.
export const outboxFromPage: Migration = {
  version: 11,
  name: 'outbox_from_page',
  sql: () => `
ALTER TABLE outbox_messages ADD COLUMN from_page INTEGER NOT NULL DEFAULT 0;
`,
}
