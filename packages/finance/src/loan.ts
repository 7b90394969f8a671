import { annuityPayment, monthlyRate } from './annuity.ts'
import { aprOfSchedule } from './apr.ts'
import { merchantFeeAmount, setupFeeAmount } from './fees.ts'
import { roundHalfUp } from './rounding.ts'
import type { Conditions, Instalment, LoanInput, LoanQuote } from './types.ts'
import { validateLoanInput } from './validation.ts'

/**
 * Prices a loan: instalment, full schedule, totals, APR and the merchant fee. Throws a
 * {@link FinanceInputError} for invalid input (see {@link validateLoanInput}).
 *
 * Model, in order:
 * 1. **Financed principal** = amount of credit (`principal`) + setup fee when `type_financed` + insurance
 *    premium when `is_insurance_financed`. A percentage setup fee is a ratio of the amount of credit.
 * 2. **Grace period** (`gracePeriod` months without payment, "carencia total"): interest accrues at the monthly
 *    rate and is capitalised each month (`balance += round(balance × i)`), so the annuity is computed on the
 *    grown balance and the first instalment falls due at month `gracePeriod + 1`. With zero interest, grace
 *    only delays the payments. The capitalised interest is part of the cost of credit.
 * 3. **Instalment** (`user_defined_quota`): the annuity of the balance over `periods` months at
 *    `annual_interest / 12` ({@link annuityPayment}), straight division at zero interest.
 * 4. **Schedule**: each month, interest = outstanding × i rounded half up to the cent, principal part =
 *    instalment − interest. The last instalment repays whatever principal remains, so it absorbs every
 *    rounding remainder and the principal parts sum exactly to the balance. Non-financed charges are added to
 *    the rows: a `type_fixed_amount` fee is split equally (each share rounded half up, the last row takes the
 *    remainder), a `type_upfront` fee and a non-financed insurance premium go with the first instalment.
 * 5. **Totals**: total amount payable = the sum of the schedule's rows (so it matches it exactly); total
 *    cost of credit = total payable − amount of credit (interest + setup fee + insurance premium).
 * 6. **APR** by Annex I of Directive 2008/48/EC ({@link aprOfSchedule}): one drawdown of the amount of
 *    credit at time 0, each row a repayment at `month / 12` years. The insurance premium counts as a cost
 *    of the credit because the insurance is sold with it (Art. 3(g)); this never understates the APR.
 * 7. **Merchant fee**: `principal × merchant_fee`, paid by the merchant, in no customer figure.
 */
export function quoteLoan(input: LoanInput): LoanQuote {
  validateLoanInput(input)
  const { options, principal } = input
  const periods = options.periods
  const annualInterest = options.annual_interest ?? 0
  const gracePeriod = input.gracePeriod ?? 0
  const i = monthlyRate(annualInterest)

  const fee = options.setup_fee ?? null
  const feeAmount = setupFeeAmount(fee, principal)
  const insuranceAmount = options.insurance ? (input.insuranceAmount ?? 0) : 0
  const insuranceFinanced = options.insurance?.is_insurance_financed === true

  const financedPrincipal =
    principal +
    (fee?.payment_type === 'type_financed' ? feeAmount : 0) +
    (insuranceFinanced ? insuranceAmount : 0)

  let balance = financedPrincipal
  for (let month = 1; month <= gracePeriod; month += 1) balance += roundHalfUp(balance * i)
  const capitalisedInterest = balance - financedPrincipal

  const instalmentAmount = annuityPayment(balance, annualInterest, periods)
  const feeShare = fee?.payment_type === 'type_fixed_amount' ? roundHalfUp(feeAmount / periods) : 0
  let feeLeft = fee?.payment_type === 'type_fixed_amount' ? feeAmount : 0

  const schedule: Instalment[] = []
  let outstanding = balance
  // Summed as the rows are made, in their order: the same additions as summing the schedule afterwards.
  let totalAmountPayable = 0
  let scheduleInterest = 0
  for (let number = 1; number <= periods; number += 1) {
    const last = number === periods
    const interest = roundHalfUp(outstanding * i)
    // Clamped so that tiny loans, where rounding the instalment up would overpay, never go negative.
    const principalPart = last ? outstanding : Math.min(Math.max(instalmentAmount - interest, 0), outstanding)
    let setupFee = 0
    if (fee?.payment_type === 'type_fixed_amount') {
      setupFee = last ? feeLeft : Math.min(feeShare, feeLeft)
      feeLeft -= setupFee
    } else if (fee?.payment_type === 'type_upfront' && number === 1) {
      setupFee = feeAmount
    }
    const insurance = !insuranceFinanced && number === 1 ? insuranceAmount : 0
    outstanding -= principalPart
    const amount = principalPart + interest + setupFee + insurance
    totalAmountPayable += amount
    scheduleInterest += interest
    schedule.push({
      number,
      month: gracePeriod + number,
      principal: principalPart,
      interest,
      setupFee,
      insurance,
      amount,
      outstandingPrincipal: outstanding,
    })
  }

  return {
    amountOfCredit: principal,
    financedPrincipal,
    capitalisedInterest,
    setupFeeAmount: feeAmount,
    insuranceAmount,
    instalmentAmount,
    periods,
    gracePeriod,
    annualInterest,
    schedule,
    totalInterest: capitalisedInterest + scheduleInterest,
    totalAmountPayable,
    totalCostOfCredit: totalAmountPayable - principal,
    apr: aprOfSchedule(principal, schedule),
    merchantFeeAmount: merchantFeeAmount(principal, options.merchant_fee ?? 0),
  }
}

/** Instalment amount of a loan. Shorthand for `quoteLoan(input).instalmentAmount`. */
export function instalmentAmount(input: LoanInput): number {
  return quoteLoan(input).instalmentAmount
}

/** Full repayment schedule of a loan. Shorthand for `quoteLoan(input).schedule`. */
export function repaymentSchedule(input: LoanInput): Instalment[] {
  return quoteLoan(input).schedule
}

/** Total the customer pays, in cents. Shorthand for `quoteLoan(input).totalAmountPayable`. */
export function totalAmountPayable(input: LoanInput): number {
  return quoteLoan(input).totalAmountPayable
}

/** Total cost of credit, in cents. Shorthand for `quoteLoan(input).totalCostOfCredit`. */
export function totalCostOfCredit(input: LoanInput): number {
  return quoteLoan(input).totalCostOfCredit
}

/** APR (TAE) ratio rounded half up to 4 decimals. Shorthand for `quoteLoan(input).apr`. */
export function annualPercentageRate(input: LoanInput): number {
  return quoteLoan(input).apr
}

/** What {@link paymentIntentConditions} returns. */
export interface PaymentIntentConditions {
  /** The payment intent's `conditions` object (spec §3). */
  conditions: Conditions
  /** The repayment schedule behind it. */
  schedule: Instalment[]
  /** Every figure computed, for screens and notifications that need more than `conditions`. */
  quote: LoanQuote
}

/**
 * The `conditions` object of a payment intent (spec §3) and its schedule:
 * `principal` is the financed principal (amount of credit plus financed setup fee and insurance),
 * `term` the number of instalments, `user_defined_quota` the regular instalment excluding non-financed fees
 * and insurance, `interest` the nominal annual rate, `apr` the TAE ratio, `insurance` the option as given
 * (or null) and `grace_period` the months without payment. See {@link quoteLoan} for the model.
 */
export function paymentIntentConditions(input: LoanInput): PaymentIntentConditions {
  const quote = quoteLoan(input)
  const insurance = input.options.insurance
  return {
    conditions: {
      currency: 'EUR',
      principal: quote.financedPrincipal,
      term: quote.periods,
      user_defined_quota: quote.instalmentAmount,
      interest: quote.annualInterest,
      apr: quote.apr,
      insurance: insurance
        ? { value: insurance.value, is_insurance_financed: insurance.is_insurance_financed }
        : null,
      grace_period: quote.gracePeriod,
    },
    schedule: quote.schedule,
    quote,
  }
}
