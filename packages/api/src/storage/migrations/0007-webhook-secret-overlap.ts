import type { Migration } from './migration.ts'

// A rotated signing secret keeps signing, beside the new one, for a day of the merchant's sandbox clock
// (Standard Webhooks' rotation: two `v1,` signatures in `webhook-signature`), so receivers can deploy the new
// secret without rejecting notifications meanwhile.
//
// - merchants.previous_webhook_secret: the secret replaced by the last rotation, still used until
// - merchants.previous_webhook_secret_expires_at: sandbox time (the merchant's clock), ISO-8601 UTC. Both NULL
//   when there is no overlap: never rotated, or rotated with `expire_previous_now`.
export const webhookSecretOverlap: Migration = {
  version: 7,
  name: 'webhook_secret_overlap',
  sql: (d) => `
ALTER TABLE merchants ADD COLUMN previous_webhook_secret ${d.text};
ALTER TABLE merchants ADD COLUMN previous_webhook_secret_expires_at ${d.text};
`,
}
