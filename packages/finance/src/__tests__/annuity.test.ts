import { describe, expect, it } from 'vitest'
import { annuityPayment, monthlyRate } from '../annuity.ts'

// Every expected value below comes from the annuity formula A = P·i / (1 − (1 + i)^−n) worked by hand with
// i = 0.0799 / 12 = 0.00665833…, and cross-checked with a spreadsheet's PMT(0.0799/12; n; −10000).
describe('annuityPayment', () => {
  it('uses the nominal monthly rate annual / 12', () => {
    expect(monthlyRate(0.0799)).toBeCloseTo(0.0066583333, 10)
    expect(monthlyRate(0)).toBe(0)
  })

  it.each([
    // n, (1 + i)^n,       exact A = 1 000 000 · i / (1 − (1 + i)^−n)  → rounded half up
    [18, '1.1268800109', '59135.7353', 59136],
    [24, '1.1726549298', '45222.7308', 45223],
    [36, '1.2698585590', '31331.7525', 31332],
    [48, '1.3751195845', '24408.2286', 24408],
  ])(
    '10 000.00 EUR at 7.99 %% over %i months: (1+i)^n = %s, A = %s cents → %i',
    (n, _growth, _exact, expected) => {
      expect(annuityPayment(1_000_000, 0.0799, n)).toBe(expected)
    },
  )

  it('is a straight division at zero interest, rounded half up (299.00 / 3 = 99.666… → 99.67)', () => {
    expect(annuityPayment(29_900, 0, 3)).toBe(9967)
    // 100.00 / 3 = 33.333… → 33.33
    expect(annuityPayment(10_000, 0, 3)).toBe(3333)
    // 1.50 / 4 = 0.375 → 0.38 (the half-up case)
    expect(annuityPayment(150, 0, 4)).toBe(38)
  })

  it('is the principal plus one month of interest for a single instalment', () => {
    // n = 1: A = P·i / (1 − 1/(1+i)) = P·(1 + i) = 1 000 000 · 1.00665833… = 1 006 658.33 → 1 006 658
    expect(annuityPayment(1_000_000, 0.0799, 1)).toBe(1_006_658)
  })
})
