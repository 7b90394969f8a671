import type { CheckoutSession, Operation, OrderLine, RefundRequest } from '@plazo/contract'
import { ApiError, invalidFields } from '../../../errors.ts'
import type { Transaction } from '../../../storage/index.ts'
import { sessionRepository } from '../../../storage/session-repository.ts'
import type { Principal } from '../../auth/index.ts'
import { lenderProfile } from '../../lender/sandbox-lender.ts'
import { money, type SessionState } from '../session-state.ts'
import { newOperation, settleOrWait, sum } from './operations.ts'
import { change, type LifecycleContext } from './session-change.ts'

/**
 * Refund (spec §4): by order lines or by amount, of what was captured and not refunded yet (a refund waiting
 * for an asynchronous lender counts as refunded).
 */
export async function refund(
  context: LifecycleContext,
  principal: Principal,
  id: string,
  body: RefundRequest,
): Promise<Operation> {
  const { result } = await change(context, principal.merchantId, id, async (state, { tx, stored }) => {
    if (stored.parentSessionId !== null) await assertDownPaymentRefundable(tx, stored.parentSessionId, state)
    const session = state.session
    const approvedCaptures = session.captures.filter((c) => c.status === 'approved')
    const capturedIds = new Set(approvedCaptures.flatMap((c) => c.item_ids))
    let lines: OrderLine[] = []
    let amount: number
    if (body.refunded_item_ids) {
      const errors = body.refunded_item_ids.flatMap((itemId, i) =>
        session.cart.order_lines.some((line) => line.id === itemId)
          ? []
          : [
              {
                field: `/refunded_item_ids/${i}`,
                message: 'is not an order line of this session',
                keyword: 'rule',
              },
            ],
      )
      if (errors.length) throw invalidFields(errors, undefined)
      lines = body.refunded_item_ids.map(
        (itemId) => session.cart.order_lines.find((l) => l.id === itemId) as OrderLine,
      )
      for (const line of lines) {
        if (!capturedIds.has(line.id)) throw new ApiError('NOT_CAPTURED', { id: line.id })
        if (line.refunded) throw new ApiError('ALREADY_REFUNDED', { id: line.id })
      }
      amount = sum(lines.map((line) => line.total_price_with_tax.amount))
      if (amount <= 0) {
        throw invalidFields(
          [{ field: '/refunded_item_ids', message: 'must add up to a positive amount', keyword: 'rule' }],
          undefined,
        )
      }
    } else {
      // By item, the line that was not captured is named (409 not captured); by amount, there is no line.
      if (approvedCaptures.length === 0) {
        throw new ApiError('INVALID_TRANSITION', {
          detail: 'Nothing has been captured yet: a refund requires a prior capture.',
        })
      }
      amount = body.refunded_amount ?? 0
    }
    const available = refundable(session)
    if (amount > available) throw new ApiError('REFUND_EXCEEDS_CAPTURED', { amount, available })
    const profile = lenderProfile(session.customer?.email)
    if (body.transactional && profile.rejectsTransactional) {
      throw new ApiError('LENDER_REJECTED', { operation: 'refund' })
    }
    return recordRefund(state, lines, amount, body.description ?? null, body.transactional ?? false)
  })
  return result
}

/** What can still be refunded: the captured total less the refunds not rejected (pending ones included). */
export function refundable(session: CheckoutSession): number {
  return session.captured_amount.amount - refunded(session)
}

/** The refunds not rejected, pending ones included. */
export function refunded(session: CheckoutSession): number {
  return sum(session.refunds.filter((r) => r.status !== 'rejected').map((r) => r.amount.amount))
}

/**
 * A down payment is refunded on its own session once its order no longer counts on it: the order is captured
 * (its capture is the cart less the down payment) or ended. Before that, refunding it would leave the order
 * short of what the customer pays.
 */
async function assertDownPaymentRefundable(
  tx: Transaction,
  parentId: string,
  state: SessionState,
): Promise<void> {
  const order = await sessionRepository.find(tx, state.session.merchant_id, parentId)
  if (!order) return
  const open = ['initial', 'challenge', 'confirmed'].includes(order.document.status)
  if (open && order.document.captures.length === 0) {
    throw new ApiError('INVALID_TRANSITION', {
      detail: `The checkout session collects the down payment of order ${parentId}, which is not captured: the order counts on it. Cancel the order to refund its down payment, or refund it once the order is captured.`,
    })
  }
}

/** Records a refund the checks allowed; a transactional one gets the lender's verdict at once. */
export function recordRefund(
  state: SessionState,
  lines: OrderLine[],
  amount: number,
  description: string | null,
  transactional: boolean,
): Operation {
  const session = state.session
  const asynchronous = lenderProfile(session.customer?.email).asynchronous && !transactional
  const operation = newOperation(state, lines, amount, description, transactional, asynchronous)
  for (const line of lines) line.refunded = true
  session.refunds.push(operation)
  settleOrWait(state, operation, () => {
    session.refunded_amount = money(session.refunded_amount.amount + amount)
    state.emitRefund(description, amount, lines)
  })
  return operation
}
