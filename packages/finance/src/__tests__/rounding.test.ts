import { describe, expect, it } from 'vitest'
import { FinanceInputError } from '../errors.ts'
import { eurosToCents, roundHalfUp } from '../rounding.ts'

describe('roundHalfUp', () => {
  it('rounds ties up, as written in decimal, despite binary noise', () => {
    expect(roundHalfUp(2.5)).toBe(3)
    expect(roundHalfUp(2.4999)).toBe(2)
    // 1.005 · 100 is 100.49999999999999 in binary; a person reads 100.5 and rounds to 101.
    expect(roundHalfUp(1.005 * 100)).toBe(101)
    expect(roundHalfUp(0.08289, 4)).toBe(0.0829)
    expect(roundHalfUp(0.08285, 4)).toBe(0.0829)
    expect(roundHalfUp(0.082849, 4)).toBe(0.0828)
  })

  it('rounds negative ties away from zero and never returns -0', () => {
    expect(roundHalfUp(-2.5)).toBe(-3)
    expect(Object.is(roundHalfUp(-0.0000001, 4), 0)).toBe(true)
  })

  it('rejects non-finite values', () => {
    expect(() => roundHalfUp(Number.NaN)).toThrow(FinanceInputError)
  })
})

describe('eurosToCents', () => {
  it('converts decimal euros to integer cents, rounding half up', () => {
    expect(eurosToCents(49.95)).toBe(4995)
    expect(eurosToCents(12.5)).toBe(1250)
    expect(eurosToCents(2.675)).toBe(268)
    expect(eurosToCents(0)).toBe(0)
  })
})
