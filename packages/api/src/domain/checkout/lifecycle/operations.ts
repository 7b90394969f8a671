import { randomUUID } from 'node:crypto'
import type { Operation, OrderLine } from '@plazo/contract'
import { ASYNC_DECISION_MINUTES } from '../../lender/sandbox-lender.ts'
import { money, type SessionState } from '../session-state.ts'

/**
 * What captures and refunds share: the operation recorded on the session and, with an asynchronous lender, the
 * wait for its verdict: the operation stays `pending` until the operation_decision timer, which decides every
 * pending operation of the session at once.
 */

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** A capture or refund of `lines` (none for a refund by amount); an asynchronous one waits `pending`. */
export function newOperation(
  state: SessionState,
  lines: OrderLine[],
  amount: number,
  description: string | null,
  transactional: boolean,
  asynchronous: boolean,
): Operation {
  return {
    id: randomUUID(),
    created_at: state.now.toISOString(),
    status: asynchronous ? 'pending' : 'approved',
    description,
    amount: money(amount),
    item_ids: lines.map((line) => line.id),
    transactional,
  }
}

/**
 * An approved operation takes effect now; a pending one waits for the operation_decision timer. A timer already
 * running for an earlier one is kept: a second operation must not push the first one's decision back.
 */
export function settleOrWait(state: SessionState, operation: Operation, settle: () => void): void {
  if (operation.status === 'approved') {
    settle()
    return
  }
  const others = [...state.session.captures, ...state.session.refunds].filter(
    (other) => other !== operation && other.status === 'pending',
  )
  if (others.length === 0) {
    state.scheduleJob('operation_decision', state.minutesFromNow(ASYNC_DECISION_MINUTES))
  }
}

/** The operation_decision timer: the lender approves every pending capture and refund, with their events. */
export function approvePendingOperations(state: SessionState): void {
  const session = state.session
  for (const capture of session.captures.filter((c) => c.status === 'pending')) {
    capture.status = 'approved'
    session.captured_amount = money(session.captured_amount.amount + capture.amount.amount)
    const lines = session.cart.order_lines.filter((l) => capture.item_ids.includes(l.id))
    for (const line of lines) line.captured = true
    state.emitCapture(capture.description, capture.amount.amount, lines)
  }
  for (const refund of session.refunds.filter((r) => r.status === 'pending')) {
    refund.status = 'approved'
    session.refunded_amount = money(session.refunded_amount.amount + refund.amount.amount)
    const lines = session.cart.order_lines.filter((l) => refund.item_ids.includes(l.id))
    state.emitRefund(refund.description, refund.amount.amount, lines)
  }
}
