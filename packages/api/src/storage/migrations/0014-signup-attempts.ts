import type { Migration } from './migration.ts'

// Sign-ups to the sandbox's dashboard in the last hour, per client address (10 an hour), so that one client
// cannot fill a hosted sandbox with accounts or guess its sign-up code at speed. In the database, so every API
// node counts the same attempts; older rows are pruned as new ones come.
export const signupAttempts: Migration = {
  version: 14,
  name: 'signup_attempts',
  sql: (d) => `
CREATE TABLE signup_attempts (
  id ${d.serialPrimaryKey},
  address ${d.text} NOT NULL,
  attempted_at ${d.text} NOT NULL
);
CREATE INDEX signup_attempts_address_idx ON signup_attempts (address, attempted_at);
CREATE INDEX signup_attempts_time_idx ON signup_attempts (attempted_at);
`,
}
