// /es/docs/api/globals shows the contract's enumerations, constants and errors with their Spanish texts, the
// ones the Spanish OpenAPI documents use (the contract's catalogues), not the English of the contract.
import { CONSTANTS, ENUMS, ERROR_CATALOGUE, SPANISH_GLOBALS_TEXTS, SPANISH_TEXTS } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import { mdxText, renderGlobals } from '../scripts/globals-page.ts'

const input = {
  enums: ENUMS,
  errors: ERROR_CATALOGUE,
  constants: CONSTANTS as Record<string, unknown>,
  spanish: { ...SPANISH_TEXTS, ...SPANISH_GLOBALS_TEXTS },
}
const descriptions = [
  ...Object.values(ENUMS).map((enumeration) => enumeration.description),
  ...Object.values(CONSTANTS).map((constant) => constant.description),
  ...ERROR_CATALOGUE.map((entry) => entry.when),
]
/** As the page writes a text: MDX-escaped, and a table cell's pipes escaped. */
const written = (text: string) => mdxText(text).replace(/\|/g, '\\|')

describe('the globals page', () => {
  const english = renderGlobals(input, 'en')
  const spanish = renderGlobals(input, 'es')

  it('shows every description in English on the English page', () => {
    expect(descriptions.filter((text) => !english.includes(written(text)))).toEqual([])
  })

  it('leaves no English description on the Spanish page', () => {
    expect(descriptions.length).toBeGreaterThan(90)
    const left = descriptions.filter(
      (text) => spanish.includes(written(text)) && input.spanish[text] !== text,
    )
    expect(left).toEqual([])
  })

  it('shows each one in the Spanish of the contract catalogues', () => {
    const missing = descriptions.filter((text) => !spanish.includes(written(input.spanish[text] ?? '\u0000')))
    expect(missing).toEqual([])
    expect(spanish).toContain('| 404 | `SESSION_NOT_FOUND` |')
    expect(spanish).toContain('Ninguna sesión de checkout con ese id pertenece a tu comercio.')
  })

  it('stops the build when a text has no Spanish, rather than show it in English', () => {
    const untranslated = { ...input, errors: [{ ...ERROR_CATALOGUE[0], when: 'A brand-new case.' }] }
    expect(() => renderGlobals(untranslated as typeof input, 'es')).toThrow(/A brand-new case\./)
  })
})
