import type { CheckoutSession, NotificationAuthSchema, Static } from '@plazo/contract'
import type { Queryable } from './types.ts'

type NotificationAuth = Static<typeof NotificationAuthSchema>

/**
 * Where a try goes and how it is signed, read at each try rather than when the event was written: a corrected
 * URL, a new `notification_auth` or a rotated secret takes effect from the very next try.
 */
export interface DestinationRow {
  document: CheckoutSession
  notification_auth: NotificationAuth | null
  merchant_notification_url: string | null
  merchant_notification_auth: NotificationAuth | null
  webhook_secret: string
  previous_webhook_secret: string | null
  previous_webhook_secret_expires_at: string | null
  /** The merchant's sandbox clock: minutes ahead of real time. */
  offset_minutes: number | null
  /** The integration check run that made the session: it sends the session's notifications itself. */
  integration_check_id: string | null
}

/** The destination's columns, for a query joining `DESTINATION_JOINS` to a session aliased `s`. */
export const DESTINATION_COLUMNS = `s.document, s.notification_auth, m.notification_url AS merchant_notification_url,
  m.notification_auth AS merchant_notification_auth, m.webhook_secret,
  m.previous_webhook_secret, m.previous_webhook_secret_expires_at, c.offset_minutes, s.integration_check_id`

/** Joins a session `s` to its merchant `m` and the merchant's sandbox clock `c`. */
export const DESTINATION_JOINS = `JOIN merchants m ON m.id = s.merchant_id
  LEFT JOIN sandbox_clocks c ON c.merchant_id = m.id`

/** The destination of a session's try; undefined when the session is gone. */
export function readDestination(
  db: Queryable,
  checkoutSessionId: string,
): Promise<DestinationRow | undefined> {
  return db.one<DestinationRow>(
    `SELECT ${DESTINATION_COLUMNS} FROM checkout_sessions s ${DESTINATION_JOINS} WHERE s.id = $1`,
    [checkoutSessionId],
  )
}

/** The destination columns of a row read with them, apart. */
export function destinationOf(row: DestinationRow): DestinationRow {
  return {
    document: row.document,
    notification_auth: row.notification_auth,
    merchant_notification_url: row.merchant_notification_url,
    merchant_notification_auth: row.merchant_notification_auth,
    webhook_secret: row.webhook_secret,
    previous_webhook_secret: row.previous_webhook_secret,
    previous_webhook_secret_expires_at: row.previous_webhook_secret_expires_at,
    offset_minutes: row.offset_minutes,
    integration_check_id: row.integration_check_id,
  }
}
