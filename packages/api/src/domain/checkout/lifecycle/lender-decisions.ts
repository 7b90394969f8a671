import type { PaymentIntent } from '@plazo/contract'
import {
  CHALLENGE_DOWN_PAYMENT_RATIO,
  type LenderDecision,
  ON_HOLD_MINUTES,
} from '../../lender/sandbox-lender.ts'
import { money, type SessionState } from '../session-state.ts'
import { captureAll } from './capture.ts'
import { confirmIntent } from './confirm.ts'

/**
 * The lender's verdict on the intent the customer chose: approved, denied, on hold (decided later by the
 * lender_decision timer) or a challenge (the lender asks for a down payment).
 */
export function decide(state: SessionState, intent: PaymentIntent, decision: LenderDecision): void {
  switch (decision) {
    case 'approved': {
      const dp = state.session.down_payment
      if (dp?.down_payment_collection === 'upfront' && dp.amount.amount > 0 && !state.downPaymentPaid()) {
        challenge(state, intent)
        return
      }
      approve(state, intent)
      return
    }
    case 'denied': {
      state.moveIntent(intent, 'denied')
      const open = state.session.payment_intents.some((i) =>
        ['initial', 'on_hold', 'approved'].includes(i.status),
      )
      if (!open) {
        state.moveSession('denied')
        state.moveHpp('cancelled')
      }
      return
    }
    case 'on_hold':
      state.moveIntent(intent, 'on_hold')
      state.scheduleJob('lender_decision', state.minutesFromNow(ON_HOLD_MINUTES))
      return
    case 'challenge':
      // The extra step the lender asks for is a down payment; one the customer has paid already answers it.
      if (state.downPaymentPaid()) approve(state, intent)
      else challenge(state, intent)
      return
  }
}

/** The lender approved: what follows depends on the checkout mode (spec §4). */
export function approve(state: SessionState, intent: PaymentIntent): void {
  if (intent.status !== 'approved') state.moveIntent(intent, 'approved')
  const dp = state.session.down_payment
  if (dp?.down_payment_collection === 'before_confirm' && dp.amount.amount > 0 && !state.downPaymentPaid()) {
    challenge(state, intent)
    return
  }
  const merchant = state.session.merchant
  state.moveHpp('completed')
  if (merchant.checkout_mode === 'delegated') {
    if (merchant.max_interval_in_minutes_for_confirm !== null) {
      state.scheduleJob(
        'confirm_deadline',
        state.minutesFromNow(merchant.max_interval_in_minutes_for_confirm),
      )
    }
    state.cancelJob('expire')
    return
  }
  confirmIntent(state, intent)
  if (merchant.checkout_mode === 'auto_capture') captureAll(state, null, false)
}

/** The lender asks for a down payment: a child session collects it (spec §3 Down payment, down-payment.ts). */
function challenge(state: SessionState, intent: PaymentIntent): void {
  if (intent.status === 'initial') state.moveIntent(intent, 'on_hold')
  const session = state.session
  if (!session.down_payment || session.down_payment.amount.amount === 0) {
    session.down_payment = {
      down_payment_collection: session.down_payment?.down_payment_collection ?? 'before_confirm',
      payment_methods: session.down_payment?.payment_methods ?? ['card_payment', 'a2a_payment'],
      amount: money(Math.round(session.total_price.amount * CHALLENGE_DOWN_PAYMENT_RATIO)),
      paid: false,
    }
  }
  state.moveSession('challenge')
  state.moveHpp('challenge')
}
