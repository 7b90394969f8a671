import { randomBytes } from 'node:crypto'
import { CONSTANTS } from '@plazo/contract'

/**
 * The sandbox lender: deterministic, driven by documented magic values in the customer's e-mail, in the
 * spirit of a payments provider's test cards. A tag after `+` in the local part chooses the outcome:
 *
 * | e-mail contains | outcome |
 * |---|---|
 * | (nothing special) | approved at once, captures and refunds answered synchronously |
 * | `+denied` | the lender denies the payment intent |
 * | `+on_hold` | on hold; the lender approves it 5 minutes later (sandbox clock) |
 * | `+challenge` | approved only with a down payment (the session goes to `challenge`) |
 * | `+async` | approved; captures and refunds are `pending` and approved 1 minute later (asynchronous lender) |
 * | `+reject` | approved; transactional captures and refunds are rejected (410) |
 *
 * The test helper `customer-action` forces approve / deny / challenge whatever the e-mail says, with one
 * exception: `approve` for a `+on_hold` customer still goes on hold first and is approved 5 minutes later, so
 * a held approval can be played on any session. The lender profile (`+async`, `+reject`) still applies to
 * captures and refunds.
 */
export type LenderDecision = 'approved' | 'denied' | 'on_hold' | 'challenge'

export interface LenderProfile {
  providerName: string
  /** Captures and refunds are answered later (`capture_approved` / `refund_approved`). */
  asynchronous: boolean
  /** Transactional captures and refunds are rejected (410). */
  rejectsTransactional: boolean
}

export const SANDBOX_LENDER = 'plazo-sandbox-lender'
export const SANDBOX_ASYNC_LENDER = 'plazo-sandbox-async-lender'
export const SANDBOX_STRICT_LENDER = 'plazo-sandbox-strict-lender'

/** Minutes an `on_hold` intent waits before the sandbox lender approves it. */
export const ON_HOLD_MINUTES = CONSTANTS.SANDBOX_ON_HOLD_MINUTES.value
/** Minutes an asynchronous capture or refund waits before approval. */
export const ASYNC_DECISION_MINUTES = CONSTANTS.SANDBOX_ASYNC_DECISION_MINUTES.value
/** Share of the cart asked as a down payment when the lender challenges and the merchant set no amount. */
export const CHALLENGE_DOWN_PAYMENT_RATIO = CONSTANTS.SANDBOX_CHALLENGE_DOWN_PAYMENT_RATIO.value

/**
 * The sandbox lender's terms for late payments, as the SECCI states them: interest on the amount overdue at the
 * borrowing rate plus this margin, by purchase country. Spain lets a lender add a margin (2 points here);
 * French law caps late interest at the borrowing rate itself (Code de la consommation, L312-39). No other fee,
 * and no compensation for early repayment. Its identity (name, address, register) is the contract's `LENDER`.
 */
export const LATE_PAYMENT_INTEREST_MARGIN = { ESP: 0.02, FRA: 0 } as const

function tags(email: string | null | undefined): string[] {
  const local = (email ?? '').toLowerCase().split('@')[0] ?? ''
  return local.split('+').slice(1)
}

export function lenderDecision(email: string | null | undefined): LenderDecision {
  const t = tags(email)
  if (t.includes('denied')) return 'denied'
  if (t.includes('on_hold')) return 'on_hold'
  if (t.includes('challenge')) return 'challenge'
  return 'approved'
}

/** The answer when the customer-action helper forces `forced` (see above: a held customer waits first). */
export function forcedDecision(forced: LenderDecision, email: string | null | undefined): LenderDecision {
  return forced === 'approved' && lenderDecision(email) === 'on_hold' ? 'on_hold' : forced
}

export function lenderProfile(email: string | null | undefined): LenderProfile {
  const t = tags(email)
  if (t.includes('async'))
    return { providerName: SANDBOX_ASYNC_LENDER, asynchronous: true, rejectsTransactional: false }
  if (t.includes('reject'))
    return { providerName: SANDBOX_STRICT_LENDER, asynchronous: false, rejectsTransactional: true }
  return { providerName: SANDBOX_LENDER, asynchronous: false, rejectsTransactional: false }
}

export function providerRequestId(): string {
  return `SBX-${randomBytes(6).toString('hex').toUpperCase()}`
}
