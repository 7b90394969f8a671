import { FilterByMap } from './filter.ts'
import { formatMoney, formatPercent, MESSAGES } from './format.ts'
import {
  type AgentConfiguration,
  type ClientOutcome,
  type ClientSession,
  MAX_SIMULATION_AMOUNT,
  type Offer,
  PAYMENT_METHOD_TYPES,
  type PaymentMethodType,
  type PublicPricing,
  type SimulationResponse,
} from './generated/contract.ts'
import { apiRequest } from './http.ts'
import { currentSettings, storage } from './storage.ts'
import type {
  CheckoutSessionProps,
  LoanConditions,
  Locale,
  PaymentIntentProps,
  PaymentMethodBoundary,
  PaymentMethodConditions,
  PaymentMethodTypeInput,
  SimulatorLoanConditions,
  SimulatorProps,
} from './types.ts'

function paymentMethodType(value: PaymentMethodTypeInput): PaymentMethodType {
  if (!(PAYMENT_METHOD_TYPES as readonly string[]).includes(value)) {
    throw new Error(
      `Unknown payment method type "${String(value)}": use one of ${PAYMENT_METHOD_TYPES.join(', ')}.`,
    )
  }
  return value as PaymentMethodType
}

function cents(amount: number, name = 'amount'): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(
      `${name} must be a positive whole number of cents (10000 is 100,00 €), got ${String(amount)}.`,
    )
  }
  return amount
}

/** An API offer in the library's terms. */
export function loanConditions(offer: Offer): LoanConditions {
  const { conditions } = offer
  return {
    paymentMethodType: offer.payment_method_type as PaymentMethodType,
    pricingId: offer.pricing_id,
    currency: 'EUR',
    term: offer.period,
    principal: conditions.principal,
    instalmentAmount: conditions.user_defined_quota,
    interest: conditions.interest,
    apr: conditions.apr,
    gracePeriod: conditions.grace_period,
    insurance: conditions.insurance,
    totalCostOfCredit: offer.total_cost_of_credit,
    totalPayable: offer.total_payable,
    schedule: offer.schedule.map((row) => ({ ...row })),
  }
}

/** The texts the simulator shows for some conditions. */
export function formatConditions(conditions: LoanConditions, locale: Locale): SimulatorLoanConditions {
  return {
    ...conditions,
    formatted: {
      term: MESSAGES[locale].months(conditions.term),
      instalment: formatMoney(conditions.instalmentAmount, locale),
      apr: formatPercent(conditions.apr, locale),
      interest: formatPercent(conditions.interest, locale),
      totalCostOfCredit: formatMoney(conditions.totalCostOfCredit, locale),
      totalPayable: formatMoney(conditions.totalPayable, locale),
    },
  }
}

async function simulate(amount: number, type?: PaymentMethodType, term?: number): Promise<LoanConditions[]> {
  const { agentId } = currentSettings()
  const response = await apiRequest<SimulationResponse>('/client/simulate', {
    method: 'POST',
    body: {
      agent_id: agentId,
      amount: cents(amount),
      ...(type === undefined ? {} : { payment_method_type: type }),
      ...(term === undefined ? {} : { period: term }),
    },
  })
  return response.offers.map(loanConditions)
}

/** Groups conditions by payment method, in the agent's order. */
function byMethod(amount: number, conditions: LoanConditions[]): PaymentMethodConditions[] {
  const groups = new Map<PaymentMethodType, LoanConditions[]>()
  for (const item of conditions) {
    const group = groups.get(item.paymentMethodType) ?? []
    group.push(item)
    groups.set(item.paymentMethodType, group)
  }
  return [...groups].map(([type, items]) => ({
    paymentMethodType: type,
    amount,
    conditions: items.sort((a, b) => a.term - b.term),
  }))
}

/**
 * The customer's view of an embedded checkout session, read with its client secret
 * (`GET /api/v2/client/embedded`): merchant name, cart lines, total, status, and each payment method with its
 * offers. It shows only what the customer may see; use it to show a summary beside the checkout.
 *
 * @throws PlazoError (status 401, `invalid_token`) for an unknown client secret.
 *
 * @example
 * ```ts
 * const session = await checkoutSession({ clientSecret })
 * console.log(session.status, session.total.amount, session.payment_methods.map((m) => m.type))
 * ```
 */
export async function checkoutSession(props: CheckoutSessionProps): Promise<ClientSession> {
  return apiRequest<ClientSession>('/client/embedded', { headers: { 'x-client-secret': props.clientSecret } })
}

/**
 * Completes an embedded checkout session with a payment method and the customer's details
 * (`POST /api/v2/client/embedded/complete`): the lender decides, the session moves on (confirmed, denied,
 * challenge…) and your `notification_url` is notified. Use it only with your own form;
 * {@link CheckoutSessionComponent} does all this in Plazo's iframe.
 *
 * @returns the outcome: the session status, the payment intent status and the session as the customer sees it.
 * @throws PlazoError (400) naming each invalid customer field in `schemaErrors`.
 *
 * @example
 * ```ts
 * const outcome = await paymentIntent({
 *   clientSecret,
 *   paymentMethodType: PaymentMethodType.BnplInstalments,
 *   term: 3,
 *   customer: { first_name: 'Ana', last_name: 'García', email: 'ana@example.com', phone_number: '+34600000000' },
 * })
 * if (outcome.status === Status.Confirmed) showThanks()
 * ```
 */
export async function paymentIntent(props: PaymentIntentProps): Promise<ClientOutcome> {
  return apiRequest<ClientOutcome>('/client/embedded/complete', {
    method: 'POST',
    headers: { 'x-client-secret': props.clientSecret },
    body: {
      payment_method_type: paymentMethodType(props.paymentMethodType),
      ...(props.term === undefined ? {} : { period: props.term }),
      customer: props.customer,
    },
  })
}

/**
 * What your agent offers (`GET /api/v2/client/agents/{agentId}/configuration`): merchant name, purchase
 * countries, currency, payment method types and their public pricings (never your merchant fee). Fetched once
 * per page and agent, then served from {@link storage}.
 *
 * @throws PlazoError (404, `plazo.agent.not_found`) for an unknown agent id.
 *
 * @example
 * ```ts
 * const { merchant_name, payment_method_types } = await agentConfiguration()
 * ```
 */
export async function agentConfiguration(): Promise<AgentConfiguration> {
  const { agentId } = currentSettings()
  let configuration = storage.configurations.get(agentId)
  if (!configuration) {
    configuration = apiRequest<AgentConfiguration>(
      `/client/agents/${encodeURIComponent(agentId)}/configuration`,
    )
    // A failed request is not cached: the next call tries again.
    configuration.catch(() => storage.configurations.delete(agentId))
    storage.configurations.set(agentId, configuration)
  }
  return configuration
}

/**
 * The public pricings of your agent (`GET /api/v2/client/agents/{agentId}/pricings`): per payment method type,
 * the terms offered, the nominal interest, grace period, setup fee and insurance.
 *
 * @example
 * ```ts
 * const pricings = await agentPricings()
 * const bnpl = pricings.find((p) => p.payment_method_type === 'bnpl_instalments')
 * console.log(bnpl?.periods) // [3, 6, 9, 12]
 * ```
 */
export async function agentPricings(): Promise<PublicPricing[]> {
  const { agentId } = currentSettings()
  return apiRequest<PublicPricing[]>(`/client/agents/${encodeURIComponent(agentId)}/pricings`)
}

/**
 * The amounts and terms one payment method of your agent accepts, from its pricing: the terms offered, and
 * the amounts the API can price (at least one cent per instalment of the shortest term, at most the
 * simulation limit). Your own limits go in a {@link FilterByMap}.
 *
 * @throws Error when the agent does not offer that payment method.
 *
 * @example
 * ```ts
 * const { terms, minTerm, maxTerm } = await paymentMethodBoundary('consumer_loan_instalments')
 * // terms: [18, 24, 30, 36, 42, 48]
 * ```
 */
export async function paymentMethodBoundary(type: PaymentMethodTypeInput): Promise<PaymentMethodBoundary> {
  const wanted = paymentMethodType(type)
  const { pricings } = await agentConfiguration()
  const terms = [
    ...new Set(pricings.filter((p) => p.payment_method_type === wanted).flatMap((p) => p.periods)),
  ].sort((a, b) => a - b)
  const minTerm = terms[0]
  const maxTerm = terms[terms.length - 1]
  if (minTerm === undefined || maxTerm === undefined) {
    throw new Error(`Your agent does not offer ${wanted}.`)
  }
  return {
    paymentMethodType: wanted,
    minAmount: minTerm,
    maxAmount: MAX_SIMULATION_AMOUNT,
    minTerm,
    maxTerm,
    terms,
  }
}

/**
 * The loan conditions of one payment method for an amount: every term it offers, or only `term`
 * (`POST /api/v2/client/simulate`). These are the conditions the payment intent will have.
 *
 * @param type the payment method type.
 * @param amount purchase amount in cents.
 * @param term only this term (months); a term the method does not offer rejects with a 400 `PlazoError`.
 *
 * @example
 * ```ts
 * const { conditions } = await paymentMethodConditions('bnpl_instalments', 10000)
 * conditions[0] // { term: 3, instalmentAmount: 3333, apr: 0, totalPayable: 10000, … }
 * ```
 */
export async function paymentMethodConditions(
  type: PaymentMethodTypeInput,
  amount: number,
  term?: number,
): Promise<PaymentMethodConditions> {
  const wanted = paymentMethodType(type)
  const conditions = await simulate(amount, wanted, term)
  return { paymentMethodType: wanted, amount, conditions: conditions.sort((a, b) => a.term - b.term) }
}

/**
 * Simulates the financing of an amount (`POST /api/v2/client/simulate`): the conditions of every financed
 * payment method and term of your agent, or of the method and term asked, each with its texts formatted for
 * the locale — what {@link SimulatorComponent} shows, for your own layout.
 *
 * @example
 * ```ts
 * const options = await simulator({ amount: 150000, paymentMethodType: 'consumer_loan_instalments', locale: 'es' })
 * for (const o of options) console.log(`${o.formatted.term}: ${o.formatted.instalment} (TAE ${o.formatted.apr})`)
 * ```
 */
export async function simulator(props: SimulatorProps): Promise<SimulatorLoanConditions[]> {
  const locale = props.locale ?? currentSettings().locale
  const type = props.paymentMethodType === undefined ? undefined : paymentMethodType(props.paymentMethodType)
  const conditions = await simulate(props.amount, type, props.term)
  return conditions.map((item) => formatConditions(item, locale))
}

function filters(filterBy: FilterByMap | undefined): FilterByMap {
  return filterBy ?? new FilterByMap()
}

/**
 * The payment methods of your agent that can finance `amount` and pass your filters, in the agent's order.
 * Use it to decide which payment options to show next to a price.
 *
 * @param amount purchase amount in cents.
 * @param filterBy your own rules (types, term, maximum instalment, interest-free only).
 *
 * @example
 * ```ts
 * const types = await availablePaymentMethods(45000, new FilterByMap().set('maxInstalment', 10000))
 * // e.g. ['bnpl_instalments', 'bnpl_split_pay', 'consumer_loan_instalments', …]
 * ```
 */
export async function availablePaymentMethods(
  amount: number,
  filterBy?: FilterByMap,
): Promise<PaymentMethodType[]> {
  return (await allAvailablePaymentMethods(amount, filterBy)).map((method) => method.paymentMethodType)
}

/**
 * Like {@link availablePaymentMethods}, with all the details: each available payment method with the
 * conditions of every term that passes your filters (one request for all of them).
 *
 * @param amount purchase amount in cents.
 * @param filterBy your own rules; without it, every term of every method that can finance the amount.
 *
 * @example
 * ```ts
 * const methods = await allAvailablePaymentMethods(45000, new FilterByMap({ interestFree: true }))
 * for (const m of methods) console.log(m.paymentMethodType, m.conditions.map((c) => c.term))
 * ```
 */
export async function allAvailablePaymentMethods(
  amount: number,
  filterBy?: FilterByMap,
): Promise<PaymentMethodConditions[]> {
  const map = filters(filterBy)
  const conditions = await simulate(amount)
  return byMethod(
    amount,
    conditions.filter((item) => map.matches(item)),
  ).filter((method) => method.conditions.length > 0)
}
