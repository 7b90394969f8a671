import type { Migration } from './migration.ts'

// The in-flight bound of webhook deliveries is per endpoint (notification URL) as well as per merchant, so one
// hanging endpoint of a merchant holds only its own notifications, not the merchant's other endpoints'.
//
// - events.endpoint: the notification URL the event goes to, as last known: resolved by the claim that first
//   finds the event due, rewritten by every try (the URL is read at each try) and when a session's URL is
//   corrected. Claims count the events in flight per endpoint and leave out those of full endpoints. NULL until
//   resolved, and for events with no URL at all.
export const eventEndpoints: Migration = {
  version: 8,
  name: 'event_endpoints',
  sql: (d) => `
ALTER TABLE events ADD COLUMN endpoint ${d.text};
`,
}
