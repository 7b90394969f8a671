import type { CaptureRequest, Operation } from '@plazo/contract'
import { ApiError } from '../../../errors.ts'
import type { Principal } from '../../auth/index.ts'
import { lenderProfile } from '../../lender/sandbox-lender.ts'
import { money, type SessionState } from '../session-state.ts'
import { newOperation, settleOrWait, sum } from './operations.ts'
import { change, type LifecycleContext } from './session-change.ts'

/** Capture (spec §4): only a confirmed order, once, and never a transactional one the lender rejects. */
export async function capture(
  context: LifecycleContext,
  principal: Principal,
  id: string,
  body: CaptureRequest,
): Promise<Operation> {
  const { result } = await change(context, principal.merchantId, id, (state) => {
    if (state.session.status !== 'confirmed') {
      throw new ApiError('INVALID_TRANSITION', {
        detail: `The checkout session is ${state.session.status}: it must be confirmed before capture.`,
      })
    }
    const taken = capturedOrPending(state)
    const lines = state.session.cart.order_lines
    if (lines.every((line) => taken.has(line.id))) {
      throw new ApiError('ALREADY_CAPTURED', { id: lines.find((line) => taken.has(line.id))?.id ?? '' })
    }
    if (body.transactional && lenderProfile(state.session.customer?.email).rejectsTransactional) {
      throw new ApiError('LENDER_REJECTED', { operation: 'capture' })
    }
    return captureAll(state, body.description ?? null, body.transactional ?? false)
  })
  return result
}

/**
 * Captures every line not captured yet. The down payment the customer paid was captured on its own session
 * (an order of its own for payouts), so the order's capture is the rest: the lines' total less that amount.
 * A transactional capture, or one in auto_capture mode, gets the lender's verdict at once; otherwise an
 * asynchronous lender answers later (operation_decision).
 */
export function captureAll(
  state: SessionState,
  description: string | null,
  transactional: boolean,
): Operation {
  const taken = capturedOrPending(state)
  const lines = state.session.cart.order_lines.filter((line) => !taken.has(line.id))
  const profile = lenderProfile(state.session.customer?.email)
  const paidDownPayment =
    state.downPaymentPaid() && state.session.captures.length === 0 ? state.downPaymentAmount() : 0
  const amount = sum(lines.map((line) => line.total_price_with_tax.amount)) - paidDownPayment
  const asynchronous =
    profile.asynchronous && !transactional && state.session.merchant.checkout_mode !== 'auto_capture'
  const operation = newOperation(state, lines, amount, description, transactional, asynchronous)
  state.session.captures.push(operation)
  state.cancelJob('capture_deadline')
  // A line is `captured` once its capture counts (approved), as the refund rule reads it; until then an
  // asynchronous capture holds it in its `item_ids`, `pending`.
  settleOrWait(state, operation, () => {
    for (const line of lines) line.captured = true
    state.session.captured_amount = money(state.session.captured_amount.amount + amount)
    state.emitCapture(description, amount, lines)
  })
  return operation
}

/** The lines captured, or held by a capture still waiting for the lender (`pending`). */
function capturedOrPending(state: SessionState): Set<string> {
  const pending = state.session.captures.filter((c) => c.status === 'pending').flatMap((c) => c.item_ids)
  const captured = state.session.cart.order_lines.filter((line) => line.captured).map((line) => line.id)
  return new Set([...pending, ...captured])
}
