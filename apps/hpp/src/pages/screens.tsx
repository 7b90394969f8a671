import type { ClientSession } from '../api.ts'

export type Screen = 'checkout' | 'expired' | 'cancelled' | 'completed' | 'closed' | 'downPayment' | 'onHold'

/** Which page a session shows the customer. */
export function screenOf(session: ClientSession): Screen {
  if (session.status === 'expired' || session.hpp_status === 'expired') return 'expired'
  if (session.status === 'cancelled') return 'cancelled'
  if (session.status === 'confirmed' || session.hpp_status === 'completed') return 'completed'
  if (session.status === 'desisted' || session.status === 'denied') return 'closed'
  if (session.status === 'challenge') return 'downPayment'
  if (session.payment_methods.some((m) => m.status === 'on_hold')) return 'onHold'
  return 'checkout'
}
