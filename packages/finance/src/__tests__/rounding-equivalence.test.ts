import { describe, expect, it } from 'vitest'
import { roundHalfUp } from '../rounding.ts'
import { baselineRoundHalfUp } from './baseline.ts'
import { seededRandom } from './helpers.ts'

/*
 * roundHalfUp skips its 15-significant-digit normalisation away from ties. It must return exactly what the
 * baseline (which always normalises) returns, -0 and errors included, so every case below compares the two.
 */

type Case = [value: number, decimals: number]

/** The cases on which the two disagree, as text (Object.is: -0 is not 0). Errors must match too. */
function disagreements(cases: readonly Case[]): string[] {
  const outcome = (round: typeof roundHalfUp, [value, decimals]: Case) => {
    try {
      return round(value, decimals)
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`
    }
  }
  return cases
    .filter((c) => !Object.is(outcome(roundHalfUp, c), outcome(baselineRoundHalfUp, c)))
    .map(([value, decimals]) => `roundHalfUp(${value}, ${decimals})`)
}

/** The double `steps` representable numbers above (or, negative, below) a positive `x`. */
function ulpsAway(x: number, steps: number): number {
  const bits = new BigInt64Array(new Float64Array([x]).buffer)
  bits[0] = (bits[0] as bigint) + BigInt(steps)
  return new Float64Array(bits.buffer)[0] as number
}

/** Both signs of every case. */
const signed = (cases: readonly Case[]): Case[] =>
  cases.flatMap(([v, d]): Case[] => [
    [v, d],
    [-v, d],
  ])

/** The cases whose result the normalisation decides: plain half-up rounding of |value|·10^d would differ. */
const decidedByNormalisation = (cases: readonly Case[]) =>
  cases.filter(
    ([v, d]) => Math.round(Math.abs(v) * 10 ** d) / 10 ** d !== Math.abs(baselineRoundHalfUp(v, d)),
  )

describe('roundHalfUp returns exactly what the always-normalising baseline returns', () => {
  it('on 300 000 random values of magnitude 1e-6..1e15, both signs, 0..6 decimals', () => {
    const random = seededRandom(1)
    const cases: Case[] = Array.from({ length: 300_000 }, () => [
      (random() < 0.5 ? -1 : 1) * 10 ** (random() * 21 - 6),
      Math.floor(random() * 7),
    ])
    expect(disagreements(cases)).toEqual([])
  })

  it('on 100 000 random values with up to 15 decimals kept', () => {
    const random = seededRandom(2)
    const cases: Case[] = Array.from({ length: 100_000 }, () => [
      (random() < 0.5 ? -1 : 1) * 10 ** (random() * 21 - 15),
      Math.floor(random() * 16),
    ])
    expect(disagreements(cases)).toEqual([])
  })

  it('on 200 000 products the loan maths round: cents × rates, cents ÷ terms, euros × 100', () => {
    const random = seededRandom(3)
    const cases: Case[] = []
    for (let k = 0; k < 50_000; k += 1) {
      const cents = 1 + Math.floor(random() * 10 ** (1 + random() * 8))
      const rate = Math.floor(random() * 10_000) / 10_000
      cases.push([cents * (rate / 12), 0], [cents * rate, 0])
      cases.push([cents / (1 + Math.floor(random() * 120)), 0], [(Math.floor(random() * 1e6) / 100) * 100, 0])
    }
    expect(disagreements(cases)).toEqual([])
  })

  it('on decimal ties as written (x.5, x.x5, x.xx5, …) and their neighbouring doubles', () => {
    const cases: Case[] = []
    for (let decimals = 0; decimals <= 4; decimals += 1) {
      for (let units = 0; units < 10_000; units += 1) {
        // e.g. decimals 2, units 100: "1.005", the tie between 1.00 and 1.01.
        const digits = String(units).padStart(decimals + 1, '0')
        const text = `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}5`
        for (let steps = -3; steps <= 3; steps += 1) cases.push([ulpsAway(Number(text), steps), decimals])
      }
    }
    const all = signed(cases)
    expect(disagreements(all)).toEqual([])
    // The normalisation really decides many of them, so a wrong shortcut could not pass unnoticed.
    expect(decidedByNormalisation(all).length).toBeGreaterThan(50_000)
  })

  it('on k + 0.5 ± small offsets around the shortcut margin, up to the 1e9 limit and beyond', () => {
    const offsets = [0, 1e-12, 1e-9, 1e-8, 1e-7, 4e-7, 5e-7, 5.6e-7, 6e-7, 9e-7, 1e-6, 1.1e-6, 2e-6, 1e-5]
    const bases = [
      0, 1, 2, 99, 100, 12_345, 999_999, 123_456_789, 999_999_998, 999_999_999, 1e9, 4_503_599_627,
    ]
    const cases: Case[] = []
    for (const base of bases) {
      for (const offset of offsets) {
        for (const tie of [base + 0.5, base - 0.5]) {
          if (tie < 0) continue
          for (const value of [tie + offset, tie - offset]) {
            for (let steps = -4; steps <= 4; steps += 1) {
              if (value <= 0) continue
              const near = ulpsAway(value, steps)
              for (let decimals = 0; decimals <= 6; decimals += 1)
                cases.push([near / 10 ** decimals, decimals])
            }
          }
        }
      }
    }
    expect(disagreements(signed(cases))).toEqual([])
  })

  it('on the classic examples: 1.005, 2.675, 1.255, 0.08285, 1.005 × 100, 0.1 + 0.2', () => {
    const cases: Case[] = [
      [1.005, 2],
      [2.675, 2],
      [1.255, 2],
      [1.0049999999999999, 2],
      [0.08285, 4],
      [0.08289, 4],
      [0.082849, 4],
      [1.005 * 100, 0],
      [2.675 * 100, 0],
      [0.1 + 0.2, 1],
      [0.1 + 0.2, 15],
      [2.5, 0],
      [2.4999, 0],
    ]
    expect(disagreements(signed(cases))).toEqual([])
    expect(decidedByNormalisation(cases).length).toBeGreaterThan(0)
  })

  it('on magnitudes where the normalisation changes the value itself (≥ 1e9 after shifting)', () => {
    // 1234567890123456.8 normalises to 1234567890123460: the baseline rounds it to that, not to …457.
    const huge = 1234567890123456.8
    const random = seededRandom(4)
    const cases: Case[] = [
      [huge, 0],
      [123456789012345.67, 1],
      [999_999_999.5, 0],
      [999_999_999.4999999, 0],
      [1e9 + 0.5, 0],
      [2 ** 53 + 2, 0],
      [1e21, 3],
      [1e300, 15],
      [Number.MAX_VALUE, 1],
      [Number.MIN_VALUE, 15],
      [Number.EPSILON, 15],
      [0, 0],
      [-0, 0],
      [-0.0000001, 4],
    ]
    for (let k = 0; k < 50_000; k += 1) cases.push([10 ** (9 + random() * 8), Math.floor(random() * 7)])
    expect(disagreements(signed(cases))).toEqual([])
    expect(decidedByNormalisation([[huge, 0]])).toHaveLength(1)
  })

  it('on the inputs it rejects, with the same errors', () => {
    const cases: Case[] = [
      [Number.NaN, 0],
      [Number.POSITIVE_INFINITY, 2],
      [Number.NEGATIVE_INFINITY, 2],
      [1.5, -1],
      [1.5, 0.5],
      [1.5, 16],
      [1.5, Number.NaN],
    ]
    expect(disagreements(cases)).toEqual([])
    for (const [value, decimals] of cases) expect(() => roundHalfUp(value, decimals)).toThrow()
  })
})
