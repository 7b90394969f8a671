import { clockRepository } from '../../../storage/clock-repository.ts'
import { type Job, jobRepository } from '../../../storage/job-repository.ts'
import { sessionRepository } from '../../../storage/session-repository.ts'
import type { JobKind, SessionState } from '../session-state.ts'
import { afterChange } from './down-payment.ts'
import { decide } from './lender-decisions.ts'
import { approvePendingOperations } from './operations.ts'
import { expireOrder } from './order-endings.ts'
import { change, type LifecycleContext } from './session-change.ts'

/**
 * The timers of an order (expiry, the confirm and capture windows, the lender's later decisions), run on each
 * merchant's sandbox clock.
 */

/** Runs one due timer in its own transaction; a timer whose condition no longer holds does nothing. */
export async function runJob(context: LifecycleContext, job: Job): Promise<void> {
  await context.db.transaction(async (tx) => {
    // The session is locked first: a request that replaced or cancelled this timer meanwhile has committed
    // by then, and the check below sees it (PostgreSQL; SQLite transactions run one at a time).
    await sessionRepository.lockFamily(tx, job.merchant_id, job.checkout_session_id)
    if (!(await jobRepository.isPending(tx, job))) return
    const { session } = await change(
      context,
      job.merchant_id,
      job.checkout_session_id,
      (state) => {
        applyTimer(state, job.kind as JobKind)
        state.cancelJobs.delete(job.kind as JobKind) // this run finishes it below
      },
      tx,
    )
    await jobRepository.finish(tx, job, await context.clock.now(job.merchant_id, tx))
    await afterChange(context, tx, session)
  })
}

function applyTimer(state: SessionState, kind: JobKind): void {
  const session = state.session
  const intent = state.selectedIntent
  switch (kind) {
    case 'expire':
      // Not completed in time: still open, or waiting for a down payment (even after the lender approved,
      // before_confirm). An approved order waiting for the merchant is the confirm window's business.
      if (
        session.status === 'challenge' ||
        (session.status === 'initial' && !session.payment_intents.some((i) => i.status === 'approved'))
      ) {
        expireOrder(state)
      }
      return
    case 'confirm_deadline':
      if (session.status === 'initial' && intent?.status === 'approved') {
        state.closeOpenIntents('cancelled')
        state.moveSession('cancelled')
        state.moveHpp('cancelled')
      }
      return
    case 'capture_deadline':
      if (session.status === 'confirmed' && session.captures.length === 0) {
        state.closeOpenIntents('cancelled')
        state.moveSession('cancelled')
        state.moveHpp('cancelled')
      }
      return
    case 'lender_decision':
      if (intent?.status === 'on_hold' && session.status === 'initial') decide(state, intent, 'approved')
      return
    case 'operation_decision':
      approvePendingOperations(state)
      return
  }
}

/** Runs every timer of the merchant (of every merchant) that is due on its sandbox clock; returns how many ran. */
export async function runDueJobs(context: LifecycleContext, merchantId?: string): Promise<number> {
  const merchants = merchantId
    ? [{ merchant_id: merchantId }]
    : await jobRepository.merchantsWithPendingJobs(context.db)
  let ran = 0
  for (const { merchant_id } of merchants) {
    const merchantNow = await context.clock.now(merchant_id)
    const jobs = await jobRepository.claimDue(context.db, merchant_id, merchantNow, context.clock.realNow())
    for (const job of jobs) {
      await runJob(context, job)
      ran++
    }
  }
  return ran
}

/** Sandbox: moves the merchant's clock forward and runs what falls due before answering. */
export async function advanceClock(
  context: LifecycleContext,
  merchantId: string,
  minutes: number,
): Promise<{ now: Date; offsetMinutes: number; ran: number }> {
  const { db, clock } = context
  await db.transaction(async (tx) => {
    await clockRepository.advance(tx, merchantId, minutes, clock.realNow())
  })
  let ran = 0
  // A timer can schedule another that is already due (on hold → approved → confirm window): run until quiet.
  for (let pass = 0; pass < 20; pass++) {
    const count = await runDueJobs(context, merchantId)
    ran += count
    if (count === 0) break
  }
  return { now: await clock.now(merchantId), offsetMinutes: await clock.offsetMinutes(merchantId), ran }
}
