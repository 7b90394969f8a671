import { AJV_OPTIONS, configureAjv } from '@plazo/contract'
import { Ajv } from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { longerThan, shorterThan, useBoundedStringLength } from '../../src/plugins/string-length.ts'

const schema = {
  type: 'object',
  properties: {
    short: { type: 'string', maxLength: 5 },
    long: { type: 'string', minLength: 3, maxLength: 8 },
  },
}
const ours = useBoundedStringLength(configureAjv(new Ajv(AJV_OPTIONS))).compile(schema)
const ajvs = configureAjv(new Ajv(AJV_OPTIONS)).compile(schema)

describe('maxLength and minLength without counting every character', () => {
  it('decide as Ajv does, surrogate pairs and lone surrogates included, with the same errors', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\ud800', '\udc00'), maxLength: 20 })
    fc.assert(
      fc.property(text, text, (short, long) => {
        const body = { short, long }
        expect(ours(body)).toBe(ajvs(body))
        expect(ours.errors ?? null).toEqual(ajvs.errors ?? null)
      }),
      { numRuns: 2000 },
    )
  })

  it('decide a string far over or under the bound by its length alone', () => {
    expect(longerThan('x'.repeat(900_000), 50)).toBe(true)
    expect(longerThan('😀'.repeat(50), 50)).toBe(false)
    expect(longerThan('😀'.repeat(51), 50)).toBe(true)
    expect(shorterThan('😀'.repeat(3), 3)).toBe(false)
    expect(shorterThan('😀😀', 3)).toBe(true)
    expect(shorterThan('', 0)).toBe(false)
  })
})
