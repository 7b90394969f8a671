// Request bodies for the SDK's tests, from the contract's own examples (typed as the SDK's generated types).
import { examples } from '@plazo/contract'
import type {
  EmbeddedCheckoutSessionRequest,
  HppCheckoutSessionRequest,
  PaymentIntentRequest,
} from '@plazo/node'

type CheckoutMode = 'auto_capture' | 'auto_confirm' | 'delegated'

interface Options {
  checkoutMode?: CheckoutMode
  /** The customer's e-mail: `+reject` makes the sandbox lender reject transactional captures and refunds. */
  email?: string
  notificationUrl?: string
}

function reference(): string {
  return `ORDER-${Math.random().toString(36).slice(2, 10).toUpperCase()}`
}

export function embeddedRequest(options: Options = {}): EmbeddedCheckoutSessionRequest {
  const request = structuredClone(
    examples.embeddedRequestExample('product'),
  ) as unknown as EmbeddedCheckoutSessionRequest
  request.merchant = {
    ...request.merchant,
    order_reference_1: reference(),
    checkout_mode: options.checkoutMode ?? 'auto_capture',
  }
  // The example points at a public shop URL: tests only ever talk to loopback receivers.
  delete request.merchant.notification_url
  if (options.notificationUrl !== undefined) request.merchant.notification_url = options.notificationUrl
  if (options.email !== undefined && request.customer) request.customer.email = options.email
  return request
}

export function hppRequest(options: Options = {}): HppCheckoutSessionRequest {
  const request = structuredClone(
    examples.hppRequestExample('product'),
  ) as unknown as HppCheckoutSessionRequest
  request.merchant = {
    ...request.merchant,
    order_reference_1: reference(),
    checkout_mode: options.checkoutMode ?? 'auto_capture',
  }
  delete request.merchant.notification_url
  return request
}

export function paymentIntentRequest(): PaymentIntentRequest {
  const request = structuredClone(examples.PAYMENT_INTENT_REQUEST_EXAMPLE) as unknown as PaymentIntentRequest
  request.merchant = { ...request.merchant, order_reference_1: reference() }
  delete request.merchant.notification_url
  return request
}
