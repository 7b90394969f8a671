import {
  type CheckoutSession,
  type ClientOutcomeSchema,
  type ClientSessionSchema,
  CUSTOMER_REQUIREMENTS,
  LENDER,
  type Static,
} from '@plazo/contract'
import { maxGracePeriodOf, offersFor, pricingFor } from '../checkout/conditions.ts'
import { expiryOf, hppUrls } from '../checkout/session-service.ts'

export type ClientSession = Static<typeof ClientSessionSchema>
export type ClientOutcome = Static<typeof ClientOutcomeSchema>

/**
 * `url` with `order_reference` and `checkout_session_id` appended to its query (spec §2), and
 * `checkout_session_status` when given. The merchant's own query is kept byte for byte (re-serialising it
 * through URLSearchParams would turn `%20` into `+` and `?flag` into `?flag=`), and a fragment stays last,
 * where browsers expect it.
 */
export function withOrderParams(
  url: string,
  orderReference: string,
  checkoutSessionId: string,
  checkoutSessionStatus?: string,
): string {
  const hashAt = url.indexOf('#')
  const base = hashAt < 0 ? url : url.slice(0, hashAt)
  const fragment = hashAt < 0 ? '' : url.slice(hashAt)
  let params = `order_reference=${encodeURIComponent(orderReference)}&checkout_session_id=${encodeURIComponent(checkoutSessionId)}`
  if (checkoutSessionStatus) params += `&checkout_session_status=${encodeURIComponent(checkoutSessionStatus)}`
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&'
  return `${base}${separator}${params}${fragment}`
}

/** What the view needs besides the session: rows the session document does not hold, and what was asked. */
export interface ViewContext {
  publicUrl: string
  merchantName: string
  /** The hosted page id of the down-payment session, when there is one. */
  downPaymentHppId: string | null
  /** Months of grace to price the offers with (`?grace_period`), each method's maximum at most; default 0. */
  gracePeriod?: number
}

/**
 * The statuses that end a session without payment. `cancel_url` tells which one sent the customer there
 * (`checkout_session_status`), so the shop can say "not approved" rather than "you cancelled". Display only:
 * the customer can edit a URL, so the shop decides on the order from the API, never from it.
 */
const ENDED_UNPAID = new Set<string>(['denied', 'desisted', 'cancelled', 'expired'])

export function successUrl(session: CheckoutSession): string | null {
  const url = session.hpp?.merchant_urls?.success_url
  return url ? withOrderParams(url, session.merchant.order_reference_1, session.id) : null
}

/** `endedAs`: the status to tell, when not the session's own (a down payment given up or denied). */
export function cancelUrl(session: CheckoutSession, endedAs: string = session.status): string | null {
  const url = session.hpp?.merchant_urls?.cancel_url
  if (!url) return null
  const ended = ENDED_UNPAID.has(endedAs) ? endedAs : undefined
  return withOrderParams(url, session.merchant.order_reference_1, session.id, ended)
}

/** What the customer is asked to pay in instalments: the cart, less a down payment when there is one. */
export function financedAmount(session: CheckoutSession): number {
  return session.total_price.amount - (session.down_payment?.amount.amount ?? 0)
}

function selectedIntent(session: CheckoutSession) {
  const id = session.selected_payment_method_id
  return id ? (session.payment_intents.find((intent) => intent.payment_method_id === id) ?? null) : null
}

/** Paid, or approved and waiting for the merchant's confirmation (delegated mode): the customer is done. */
export function succeeded(session: CheckoutSession): boolean {
  if (session.status === 'confirmed') return true
  const status = selectedIntent(session)?.status
  return session.status === 'initial' && (status === 'approved' || status === 'confirmed')
}

/** The customer gave up, or every method was denied: back to the shop's cancel page. */
export function abandoned(session: CheckoutSession): boolean {
  return session.status === 'desisted' || session.status === 'denied'
}

/**
 * Nothing is left for the customer to fill in: paid, approved for the merchant to confirm, given up, denied,
 * cancelled or expired. Only `initial` (choosing, or after a denied method) and `challenge` (a down payment
 * due) still need the customer's details.
 */
export function customerDone(session: CheckoutSession): boolean {
  if (session.status === 'initial') return succeeded(session)
  return session.status !== 'challenge'
}

/** The checkout session as the customer may see it: no merchant data beyond its name, no notification settings. */
export function clientView(session: CheckoutSession, context: ViewContext): ClientSession {
  const principal = financedAmount(session)
  const customer = session.customer
  const dp = session.down_payment
  return {
    checkout_session_id: session.id,
    mode: session.mode,
    status: session.status,
    hpp_status: session.hpp?.status ?? null,
    purchase_country: session.purchase_country,
    merchant_name: context.merchantName,
    lender: { ...LENDER },
    page_title: session.hpp?.customization?.page_title ?? null,
    logo_url: session.hpp?.customization?.logo_url ?? null,
    customization: session.options.customization,
    total: session.total_price,
    lines: session.cart.order_lines.map((line) => ({
      name: line.article.name,
      units: line.units,
      total: line.total_price_with_tax,
      image_url: line.article.image_url ?? null,
    })),
    // Once the customer is done, the link (kept in browser history, forwarded by SMS or e-mail) no longer
    // shows who they are: the page needs the details only to prefill the form.
    customer:
      customer && !customerDone(session)
        ? {
            first_name: customer.full_name.first_name,
            last_name: customer.full_name.last_name,
            email: customer.email,
            phone_number: customer.phone_number,
            document_number: customer.document_number,
          }
        : null,
    payment_methods: session.payment_methods.map((method, index) => {
      const maxGrace = maxGracePeriodOf(method, pricingFor(method, index))
      return {
        type: method.type,
        customer_details: CUSTOMER_REQUIREMENTS[method.type],
        offers: offersFor(method, index, principal, Math.min(context.gracePeriod ?? 0, maxGrace)),
        max_grace_period: maxGrace,
        status:
          session.payment_intents.find((intent) => intent.payment_method_type === method.type)?.status ??
          'initial',
      }
    }),
    selected_payment_method_type: session.selected_payment_method_type,
    down_payment:
      dp && dp.amount.amount > 0
        ? {
            amount: dp.amount,
            paid: dp.paid === true,
            checkout_session_id: session.downpayment_checkout_session_id,
            redirect_url: context.downPaymentHppId
              ? hppUrls(context.publicUrl, context.downPaymentHppId).redirect_url
              : null,
          }
        : null,
    expires_at: expiryOf(session)?.toISOString() ?? null,
    success_url: successUrl(session),
    cancel_url: cancelUrl(session),
  }
}
