import type { CheckoutSessionRequest, ReadPaymentMethod, SchemaError } from '@plazo/contract'
import { ApiError, invalidFields } from '../../errors.ts'
import { graceRefusal, maxGracePeriodOf, periodsOf, pricingFor } from './conditions.ts'
import { offeredPaymentMethods } from './session-document.ts'

/**
 * The terms a payment method of the request offers (its own `options.periods`, else its pricing's); none for
 * a card or account-to-account payment. Undefined when its pricing is unknown, a 400 of its own.
 */
function termsOffered(method: ReadPaymentMethod, index: number): number[] | undefined {
  try {
    const pricing = pricingFor(method, index)
    return pricing ? periodsOf(method, pricing) : []
  } catch {
    return undefined
  }
}

/**
 * Why a method of the request cannot take this grace period, as a schema error naming `field`; undefined when
 * it can, or when its pricing is unknown (a 400 of its own).
 */
function graceRefused(field: string, method: ReadPaymentMethod, index: number, gracePeriod: number) {
  let pricing: ReturnType<typeof pricingFor>
  try {
    pricing = pricingFor(method, index)
  } catch {
    return undefined
  }
  return graceRefusal(field, method.type, maxGracePeriodOf(method, pricing), gracePeriod)
}

/**
 * Rules of a session request that JSON Schema cannot express (spec §5). Field rules answer 400 with
 * `schema_errors` naming each field; the cart total answers 409 with the exact message of spec §8.
 */
export function checkSessionRequest(request: CheckoutSessionRequest, now: Date): void {
  const errors: SchemaError[] = []
  const field = (path: string, message: string) => errors.push({ field: path, message, keyword: 'rule' })

  // JSON Schema's `integer` takes 1e308; amounts past 2^53 are not exact in JavaScript, so adding them up could
  // make a wrong total look right.
  const amount = (path: string, value: number | undefined) => {
    if (value !== undefined && !Number.isSafeInteger(value)) {
      field(path, `must be between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`)
    }
  }
  amount('/cart/total_price_with_tax', request.cart.total_price_with_tax)
  amount('/down_payment/amount', request.down_payment?.amount)

  request.cart.items.forEach((item, i) => {
    const article = item.article
    const at = `/cart/items/${i}/article`
    amount(`/cart/items/${i}/total_price_with_tax`, item.total_price_with_tax)
    amount(`/cart/items/${i}/total_discount`, item.total_discount)
    amount(`${at}/unit_price_with_tax`, article.unit_price_with_tax)
    if (
      article.type === 'service' &&
      article.start_date !== undefined &&
      article.end_date <= article.start_date
    ) {
      field(`${at}/end_date`, 'must be later than start_date')
    }
    if (article.type === 'travel' && article.end_date < article.start_date) {
      field(`${at}/end_date`, 'must not be before start_date')
    }
    if (article.type === 'accommodation' && article.checkout_date <= article.checkin_date) {
      field(`${at}/checkout_date`, 'must be later than checkin_date')
    }
  })

  const types = (request.payment_methods ?? []).map((m) => m.type)
  types.forEach((type, i) => {
    if (types.indexOf(type) !== i) field(`/payment_methods/${i}/type`, `${type} is offered twice`)
  })

  const processed = request.processed_payment_method
  const offered = offeredPaymentMethods(request)
  const chosen = processed ? offered.findIndex((m) => m.type === processed.type) : -1
  if (processed && chosen < 0) {
    field('/processed_payment_method/type', 'must be one of the payment_methods offered')
  }
  if (processed?.period !== undefined && chosen >= 0) {
    const terms = termsOffered(offered[chosen] as ReadPaymentMethod, chosen)
    if (terms !== undefined && !terms.includes(processed.period)) {
      field(
        '/processed_payment_method/period',
        terms.length
          ? `must be a term the ${processed.type} payment method offers: ${terms.join(', ')}`
          : `must be left out: the ${processed.type} payment method has no terms`,
      )
    }
  }
  if (processed?.grace_period !== undefined && chosen >= 0) {
    const refusal = graceRefused(
      '/processed_payment_method/grace_period',
      offered[chosen] as ReadPaymentMethod,
      chosen,
      processed.grace_period,
    )
    if (refusal) errors.push(refusal)
  }

  for (const [path, value] of [
    ['/expires_at', request.expires_at],
    ['/ui/hpp/expires_at', request.ui?.mode === 'hpp' ? request.ui.hpp?.expires_at : undefined],
    ['/merchant/invitation_expires_on_date', request.merchant.invitation_expires_on_date],
  ] as const) {
    if (value !== undefined && Date.parse(value) <= now.getTime()) field(path, 'must be in the future')
  }

  const downPayment = request.down_payment?.amount ?? 0
  if (downPayment >= request.cart.total_price_with_tax && downPayment > 0) {
    field('/down_payment/amount', 'must be less than the cart total')
  }

  if (errors.length > 0) throw invalidFields(errors, undefined)

  // Exact even when the lines add up past 2^53 (each line is a safe integer, their sum need not be).
  const sum = request.cart.items.reduce((total, item) => total + BigInt(item.total_price_with_tax), 0n)
  if (sum !== BigInt(request.cart.total_price_with_tax)) {
    throw new ApiError('CART_TOTAL_MISMATCH', { total: request.cart.total_price_with_tax, sum: String(sum) })
  }
}
