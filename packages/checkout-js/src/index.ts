/**
 * checkout-js: the Plazo browser library. Configure it with {@link init}, show financing next to prices with
 * {@link BnplComponent} and {@link SimulatorComponent}, and take payments with {@link CheckoutSessionComponent}
 * (the embedded checkout, in an iframe). It has no dependencies and no framework: use it from any page, as an
 * ES module (`import … from '@plazo/checkout-js'`) or with a script tag (`<script src="<api>/checkout.js">`,
 * which defines `window.PlazoCheckout`). Amounts are in cents, like the API.
 *
 * @packageDocumentation
 */
export {
  agentConfiguration,
  agentPricings,
  allAvailablePaymentMethods,
  availablePaymentMethods,
  checkoutSession,
  paymentIntent,
  paymentMethodBoundary,
  paymentMethodConditions,
  simulator,
} from './api.ts'
export { BnplComponent } from './components/bnpl.ts'
export { CheckoutSessionComponent } from './components/checkout-session.ts'
export { SimulatorComponent } from './components/simulator.ts'
export { SinglePaymentComponent } from './components/single-payment.ts'
export { documentation } from './documentation.ts'
export { PlazoError } from './errors.ts'
export { type FilterBy, FilterByMap } from './filter.ts'
export { PaymentMethodType, Status } from './generated/contract.ts'
export { init } from './init.ts'
export { storage } from './storage.ts'
export type {
  BnplComponentProps,
  CheckoutSessionComponentProps,
  CheckoutSessionProps,
  DocumentationComponentProps,
  LoanConditions,
  MountElement,
  PaymentIntentProps,
  PaymentMethodBoundary,
  PaymentMethodConditions,
  SimulatorBoundary,
  SimulatorComponentProps,
  SimulatorLoanConditions,
  SimulatorProps,
  SinglePaymentComponentProps,
} from './types.ts'
