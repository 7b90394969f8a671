import { MAX_AMOUNT_CENTS, MAX_CART_ITEMS } from './primitives.ts'

/**
 * Business constants and limits (spec §9 and the behaviour ADRs 0003 and 0005 decide). The API reads its
 * values from here and the docs render this catalogue on /docs/api/globals, so the two cannot disagree.
 */
function constant<const T>(value: T, description: string) {
  return { value, description }
}

export const CONSTANTS = {
  CURRENCY: constant('EUR', 'The only currency.'),
  PURCHASE_COUNTRIES: constant(['ESP', 'FRA'] as const, 'Purchase countries (ISO 3166-1 alpha-3).'),
  DEFAULT_CHECKOUT_MODE: constant('auto_capture', 'Checkout mode when the merchant sets none.'),
  DEFAULT_TRANSACTIONAL: constant(false, 'Captures and refunds are not transactional unless asked.'),
  DEFAULT_DOWN_PAYMENT_AMOUNT: constant(0, 'Down payment amount when none is given, in cents.'),
  MAX_AMOUNT_CENTS: constant(MAX_AMOUNT_CENTS, 'The largest amount accepted, in cents (2^53 - 1).'),
  RATIO_RANGE: constant(
    [0, 1] as const,
    'Range of annual_interest, merchant_fee, interest and percentage setup fees.',
  ),
  ACCESS_TOKEN_TTL_SECONDS: constant(2_678_400, 'Default lifetime of an access token (31 days).'),
  REFRESH_TOKEN_TTL_SECONDS: constant(
    90 * 24 * 3600,
    'Lifetime of a refresh token (90 days); each is used once.',
  ),
  SESSION_TTL_MINUTES: constant(
    24 * 60,
    'A session expires this long after creation unless expires_at says otherwise.',
  ),
  IDEMPOTENCY_KEY_TTL_MINUTES: constant(24 * 60, 'How long an Idempotency-Key and its response are kept.'),
  IDEMPOTENCY_KEY_MAX_LENGTH: constant(255, 'Longest Idempotency-Key accepted.'),
  BODY_LIMIT_BYTES: constant(1024 * 1024, 'Largest request body (413 above).'),
  MAX_CART_ITEMS: constant(
    MAX_CART_ITEMS,
    'Most lines in a cart, and most order line ids in a refund. Other lists: passengers 50, flight segments 20, payment methods 20, periods 120.',
  ),
  SCHEMA_ERRORS_MAX: constant(
    100,
    'Most entries a 400 lists in `schema_errors`; past it, one more entry (keyword `maxErrors`) says how many were left out.',
  ),
  ERROR_BODY_MAX_BYTES: constant(64 * 1024, 'Largest error answer, in bytes.'),
  ORIGINAL_DATA_MAX_BYTES: constant(
    16 * 1024,
    'Largest `original_data` a 400 echoes (as JSON, in bytes). A larger body is echoed as a string: its first part as sent, then a note that says how many bytes were sent.',
  ),
  WEBHOOK_TIMEOUT_SECONDS: constant(15, 'A notification not answered within this is a failed attempt.'),
  WEBHOOK_RETRY_DELAYS_SECONDS: constant(
    [5, 300, 1800, 7200, 18000, 36000, 36000] as const,
    'Delays before each retry of a failed notification (±10 % jitter), then it is given up.',
  ),
  WEBHOOK_ENDPOINT_CONCURRENCY: constant(
    8,
    'Notifications sent to one notification_url at the same time, at most; the others wait their turn.',
  ),
  WEBHOOK_MERCHANT_CONCURRENCY: constant(
    16,
    'Notifications sent to one merchant at the same time, all its notification URLs together, at most.',
  ),
  WEBHOOK_SECRET_OVERLAP_HOURS: constant(
    24,
    'After a rotation, notifications are signed with the old secret too for this long (sandbox clock).',
  ),
  SANDBOX_ON_HOLD_MINUTES: constant(5, 'Sandbox: an on-hold payment intent is approved after this long.'),
  SANDBOX_ASYNC_DECISION_MINUTES: constant(
    1,
    'Sandbox: an asynchronous capture or refund is approved after this long.',
  ),
  SANDBOX_CHALLENGE_DOWN_PAYMENT_RATIO: constant(
    0.2,
    'Sandbox: share of the cart asked as a down payment when the lender challenges and no amount was set.',
  ),
  LOGO_CONTAINER_PX: constant([120, 60] as const, 'Hosted page logo container, width × height.'),
  DOCS_PASSWORD_LENGTH: constant([3, 50] as const, 'Length range of the documentation password.'),
  DOCS_LOGIN_MIN_DELAY_MS: constant(500, 'The documentation login never answers sooner.'),
} as const
