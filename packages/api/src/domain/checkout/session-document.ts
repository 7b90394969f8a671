import { randomUUID } from 'node:crypto'
import {
  type CheckoutSession,
  type CheckoutSessionRequest,
  type FullCustomer,
  LoanPaymentMethodType,
  type OrderLine,
  type PaymentIntent,
  type PaymentMethod,
} from '@plazo/contract'
import { buildPaymentIntent } from './conditions.ts'

/** Who creates the session and where it is created (resolved by the service before building). */
export interface SessionContext {
  id: string
  now: Date
  userId: string
  merchantId: string
  agentId: string
  defaultCountry: 'ESP' | 'FRA'
  hppId: string | null
  defaultExpiresAt: Date
}

type Request = CheckoutSessionRequest & { customer?: CheckoutSessionRequest['customer'] | FullCustomer }

const money = (amount: number) => ({ amount, currency: 'EUR' as const })
const iso = (date: Date) => date.toISOString()

/** Order lines of the read shape: each line gets its own UUID; `unit_price_with_tax` becomes `price`. */
export function orderLines(request: Request): OrderLine[] {
  return request.cart.items.map((item) => {
    const { unit_price_with_tax, ...article } = item.article
    return {
      id: randomUUID(),
      article: { ...article, price: money(unit_price_with_tax) },
      units: item.units,
      total_discount: money(item.total_discount ?? 0),
      total_price_with_tax: money(item.total_price_with_tax),
      captured: false,
      refunded: false,
    }
  })
}

/**
 * Payment methods offered: as requested, or else every method the agent has a pricing for. Auto loans are
 * only offered by default for carts that contain a vehicle.
 */
export function offeredPaymentMethods(request: Request): PaymentMethod[] {
  if (request.payment_methods) return request.payment_methods
  const hasVehicle = request.cart.items.some((item) => item.article.type === 'automobile')
  const types = [...LoanPaymentMethodType.values, ...(hasVehicle ? (['auto_loan'] as const) : [])]
  return types.map((type) => ({ type }) as PaymentMethod)
}

function readCustomer(customer: Request['customer']): CheckoutSession['customer'] {
  if (!customer) return null
  return {
    full_name: { first_name: customer.first_name, last_name: customer.last_name },
    email: customer.email ?? null,
    phone_number: customer.phone_number ?? null,
    document_number: customer.document_number ?? null,
  }
}

function readShipping(shipping: Request['shipping']): CheckoutSession['shipping'] {
  if (!shipping) return null
  return {
    name: shipping.name,
    method: shipping.method ?? null,
    business_name: shipping.company ?? null,
    customer: {
      name: { first: shipping.first_name, last: shipping.last_name },
      email: shipping.email ?? null,
      phone: shipping.phone_number ?? null,
    },
    address: shipping.address,
  }
}

function readBilling(billing: Request['billing']): CheckoutSession['billing'] {
  if (!billing) return null
  return {
    business_name: billing.company ?? null,
    corporate_id_number: billing.corporate_id_number ?? null,
    customer: {
      name: { first: billing.first_name, last: billing.last_name },
      email: billing.email ?? null,
      phone: billing.phone_number ?? null,
    },
    address: billing.address,
  }
}

/** When the session expires: the earlier of the request's `expires_at` and the hosted page's, or the default window. */
export function expiresAt(request: Request, fallback: Date): string {
  const hpp = request.ui?.mode === 'hpp' ? request.ui.hpp?.expires_at : undefined
  // Both given: the earlier wins, as the guides say.
  const given = [request.expires_at, hpp].filter((value): value is string => value !== undefined)
  if (given.length === 0) return iso(fallback)
  return given.reduce((earliest, value) => (Date.parse(value) < Date.parse(earliest) ? value : earliest))
}

/**
 * The parts of the read shape that come from the request (used by create and by update). `intents: false`
 * leaves the payment intents out (an update that keeps the session's own).
 */
export function requestParts(request: Request, context: SessionContext, options: { intents?: boolean } = {}) {
  const methods = offeredPaymentMethods(request)
  const downPaymentAmount = request.down_payment?.amount ?? 0
  const intents: PaymentIntent[] =
    options.intents === false
      ? []
      : methods.map((method, index) =>
          buildPaymentIntent(
            method,
            index,
            request.cart.total_price_with_tax - downPaymentAmount,
            context.now,
          ),
        )
  const merchant = request.merchant
  return {
    merchant: {
      order_reference_1: merchant.order_reference_1,
      order_reference_2: merchant.order_reference_2 ?? null,
      store_reference: merchant.store_reference ?? null,
      seller_reference: merchant.seller_reference ?? null,
      checkout_mode: merchant.checkout_mode ?? 'auto_capture',
      notification_url: merchant.notification_url ?? null,
      max_interval_in_minutes_for_confirm: merchant.max_interval_in_minutes_for_confirm ?? null,
      max_interval_in_minutes_for_capture: merchant.max_interval_in_minutes_for_capture ?? null,
      invitation_expires_on_date: merchant.invitation_expires_on_date ?? null,
    },
    total_price: money(request.cart.total_price_with_tax),
    purchase_country: request.purchase_country ?? context.defaultCountry,
    down_payment: request.down_payment
      ? {
          down_payment_collection: request.down_payment.down_payment_collection,
          payment_methods: request.down_payment.payment_methods ?? ['card_payment', 'a2a_payment'],
          amount: money(downPaymentAmount),
          paid: false,
        }
      : null,
    payment_methods: methods,
    cart: {
      reference: request.cart.reference ?? null,
      total_price_with_tax: money(request.cart.total_price_with_tax),
      order_lines: orderLines(request),
      merchant_order_reference_1: merchant.order_reference_1,
      merchant_order_reference_2: merchant.order_reference_2 ?? null,
    },
    options: {
      expires_at: expiresAt(request, context.defaultExpiresAt),
      customization: request.ui?.customization ?? null,
    },
    customer: readCustomer(request.customer),
    payment_intents: intents,
    shipping: readShipping(request.shipping),
    billing: readBilling(request.billing),
  } satisfies Partial<CheckoutSession>
}

/** The full read shape of a new session (spec §3). */
export function newSessionDocument(request: Request, context: SessionContext): CheckoutSession {
  const parts = requestParts(request, context)
  const now = iso(context.now)
  const hppOptions = request.ui?.mode === 'hpp' ? request.ui.hpp : undefined
  return {
    id: context.id,
    created_at: now,
    updated_at: now,
    status: 'initial',
    mode: request.ui?.mode ?? 'embedded',
    user_id: context.userId,
    agent_id: context.agentId,
    merchant_id: context.merchantId,
    ...parts,
    downpayment_checkout_session_id: null,
    selected_payment_method_type: null,
    selected_payment_method_id: null,
    hpp: context.hppId
      ? {
          id: context.hppId,
          created_at: now,
          updated_at: now,
          checkout_session_id: context.id,
          status: 'initial',
          expires_at: parts.options.expires_at,
          merchant_urls: hppOptions?.merchant_urls ?? null,
          customization: hppOptions?.customization ?? null,
        }
      : null,
    captured_amount: money(0),
    refunded_amount: money(0),
    captures: [],
    refunds: [],
  }
}
