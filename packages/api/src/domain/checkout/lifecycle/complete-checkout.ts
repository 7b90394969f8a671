import type { CheckoutSession, CustomerActionRequest } from '@plazo/contract'
import { ApiError, invalidFields } from '../../../errors.ts'
import type { Transaction } from '../../../storage/index.ts'
import { sessionRepository } from '../../../storage/session-repository.ts'
import type { Principal } from '../../auth/index.ts'
import {
  forcedDecision,
  type LenderDecision,
  lenderDecision,
  lenderProfile,
  providerRequestId,
} from '../../lender/sandbox-lender.ts'
import type { LoanChoice } from '../conditions.ts'
import { afterChange } from './down-payment.ts'
import { conditionsNow } from './intent-conditions.ts'
import { decide } from './lender-decisions.ts'
import { desistOrder } from './order-endings.ts'
import { change, type LifecycleContext } from './session-change.ts'

const FORCED: Record<CustomerActionRequest['action'], LenderDecision | 'desist'> = {
  approve: 'approved',
  deny: 'denied',
  challenge: 'challenge',
  desist: 'desist',
}

/** Sandbox test helper: plays the customer and the lender, with the hosted page's effects. */
export function customerAction(
  context: LifecycleContext,
  principal: Principal,
  id: string,
  body: CustomerActionRequest,
): Promise<CheckoutSession> {
  return completeCheckout(context, principal.merchantId, id, body.payment_method_type, FORCED[body.action])
}

/**
 * The customer completes (or abandons) the checkout with a payment method. `decision` forces the lender's
 * answer (test helper); otherwise the sandbox lender decides from the customer's e-mail.
 */
export function completeCheckout(
  context: LifecycleContext,
  merchantId: string,
  id: string,
  paymentMethodType: string | undefined,
  decision?: LenderDecision | 'desist',
  /** The term and grace period the customer chose, already checked against what the method offers. */
  choice: LoanChoice = {},
  /** A transaction the caller holds (a payment intent's create); otherwise one of its own. */
  existingTx?: Transaction,
): Promise<CheckoutSession> {
  const run = <T>(fn: (tx: Transaction) => Promise<T>) =>
    existingTx ? fn(existingTx) : context.db.transaction(fn)
  return run(async (tx) => {
    const { session } = await change(
      context,
      merchantId,
      id,
      async (state, { stored }) => {
        const status = state.session.status
        if (status === 'challenge' && stored.parentSessionId === null) {
          throw new ApiError('INVALID_TRANSITION', {
            detail: `The checkout session waits for its down payment: the customer pays it in session ${state.session.downpayment_checkout_session_id}.`,
          })
        }
        if (status !== 'initial') {
          throw new ApiError('INVALID_TRANSITION', {
            detail: `The checkout session is ${status}: the customer can no longer act on it.`,
          })
        }
        if (decision === 'desist') {
          desistOrder(state)
          return undefined
        }
        const intent = state.intentOfType(paymentMethodType)
        if (!intent) {
          throw invalidFields(
            [
              {
                field: '/payment_method_type',
                message: 'is not offered in this checkout session',
                keyword: 'rule',
              },
            ],
            undefined,
          )
        }
        if (intent.status !== 'initial') {
          throw new ApiError('INVALID_TRANSITION', {
            detail: `The ${intent.payment_method_type} payment intent is ${intent.status}: choose another payment method.`,
          })
        }
        if (choice.period !== undefined || choice.gracePeriod !== undefined) {
          const term = choice.period ?? intent.conditions?.term
          const conditions = conditionsNow(state, intent, term, choice.gracePeriod)
          if (conditions !== undefined) intent.conditions = conditions
        }
        state.select(intent)
        intent.provider_name = lenderProfile(state.session.customer?.email).providerName
        intent.provider_request_id = providerRequestId()
        const email = state.session.customer?.email
        const verdict = decision ? forcedDecision(decision, email) : lenderDecision(email)
        // A down payment is never asked a down payment of its own: the lender's extra step is this one.
        decide(
          state,
          intent,
          stored.parentSessionId !== null && verdict === 'challenge' ? 'approved' : verdict,
        )
        return undefined
      },
      tx,
    )
    await afterChange(context, tx, session)
    // The follow-up work may have changed the session again (a down-payment session attached).
    const stored = await sessionRepository.find(tx, merchantId, id)
    return stored?.document ?? session
  })
}
