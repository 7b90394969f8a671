import { describe, expect, it } from 'vitest'
import { annuityPayment } from '../annuity.ts'
import { FinanceError, FinanceInputError } from '../errors.ts'
import { merchantFeeAmount, setupFeeAmount } from '../fees.ts'
import { quoteLoan } from '../loan.ts'
import type { LoanInput } from '../types.ts'

const valid: LoanInput = { principal: 100_000, options: { periods: 12, annual_interest: 0.0799 } }

function fieldOf(input: LoanInput): string | undefined {
  try {
    quoteLoan(input)
  } catch (error) {
    if (error instanceof FinanceInputError) return error.field
    throw error
  }
  return undefined
}

describe('input validation', () => {
  it('accepts a valid loan', () => {
    expect(fieldOf(valid)).toBeUndefined()
  })

  it.each([
    ['a zero principal', { ...valid, principal: 0 }, 'principal'],
    ['a fractional principal (cents are integers)', { ...valid, principal: 100.5 }, 'principal'],
    ['a principal below one cent per instalment', { ...valid, principal: 11 }, 'principal'],
    ['zero periods', { ...valid, options: { periods: 0 } }, 'options.periods'],
    ['fractional periods', { ...valid, options: { periods: 2.5 } }, 'options.periods'],
    [
      'an interest above 1',
      { ...valid, options: { periods: 12, annual_interest: 7.99 } },
      'options.annual_interest',
    ],
    [
      'a negative interest',
      { ...valid, options: { periods: 12, annual_interest: -0.01 } },
      'options.annual_interest',
    ],
    [
      'a NaN merchant fee',
      { ...valid, options: { periods: 12, merchant_fee: Number.NaN } },
      'options.merchant_fee',
    ],
    [
      'a percentage setup fee written as 3 instead of 0.03',
      {
        ...valid,
        options: {
          periods: 12,
          setup_fee: { payment_type: 'type_upfront', fee_type: 'percentage', amount: 3 },
        },
      },
      'options.setup_fee.amount',
    ],
    [
      'a negative fix_amount setup fee',
      {
        ...valid,
        options: {
          periods: 12,
          setup_fee: { payment_type: 'type_upfront', fee_type: 'fix_amount', amount: -1 },
        },
      },
      'options.setup_fee.amount',
    ],
    [
      'an unknown setup fee payment type',
      {
        ...valid,
        options: { periods: 12, setup_fee: { payment_type: 'monthly', fee_type: 'fix_amount', amount: 1 } },
      } as unknown as LoanInput,
      'options.setup_fee.payment_type',
    ],
    [
      'insurance without its amount',
      { ...valid, options: { periods: 12, insurance: { value: 'life', is_insurance_financed: true } } },
      'insuranceAmount',
    ],
    ['an insurance amount without insurance', { ...valid, insuranceAmount: 1000 }, 'insuranceAmount'],
    ['a grace period without a maximum', { ...valid, gracePeriod: 1 }, 'gracePeriod'],
    [
      'a grace period above the maximum',
      { ...valid, gracePeriod: 4, options: { periods: 12, max_grace_period: 3 } },
      'gracePeriod',
    ],
    [
      'a negative grace period',
      { ...valid, gracePeriod: -1, options: { periods: 12, max_grace_period: 3 } },
      'gracePeriod',
    ],
  ] as [string, LoanInput, string][])('rejects %s', (_label, input, field) => {
    expect(fieldOf(input)).toBe(field)
  })

  it('throws a typed error with a code and a message naming the field', () => {
    let caught: unknown
    try {
      quoteLoan({ principal: 100_000, options: { periods: 0 } })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(FinanceError)
    expect(caught).toMatchObject({
      code: 'FINANCE_INVALID_INPUT',
      field: 'options.periods',
      message: 'options.periods: must be an integer between 1 and 1200, got 0',
    })
  })

  it('validates the standalone functions too', () => {
    expect(() => annuityPayment(100, 0.05, 0)).toThrow(FinanceInputError)
    expect(() => merchantFeeAmount(100, 1.5)).toThrow(FinanceInputError)
    expect(() =>
      setupFeeAmount(
        { payment_type: 'type_upfront', fee_type: 'fix_amount', amount: Number.POSITIVE_INFINITY },
        100,
      ),
    ).toThrow(FinanceInputError)
  })
})
