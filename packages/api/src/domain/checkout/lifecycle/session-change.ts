import type { CheckoutSession } from '@plazo/contract'
import { ApiError } from '../../../errors.ts'
import type { Database, Transaction } from '../../../storage/index.ts'
import { jobRepository } from '../../../storage/job-repository.ts'
import { type StoredSession, sessionRepository } from '../../../storage/session-repository.ts'
import type { Clock } from '../../sandbox/clock.ts'
import { enqueueEvents } from '../../webhooks/outbox.ts'
import { SessionState } from '../session-state.ts'

/** What every part of the lifecycle works with: the database and the merchants' sandbox clocks. */
export interface LifecycleContext {
  db: Database
  clock: Clock
}

/** The locked session a change runs on, in its transaction. */
export interface ChangeContext {
  tx: Transaction
  stored: StoredSession
}

/**
 * Runs `fn` on a locked session and writes what it changed, in `existingTx` or a transaction of its own. The
 * session row is locked, every move is checked against the transition table (SessionState), and the new
 * document, its notifications and its timers are written together.
 */
export async function change<R>(
  context: LifecycleContext,
  merchantId: string,
  id: string,
  fn: (state: SessionState, locked: ChangeContext) => Promise<R> | R,
  existingTx?: Transaction,
): Promise<{ session: CheckoutSession; result: R }> {
  const body = async (tx: Transaction) => {
    const stored = await sessionRepository.lockFamily(tx, merchantId, id)
    if (!stored) throw new ApiError('SESSION_NOT_FOUND', { id })
    const now = await context.clock.now(merchantId, tx)
    const settings = await sessionRepository.notificationSettings(tx, id)
    const state = new SessionState(stored.document, now, settings?.notificationAdditionalPayload ?? null)
    const result = await fn(state, { tx, stored })
    await write(context, tx, state, stored)
    return { session: state.session, result }
  }
  return existingTx ? body(existingTx) : context.db.transaction(body)
}

/** Writes a change: the new document, its notifications (outbox) and its timers. */
async function write(
  context: LifecycleContext,
  tx: Transaction,
  state: SessionState,
  stored: StoredSession,
): Promise<void> {
  const session = state.session
  await sessionRepository.update(tx, session, stored.version)
  await enqueueEvents(
    tx,
    state.events.map((payload) => ({
      merchantId: session.merchant_id,
      checkoutSessionId: session.id,
      payload,
    })),
    context.clock.realNow(),
  )
  for (const kind of state.cancelJobs) await jobRepository.cancel(tx, session.id, kind, state.now)
  for (const [kind, dueAt] of state.schedule) {
    await jobRepository.schedule(
      tx,
      { merchantId: session.merchant_id, sessionId: session.id, kind, dueAt },
      state.now,
    )
  }
}
