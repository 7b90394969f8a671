import type { ComponentHandle, SinglePaymentComponentProps } from '../types.ts'
import { mountCheckoutFrame } from './frame.ts'

/**
 * Mounts the embedded checkout on one payment method: the one your page already let the customer choose
 * (for example from {@link availablePaymentMethods}). The iframe opens directly on that method's conditions
 * and customer form. Everything else is as in {@link CheckoutSessionComponent}.
 *
 * @example
 * ```ts
 * SinglePaymentComponent({
 *   mountElement: '#pay-in-3',
 *   clientSecret,
 *   paymentMethodType: PaymentMethodType.BnplInstalments,
 *   onComplete: ({ status }) => status === Status.Confirmed && showThanks(),
 * })
 * ```
 */
export function SinglePaymentComponent(
  props: SinglePaymentComponentProps,
): ComponentHandle<SinglePaymentComponentProps> {
  return mountCheckoutFrame(props, (current) => current.paymentMethodType)
}
