import type { Migration } from './migration.ts'

// The first 2 KB of what the merchant's endpoint answered to a delivery try, shown with the try (the dashboard,
// `GET /webhooks/events`): why a notification failed is usually in that answer. Null for earlier tries.
export const attemptResponseExcerpt: Migration = {
  version: 13,
  name: 'attempt_response_excerpt',
  sql: (d) => `
ALTER TABLE event_attempts ADD COLUMN response_excerpt ${d.text};
`,
}
