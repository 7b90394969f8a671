import { FINANCED_PAYMENT_METHOD_TYPES } from '@plazo/contract/payment-method-types'

/**
 * Payment method types a pricing can apply to (spec §1), the contract's list: `card_payment` and
 * `a2a_payment` are single payments used for down payments and carry no loan conditions, so they are not in it.
 */
export { FINANCED_PAYMENT_METHOD_TYPES }

/** One of {@link FINANCED_PAYMENT_METHOD_TYPES}. */
export type FinancedPaymentMethodType = (typeof FINANCED_PAYMENT_METHOD_TYPES)[number]

/**
 * How a setup fee is paid (spec §3):
 * - `type_fixed_amount`: split equally over the instalments, not financed (bears no interest);
 * - `type_upfront`: paid in full with the first instalment, not financed;
 * - `type_financed`: added to the principal, so it bears interest and is repaid by the annuity.
 */
export type SetupFeePaymentType = 'type_fixed_amount' | 'type_upfront' | 'type_financed'

/**
 * How a setup fee's `amount` reads:
 * - `percentage`: a ratio 0..1 of the amount of credit, like every other rate of the API (`0.03` = 3 %);
 * - `fix_amount`: euros with decimals (`12.5` = 12.50 EUR), not cents (spec §5, §9).
 */
export type SetupFeeType = 'percentage' | 'fix_amount'

/** The `setup_fee` payment method option (spec §3). */
export interface SetupFee {
  payment_type: SetupFeePaymentType
  fee_type: SetupFeeType
  /** Ratio 0..1 when `fee_type` is `percentage`; euros with decimals when `fix_amount`. */
  amount: number
}

/** The `insurance` payment method option and `conditions.insurance` (spec §3). */
export interface InsuranceOption {
  /** The insurance product's name under the commercial agreement, e.g. `"payment-protection"`. */
  value: string
  /** `true`: the premium joins the principal and is repaid with interest; `false`: paid with the first instalment. */
  is_insurance_financed: boolean
}

/**
 * Payment method options (spec §3 "Payment method options"), spelled as in the API so an options object from
 * the contract can be passed as is. Optional fields default to "none": interest 0, no setup fee, no insurance,
 * no grace period allowed, no merchant fee.
 */
export interface PaymentMethodOptions {
  pricing_id?: string
  /** Number of monthly instalments; integer ≥ 1. */
  periods: number
  /** Nominal annual interest rate (TIN), ratio 0..1; the monthly rate is `annual_interest / 12`. */
  annual_interest?: number
  setup_fee?: SetupFee | null
  insurance?: InsuranceOption | null
  /** Longest grace period, in months, the customer may choose; integer ≥ 0. Absent means 0. */
  max_grace_period?: number
  /** Ratio 0..1 of the amount of credit, paid by the merchant, never by the customer. */
  merchant_fee?: number
}

/**
 * A pricing an agent (point of sale) offers for one payment method type: the terms it allows and the rates
 * that apply to each. A chosen term turns it into {@link PaymentMethodOptions} (`optionsFromPricing`, in
 * pricing.ts).
 */
export interface AgentPricing {
  /** Stable identifier, the `pricing_id` of the payment method options. */
  pricing_id: string
  /** Human-readable name, e.g. the `pricing_name` of an auto loan processing strategy. */
  name: string
  payment_method_type: FinancedPaymentMethodType
  /** Allowed numbers of monthly instalments, ascending. */
  periods: readonly number[]
  /** Nominal annual interest rate, ratio 0..1. */
  annual_interest: number
  /** Ratio 0..1 of the amount of credit, paid by the merchant. */
  merchant_fee: number
  /** Longest grace period in months. */
  max_grace_period: number
  setup_fee: SetupFee | null
  insurance: InsuranceOption | null
}

/** Everything needed to price one loan. All amounts are integer cents. */
export interface LoanInput {
  /**
   * The amount of credit in cents: the purchase amount the customer finances (cart total with taxes, net of
   * discounts and of any down payment). Integer ≥ `options.periods`, so every instalment is at least one cent.
   */
  principal: number
  options: PaymentMethodOptions
  /**
   * The insurance premium in cents. Required (integer ≥ 0) when `options.insurance` is set, and must be absent
   * otherwise: the options name the insurance product by a label only, the premium comes from its agreement.
   */
  insuranceAmount?: number
  /**
   * Months without payment before the first instalment; integer 0..`options.max_grace_period`. Interest accrues
   * during grace and is capitalised monthly (see {@link quoteLoan}).
   */
  gracePeriod?: number
}

/** One row of the repayment schedule. All amounts are integer cents. */
export interface Instalment {
  /** 1-based instalment number. */
  number: number
  /** When it is due, in months after the drawdown: `gracePeriod + number`. */
  month: number
  /** Part of the (financed, capitalised) principal repaid by this instalment. */
  principal: number
  /** Interest of the month: the outstanding principal times the monthly rate, rounded half up to the cent. */
  interest: number
  /** Non-financed setup fee collected with this instalment (`type_fixed_amount` share or `type_upfront` total). */
  setupFee: number
  /** Non-financed insurance premium collected with this instalment (all of it with the first one). */
  insurance: number
  /** What the customer pays: `principal + interest + setupFee + insurance`. */
  amount: number
  /** Principal still owed after this instalment; 0 after the last one. */
  outstandingPrincipal: number
}

/** Everything {@link quoteLoan} computes. All amounts are integer cents; rates are ratios. */
export interface LoanQuote {
  /** The amount of credit: the input `principal`. */
  amountOfCredit: number
  /** Amount of credit plus financed setup fee plus financed insurance: the principal of the annuity. */
  financedPrincipal: number
  /** Interest accrued during the grace period and added to the principal. 0 without grace or interest. */
  capitalisedInterest: number
  /** The setup fee in cents, whichever way it is paid; 0 without a setup fee. */
  setupFeeAmount: number
  /** The insurance premium in cents, whichever way it is paid; 0 without insurance. */
  insuranceAmount: number
  /** The regular instalment (annuity), excluding non-financed fees and insurance: `user_defined_quota`. */
  instalmentAmount: number
  periods: number
  gracePeriod: number
  annualInterest: number
  schedule: Instalment[]
  /** All interest paid: capitalised during grace plus the schedule's interest. */
  totalInterest: number
  /** Sum of every instalment of the schedule, exactly. */
  totalAmountPayable: number
  /** `totalAmountPayable - amountOfCredit`: interest, setup fee and insurance. */
  totalCostOfCredit: number
  /** APR (TAE) as a ratio rounded half up to 4 decimals (`0.0829` = 8.29 %). */
  apr: number
  /** What the merchant pays: `amountOfCredit * merchant_fee`, rounded half up. Not in any customer figure. */
  merchantFeeAmount: number
}

/** The `conditions` object of a payment intent (spec §3 "Conditions"). Amounts are integer cents. */
export interface Conditions {
  currency: 'EUR'
  /** The financed principal: amount of credit plus financed setup fee and financed insurance. */
  principal: number
  /** Number of instalments. */
  term: number
  /** The regular instalment, excluding non-financed fees and insurance. */
  user_defined_quota: number
  /** Nominal annual interest rate, ratio 0..1. */
  interest: number
  /** APR (TAE), ratio rounded half up to 4 decimals. */
  apr: number
  insurance: InsuranceOption | null
  /** Months without payment before the first instalment. */
  grace_period: number
}
