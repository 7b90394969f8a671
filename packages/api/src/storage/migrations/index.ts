import { init } from './0001-init.ts'
import { notifications } from './0002-notifications.ts'
import { webhookDelivery } from './0003-webhook-delivery.ts'
import { leanerWriteIndexes } from './0004-leaner-write-indexes.ts'
import { sessionExpiryColumn } from './0005-session-expiry-column.ts'
import { waitingEvents } from './0006-waiting-events.ts'
import { webhookSecretOverlap } from './0007-webhook-secret-overlap.ts'
import { eventEndpoints } from './0008-event-endpoints.ts'
import { pendingEventsBySession } from './0009-pending-events-by-session.ts'
import { sandboxTools } from './0010-sandbox-tools.ts'
import { outboxFromPage } from './0011-outbox-from-page.ts'
import { loginAttempts } from './0012-login-attempts.ts'
import { attemptResponseExcerpt } from './0013-attempt-response-excerpt.ts'
import { signupAttempts } from './0014-signup-attempts.ts'
import { requestLogBodies } from './0015-request-log-bodies.ts'
import { integrationChecks } from './0016-integration-checks.ts'
import { requestLogBatches } from './0017-request-log-batches.ts'
import type { Migration } from './migration.ts'

/** Every migration, in the order it is applied. Append only. */
export const MIGRATIONS: readonly Migration[] = [
  init,
  notifications,
  webhookDelivery,
  leanerWriteIndexes,
  sessionExpiryColumn,
  waitingEvents,
  webhookSecretOverlap,
  eventEndpoints,
  pendingEventsBySession,
  sandboxTools,
  outboxFromPage,
  loginAttempts,
  attemptResponseExcerpt,
  signupAttempts,
  requestLogBodies,
  integrationChecks,
  requestLogBatches,
]

export type { Dialect, Migration } from './migration.ts'
