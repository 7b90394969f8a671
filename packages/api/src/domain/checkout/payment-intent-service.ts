import type { CheckoutSession, PaymentIntentRequest } from '@plazo/contract'
import type { Database } from '../../storage/index.ts'
import type { Principal } from '../auth/index.ts'
import type { LifecycleService } from './lifecycle-service.ts'
import type { CreateResult, SessionService } from './session-service.ts'

/** The shortest term of the chosen method (the first method when none was chosen), when it has terms. */
function shortestPeriod(session: CheckoutSession, type: string | undefined): number | undefined {
  const method = session.payment_methods.find((m) => m.type === (type ?? session.payment_methods[0]?.type))
  const periods = method?.options?.periods
  return periods ? Math.min(...periods) : undefined
}

/**
 * `POST /checkout/payment-intent`: a session created and its payment intent processed at once (the sandbox
 * lender decides from the customer data). Both happen in one transaction: a crash or an error between the
 * create and the decision leaves nothing, rather than a session the merchant never got an id for, waiting
 * for a decision that will never come.
 */
export class PaymentIntentService {
  readonly #db: Database
  readonly #sessions: SessionService
  readonly #lifecycle: LifecycleService

  constructor(options: { db: Database; sessions: SessionService; lifecycle: LifecycleService }) {
    this.#db = options.db
    this.#sessions = options.sessions
    this.#lifecycle = options.lifecycle
  }

  create(principal: Principal, request: PaymentIntentRequest): Promise<CreateResult> {
    return this.#db.transaction(async (tx) => {
      const { response, session } = await this.#sessions.createIn(tx, principal, request)
      const processed = request.processed_payment_method
      await this.#lifecycle.completeCheckout(
        principal.merchantId,
        session.id,
        processed?.type ?? session.payment_methods[0]?.type,
        undefined,
        {
          period: processed?.period ?? shortestPeriod(session, processed?.type),
          gracePeriod: processed?.grace_period,
        },
        tx,
      )
      return response
    })
  }
}
