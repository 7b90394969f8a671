// Columns that hold JSON text. The layer parses them back to values on every read, on both engines, so
// repositories never see the storage form. Add a column here in the same change as its migration; a JSON
// column name must not be reused for a non-JSON column anywhere in the schema.
export const JSON_COLUMNS: ReadonlySet<string> = new Set([
  // merchants: one of the three notification_auth forms of spec §3
  'notification_auth',
  // merchants.notification_auth beside the session's, in the webhook worker's destination query
  'merchant_notification_auth',
  // checkout_sessions: echoed as additional_payload in every notification of the session
  'notification_additional_payload',
  // checkout_sessions: the full read shape of the session (spec §3)
  'document',
  // idempotency_keys: the stored response replayed for a repeated key
  'response_body',
  // events: the webhook body as it will be POSTed
  'payload',
  // integration_checks: a run's request, prepared notifications, answers and report
  'check_document',
])
