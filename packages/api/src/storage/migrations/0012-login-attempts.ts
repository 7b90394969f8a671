import type { Migration } from './migration.ts'

// Logins being checked or refused in the last 15 minutes, per username and per client address, so that a
// password cannot be guessed at speed (10 per username, 50 per address): in the database, so every API node
// counts the same attempts. A success removes its username's rows; older rows are pruned as new ones come.
export const loginAttempts: Migration = {
  version: 12,
  name: 'login_attempts',
  sql: (d) => `
CREATE TABLE login_attempts (
  id ${d.serialPrimaryKey},
  username ${d.text} NOT NULL,
  address ${d.text} NOT NULL,
  attempted_at ${d.text} NOT NULL
);
CREATE INDEX login_attempts_username_idx ON login_attempts (username, attempted_at);
CREATE INDEX login_attempts_address_idx ON login_attempts (address, attempted_at);
CREATE INDEX login_attempts_time_idx ON login_attempts (attempted_at);
`,
}
