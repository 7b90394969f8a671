import type { PlazoError } from './errors.ts'
import type { PaymentMethodType, Status } from './generated/contract.ts'

/**
 * A language of the texts checkout-js shows: Spanish, French or English.
 * @inline
 */
export type Locale = 'es' | 'fr' | 'en'

/**
 * A payment method type: an enum member or its string value (`'bnpl_instalments'`).
 * @inline
 */
export type PaymentMethodTypeInput = PaymentMethodType | `${PaymentMethodType}`

/**
 * What a mounted component gives back.
 * @inline
 */
export interface ComponentHandle<P> {
  /** The element the component rendered (inside the mount element). */
  readonly element: HTMLElement
  /** Re-renders with these props merged into the current ones (`mountElement` cannot change: mount anew). */
  update(props: Partial<P>): void
  /** Removes the component and stops listening to anything. Calling it twice does nothing. */
  unmount(): void
}

/**
 * Where a component renders.
 *
 * Every component's props extend this interface.
 *
 * @example
 * ```ts
 * BnplComponent({ mountElement: '#plazo-bnpl', amount: 10000 })
 * BnplComponent({ mountElement: document.querySelector('.price')!, amount: 10000 })
 * ```
 */
export interface MountElement {
  /**
   * The element to render into, or a CSS selector of it. The component replaces its content. A selector that
   * matches nothing throws an `Error` when mounting.
   */
  mountElement: Element | string
}

/**
 * The loan conditions of one payment method for one term, as `POST /api/v2/client/simulate` computes them: the
 * same figures a payment intent created through the API records. Amounts are in cents; rates are ratios
 * (`0.0829` is 8.29 %).
 *
 * @example
 * ```ts
 * const { conditions } = await paymentMethodConditions('consumer_loan_instalments', 100000, 24)
 * const [loan] = conditions
 * console.log(loan.term, loan.instalmentAmount, loan.apr)
 * ```
 */
export interface LoanConditions {
  paymentMethodType: PaymentMethodType
  /** The agent pricing the conditions come from. */
  pricingId: string | null
  currency: 'EUR'
  /** Number of monthly instalments. */
  term: number
  /** The amount financed, in cents. */
  principal: number
  /** The regular monthly instalment, in cents (`user_defined_quota` in the API). */
  instalmentAmount: number
  /** Nominal annual interest rate (TIN), ratio 0 to 1. */
  interest: number
  /** Annual percentage rate (APR, TAE in Spain), ratio. */
  apr: number
  /** Months before the first instalment. */
  gracePeriod: number
  /** The insurance of the pricing, if any. */
  insurance: { value: string; is_insurance_financed: boolean } | null
  /** Total cost of the credit (total payable minus the amount financed), in cents. */
  totalCostOfCredit: number
  /** Everything the customer pays, in cents. */
  totalPayable: number
  /** Each payment: its number, the month it is due after the purchase and its amount in cents. */
  schedule: Array<{ number: number; month: number; amount: number }>
}

/**
 * {@link LoanConditions} with the texts the {@link SimulatorComponent} shows, formatted for the locale
 * (`Intl.NumberFormat`, EUR).
 *
 * @example
 * ```ts
 * const [first] = await simulator({ amount: 100000, paymentMethodType: 'consumer_loan_instalments' })
 * console.log(first.formatted.instalment) // "45,23 €"
 * ```
 */
export interface SimulatorLoanConditions extends LoanConditions {
  formatted: {
    /** E.g. "24 months" / "24 meses" / "24 mois". */
    term: string
    /** The monthly instalment, e.g. "45,23 €". */
    instalment: string
    /** E.g. "8,29 %". */
    apr: string
    /** Nominal annual interest, e.g. "7,99 %". */
    interest: string
    totalCostOfCredit: string
    totalPayable: string
  }
}

/**
 * Every term a payment method offers for an amount.
 *
 * @example
 * ```ts
 * const bnpl = await paymentMethodConditions('bnpl_instalments', 30000)
 * bnpl.conditions.map((c) => `${c.term} × ${c.instalmentAmount / 100} €`)
 * ```
 */
export interface PaymentMethodConditions {
  paymentMethodType: PaymentMethodType
  /** The purchase amount, in cents. */
  amount: number
  /** One entry per term, shortest first. Empty when the amount is too small for every term. */
  conditions: LoanConditions[]
}

/**
 * The amounts and terms a simulation can take.
 *
 * @example
 * ```ts
 * const { minAmount, maxAmount, terms } = await paymentMethodBoundary('bnpl_instalments')
 * ```
 */
export interface SimulatorBoundary {
  /** Smallest amount the API prices, in cents: one cent per instalment of the shortest term. */
  minAmount: number
  /** Largest amount the API prices, in cents. */
  maxAmount: number
  /** Shortest term, in months. */
  minTerm: number
  /** Longest term, in months. */
  maxTerm: number
  /** Every term offered, ascending. */
  terms: number[]
}

/**
 * The amounts and terms one payment method of the agent accepts.
 *
 * @example
 * ```ts
 * const boundary = await paymentMethodBoundary('consumer_loan_instalments')
 * if (amount < boundary.minAmount) hideFinancing()
 * ```
 */
export type PaymentMethodBoundary = SimulatorBoundary & { paymentMethodType: PaymentMethodType }

/**
 * What to simulate: an amount, and optionally one payment method type and one term.
 *
 * @example
 * ```ts
 * await simulator({ amount: 100000 }) // every financed method and term
 * await simulator({ amount: 100000, paymentMethodType: 'consumer_loan_instalments', term: 24 })
 * ```
 */
export interface SimulatorProps {
  /** Purchase amount in cents (10000 is 100,00 €). */
  amount: number
  /** Only this payment method (default: every financed method of the agent). */
  paymentMethodType?: PaymentMethodTypeInput
  /** Only this term, in months. A term the method does not offer rejects with a 400 error. */
  term?: number
  /** Language of the formatted texts (default: the locale given to {@link init}). */
  locale?: Locale
}

/**
 * Which embedded checkout session to read.
 *
 * @example
 * ```ts
 * const session = await checkoutSession({ clientSecret })
 * ```
 */
export interface CheckoutSessionProps {
  /** The `client_secret` your server received when it created the embedded session (`POST /api/v2/checkout/`). */
  clientSecret: string
}

/**
 * The customer completes an embedded checkout session with a payment method, without the iframe (your own
 * form). Prefer {@link CheckoutSessionComponent}: it collects and validates the customer's data for you.
 *
 * @example
 * ```ts
 * await paymentIntent({
 *   clientSecret,
 *   paymentMethodType: 'bnpl_instalments',
 *   term: 3,
 *   customer: { first_name: 'Ana', last_name: 'García', email: 'ana@example.com' },
 * })
 * ```
 */
export interface PaymentIntentProps extends CheckoutSessionProps {
  /** One of the session's payment methods. */
  paymentMethodType: PaymentMethodTypeInput
  /** The term chosen, in months (loans). Default: the shortest. */
  term?: number
  /**
   * The customer: the basic customer (first_name, last_name, email, phone_number, document_number), or the
   * full customer of a payment intent for methods whose `customer_details` is `full` (consumer and auto loans,
   * credit lines), with the API's field names.
   */
  customer: Record<string, unknown>
}

/**
 * Props of {@link BnplComponent}.
 *
 * @example
 * ```ts
 * BnplComponent({ mountElement: '#bnpl', amount: 10000, locale: 'es' }) // "Paga en 3 × 33,33 € sin intereses, TAE 0,00 %"
 * ```
 */
export interface BnplComponentProps extends MountElement {
  /** Purchase amount in cents. */
  amount: number
  /** Default `bnpl_instalments`. */
  paymentMethodType?: PaymentMethodTypeInput
  /** Number of instalments to show (default: the shortest term). */
  term?: number
  /** Default: the locale given to {@link init}. */
  locale?: Locale
  /** Called when the amount cannot be financed or the API cannot be reached (the component then hides). */
  onError?: (error: PlazoError) => void
}

/**
 * Props of {@link SimulatorComponent}.
 *
 * @example
 * ```ts
 * SimulatorComponent({
 *   mountElement: '#simulator',
 *   amount: 120000,
 *   paymentMethodType: 'consumer_loan_instalments',
 *   onChange: (conditions) => console.log(conditions.term),
 * })
 * ```
 */
export interface SimulatorComponentProps extends MountElement, SimulatorProps {
  /**
   * The level of the simulator's heading, 1 to 6 (default 3: an `<h3>`), so that it fits your page's outline:
   * under your own `<h2>` ("Financing"), keep 3; right under the product's `<h1>`, give 2. Another value throws
   * an `Error`. `update({ headingLevel })` changes it.
   *
   * @example
   * ```ts
   * SimulatorComponent({ mountElement: '#simulator', amount: 120000, headingLevel: 2 }) // <h2>Simulador de financiación</h2>
   * ```
   */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6
  /** Called with the conditions shown, on mount and whenever the customer picks another term. */
  onChange?: (conditions: SimulatorLoanConditions) => void
  /** Called when the simulation fails (unknown agent, amount out of bounds, network). */
  onError?: (error: PlazoError) => void
}

/**
 * Props of {@link CheckoutSessionComponent}.
 *
 * @example
 * ```ts
 * CheckoutSessionComponent({
 *   mountElement: '#checkout',
 *   clientSecret,
 *   onComplete: ({ status, checkoutSessionId }) => location.assign(`/orders/${checkoutSessionId}`),
 *   onCancel: () => location.assign('/cart'),
 *   onError: (error) => console.error(error),
 * })
 * ```
 */
export interface CheckoutSessionComponentProps extends MountElement {
  /** The session's `client_secret`. It is sent to the iframe by `postMessage`, never in a URL. */
  clientSecret: string
  /** Language of the checkout (default: the locale given to {@link init}). */
  locale?: Locale
  /** The customer finished: `status` is the checkout session status (`confirmed`, `denied`, `challenge`…). */
  onComplete?: (result: { status: Status | `${Status}`; checkoutSessionId: string }) => void
  /** The customer gave up (the session is `desisted`). */
  onCancel?: (result: { checkoutSessionId: string }) => void
  /**
   * The checkout cannot be used, with a {@link PlazoError}: a wrong client secret (`status` 401,
   * `invalid_token`), an expired session (`plazo.client.session_expired`), the API unreachable
   * (`plazo.client.network_error`), or no checkout ready within `loadTimeout` (`plazo.client.frame_timeout`).
   * Show your customer `error.localizedMessage`, and log `error.message`.
   */
  onError?: (error: PlazoError) => void
  /**
   * The checkout has read the session with the client secret and the customer can use it: hide your own
   * loading indicator. Called again after `update({ clientSecret })`, for the new session.
   */
  onReady?: () => void
  /**
   * How long, in milliseconds, the checkout may take to be ready (the iframe loaded and the session read)
   * before `onError` receives a `plazo.client.frame_timeout` error. Default 15000 (15 s). If it is ready after
   * all, `onReady` is still called.
   */
  loadTimeout?: number
}

/**
 * Props of {@link SinglePaymentComponent}: the embedded checkout on one payment method, the one your page
 * already let the customer choose.
 *
 * @example
 * ```ts
 * SinglePaymentComponent({ mountElement: '#pay', clientSecret, paymentMethodType: 'bnpl_instalments' })
 * ```
 */
export interface SinglePaymentComponentProps extends CheckoutSessionComponentProps {
  /** One of the session's payment methods. */
  paymentMethodType: PaymentMethodTypeInput
}

/**
 * What {@link documentation} links to.
 *
 * @example
 * ```ts
 * documentation({ topic: 'refunds', mountElement: '#help', label: 'How refunds work' })
 * ```
 */
export interface DocumentationComponentProps extends Partial<MountElement> {
  /**
   * A documentation topic: `overview`, `checkout-session`, `payment-methods`, `embedded`,
   * `checkout-session-component`, `payment-intent-component`, `customization`, `hpp`, `confirm-and-capture`,
   * `order-management`, `captures`, `refunds`, `payouts`, `api`, `checkout-js`, or any docs path starting with
   * `/docs/`.
   */
  topic: string
  /** Text of the link mounted in `mountElement` (default: a localized "Documentation"). */
  label?: string
  /** `es` links to the Spanish docs; `en` and `fr` to the English ones. */
  locale?: Locale
}
