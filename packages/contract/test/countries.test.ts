import { describe, expect, it } from 'vitest'
import { countriesModule, packageCodes } from '../scripts/countries-source.ts'
import { ISO_3166_1_ALPHA3 } from '../src/countries.ts'
import { validate } from '../src/index.ts'
import { Alpha3CountrySchema } from '../src/primitives.ts'

describe('the ISO 3166-1 alpha-3 codes', () => {
  it('are the list of the iso-3166-1 package (regenerate with scripts/generate-countries.ts)', async () => {
    expect([...ISO_3166_1_ALPHA3]).toEqual(packageCodes())
    const { readFile } = await import('node:fs/promises')
    expect(await readFile(new URL('../src/countries.ts', import.meta.url), 'utf8')).toBe(countriesModule())
  })

  it('are the only countries a country field takes', () => {
    for (const code of ['ESP', 'FRA', 'PRT', 'DEU', 'USA', 'GBR']) {
      expect(validate(Alpha3CountrySchema, code).ok, code).toBe(true)
    }
    for (const code of ['ZZZ', 'XXX', 'AAA', 'esp', 'ES', 'ESPA', '']) {
      const result = validate(Alpha3CountrySchema, code)
      expect(result.ok, code).toBe(false)
      if (!result.ok) {
        expect(result.errors).toEqual([
          {
            field: '/',
            message: 'must be an ISO 3166-1 alpha-3 country code (ESP, FRA, PRT…)',
            keyword: 'enum',
          },
        ])
      }
    }
  })
})
