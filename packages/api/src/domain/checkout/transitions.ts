import type { CheckoutSessionStatusValue, HppStatusValue, PaymentIntentStatusValue } from '@plazo/contract'

/**
 * The allowed transitions of the three state machines (spec §4 leaves them open; ADR 0005 explains them).
 * Exported so the docs draw the diagrams from this table and cannot drift from the code. A change the
 * table forbids is a 409 and nothing is written.
 */
export const SESSION_TRANSITIONS: Readonly<
  Record<CheckoutSessionStatusValue, readonly CheckoutSessionStatusValue[]>
> = {
  initial: ['challenge', 'confirmed', 'denied', 'desisted', 'cancelled', 'expired'],
  challenge: ['initial', 'confirmed', 'denied', 'desisted', 'cancelled', 'expired'],
  confirmed: ['cancelled'],
  denied: [],
  desisted: [],
  cancelled: [],
  expired: [],
}

export const PAYMENT_INTENT_TRANSITIONS: Readonly<
  Record<PaymentIntentStatusValue, readonly PaymentIntentStatusValue[]>
> = {
  initial: ['on_hold', 'approved', 'denied', 'desisted', 'cancelled', 'expired'],
  on_hold: ['approved', 'denied', 'desisted', 'cancelled', 'expired'],
  approved: ['confirmed', 'paid', 'desisted', 'cancelled', 'expired'],
  confirmed: ['paid', 'cancelled'],
  paid: [],
  denied: [],
  desisted: [],
  cancelled: [],
  expired: [],
}

export const HPP_TRANSITIONS: Readonly<Record<HppStatusValue, readonly HppStatusValue[]>> = {
  initial: ['challenge', 'completed', 'cancelled', 'expired'],
  challenge: ['initial', 'completed', 'cancelled', 'expired'],
  completed: ['cancelled'],
  cancelled: [],
  expired: [],
}

export function canTransition<S extends string>(
  table: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S,
): boolean {
  return table[from].includes(to)
}

/** Session statuses after which nothing about the session changes any more. */
export const FINAL_SESSION_STATUSES: readonly CheckoutSessionStatusValue[] = [
  'denied',
  'desisted',
  'cancelled',
  'expired',
]
