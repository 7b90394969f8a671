import { validate, version } from 'uuid'
import { describe, expect, it } from 'vitest'
import { timeOrderedId } from '../../src/domain/ids.ts'

describe('timeOrderedId', () => {
  it('makes valid UUIDv7s that sort in the order they were made, even within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => timeOrderedId())
    for (const id of ids.slice(0, 100)) {
      expect(validate(id)).toBe(true)
      expect(version(id)).toBe(7)
    }
    for (let i = 1; i < ids.length; i++) expect((ids[i] as string) > (ids[i - 1] as string)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('carries the time it was made in its first 48 bits', () => {
    const before = Date.now()
    const id = timeOrderedId()
    const ms = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)
    expect(ms).toBeGreaterThanOrEqual(before)
    expect(ms).toBeLessThanOrEqual(Date.now())
  })

  it('draws fresh random bits for every id (beyond the time and the counter)', () => {
    const tails = new Set(Array.from({ length: 5000 }, () => timeOrderedId().slice(-12)))
    expect(tails.size).toBe(5000)
  })
})
