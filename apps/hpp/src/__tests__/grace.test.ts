import { describe, expect, it } from 'vitest'
import { firstDueMonth, graceChoices } from '../grace.ts'

describe('grace period choices', () => {
  it('offers none when the method allows none', () => {
    expect(graceChoices(0)).toEqual([0])
  })

  it('offers every whole month up to a maximum of 3', () => {
    expect(graceChoices(1)).toEqual([0, 1])
    expect(graceChoices(3)).toEqual([0, 1, 2, 3])
  })

  it('offers 0, 3, 6, 12 and the maximum for a longer one, never past it', () => {
    expect(graceChoices(30)).toEqual([0, 3, 6, 12, 30])
    expect(graceChoices(12)).toEqual([0, 3, 6, 12])
    expect(graceChoices(8)).toEqual([0, 3, 6, 8])
    expect(graceChoices(4)).toEqual([0, 3, 4])
  })

  it('puts the first instalment in the month after the grace', () => {
    expect(firstDueMonth(0)).toBe(1)
    expect(firstDueMonth(2)).toBe(3)
  })
})
