import type { CheckoutSessionStatusValue, HppStatusValue, PaymentIntentStatusValue } from './types.ts'

/**
 * The allowed transitions of the three state machines (spec §4 leaves them open; docs/adr/0005 explains
 * them). The API enforces exactly this table (a change it forbids is a 409 and nothing is written), and the
 * docs draw their state diagrams from it, so the two cannot drift.
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
  // Back to initial only when the merchant updates an approved order it has not confirmed yet: the customer
  // chooses again on the page (LifecycleService.update).
  completed: ['initial', 'cancelled'],
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

/** A Mermaid `stateDiagram-v2` of a transition table, for the docs. */
export function stateDiagram<S extends string>(table: Readonly<Record<S, readonly S[]>>, initial: S): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${initial}`]
  for (const [from, targets] of Object.entries(table) as Array<[S, readonly S[]]>) {
    for (const to of targets) lines.push(`  ${from} --> ${to}`)
    if (targets.length === 0) lines.push(`  ${from} --> [*]`)
  }
  return lines.join('\n')
}
