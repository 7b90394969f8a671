/**
 * `@plazo/finance`: loan mathematics for Plazo. Pure functions; the one import is the contract's list of payment
 * method types (`@plazo/contract/payment-method-types`, which imports nothing).
 * Amounts are integer cents (7900 = 79.00 EUR) except a `fix_amount` setup fee, in euros; rates are ratios.
 * @packageDocumentation
 */
export { annuityPayment, monthlyRate } from './annuity.ts'
export { annexIResidual, aprOfSchedule, type CashFlow, monthsToYears, solveAnnexIRate } from './apr.ts'
export { DEFAULT_PRICINGS } from './default-pricings.ts'
export { AprNotSolvableError, FinanceError, type FinanceErrorCode, FinanceInputError } from './errors.ts'
export { merchantFeeAmount, setupFeeAmount } from './fees.ts'
export {
  findInsuranceProduct,
  INSURANCE_PRODUCTS,
  type InsuranceProduct,
  insurancePremium,
} from './insurance.ts'
export {
  annualPercentageRate,
  instalmentAmount,
  type PaymentIntentConditions,
  paymentIntentConditions,
  quoteLoan,
  repaymentSchedule,
  totalAmountPayable,
  totalCostOfCredit,
} from './loan.ts'
export { defaultPricingsFor, findDefaultPricing, optionsFromPricing } from './pricing.ts'
export { eurosToCents, roundHalfUp } from './rounding.ts'
export {
  type AgentPricing,
  type Conditions,
  FINANCED_PAYMENT_METHOD_TYPES,
  type FinancedPaymentMethodType,
  type Instalment,
  type InsuranceOption,
  type LoanInput,
  type LoanQuote,
  type PaymentMethodOptions,
  type SetupFee,
  type SetupFeePaymentType,
  type SetupFeeType,
} from './types.ts'
export { MAX_PERIODS, validateLoanInput } from './validation.ts'
