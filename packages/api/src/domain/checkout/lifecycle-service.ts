import type { Database } from '../../storage/index.ts'
import type { Clock } from '../sandbox/clock.ts'
import { cancel } from './lifecycle/cancel.ts'
import { capture } from './lifecycle/capture.ts'
import { completeCheckout, customerAction } from './lifecycle/complete-checkout.ts'
import { confirm } from './lifecycle/confirm.ts'
import { refund } from './lifecycle/refund.ts'
import type { LifecycleContext } from './lifecycle/session-change.ts'
import { advanceClock, runDueJobs } from './lifecycle/timers.ts'
import { update } from './lifecycle/update.ts'

/** The arguments of a lifecycle operation after its context. */
type Args<F> = F extends (context: LifecycleContext, ...args: infer A) => unknown ? A : never

/**
 * The order lifecycle (spec §4): what the customer and the lender do, confirmation, capture, refund and the
 * timers, one file an operation family in ./lifecycle/; this class only hands them the database and the clock.
 * Each operation runs in one transaction (lifecycle/session-change.ts): the session row is locked, the change is
 * checked against the transition table, and the new document, its notifications (outbox) and its timers are
 * written together.
 */
export class LifecycleService {
  readonly #context: LifecycleContext

  constructor(options: { db: Database; clock: Clock }) {
    this.#context = { db: options.db, clock: options.clock }
  }

  /** The customer completes (or abandons) the checkout: complete-checkout.ts. */
  completeCheckout(...args: Args<typeof completeCheckout>) {
    return completeCheckout(this.#context, ...args)
  }

  /** Sandbox test helper: plays the customer and the lender (complete-checkout.ts). */
  customerAction(...args: Args<typeof customerAction>) {
    return customerAction(this.#context, ...args)
  }

  confirm(...args: Args<typeof confirm>) {
    return confirm(this.#context, ...args)
  }

  update(...args: Args<typeof update>) {
    return update(this.#context, ...args)
  }

  cancel(...args: Args<typeof cancel>) {
    return cancel(this.#context, ...args)
  }

  capture(...args: Args<typeof capture>) {
    return capture(this.#context, ...args)
  }

  refund(...args: Args<typeof refund>) {
    return refund(this.#context, ...args)
  }

  /** Runs the timers that are due (timers.ts). */
  runDueJobs(...args: Args<typeof runDueJobs>) {
    return runDueJobs(this.#context, ...args)
  }

  /** Sandbox: moves a merchant's clock forward and runs what falls due (timers.ts). */
  advanceClock(...args: Args<typeof advanceClock>) {
    return advanceClock(this.#context, ...args)
  }
}
