import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en.ts'
import { es } from '../i18n/es.ts'
import { fr } from '../i18n/fr.ts'
import { chooseLanguage, fill } from '../i18n/index.tsx'

/** Every leaf of a dictionary with its path (keys can contain dots, so paths are arrays). */
function leaves(value: unknown, path: string[] = []): Array<[string[], string]> {
  if (typeof value !== 'object' || value === null) return [[path, String(value)]]
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))
}

describe('languages', () => {
  it('the browser’s first language we speak wins; else the purchase country’s; else Spanish', () => {
    expect(chooseLanguage('ESP', ['fr-BE', 'en'])).toBe('fr')
    expect(chooseLanguage('FRA', ['en-GB', 'fr'])).toBe('en')
    expect(chooseLanguage('FRA', ['de-DE', 'it'])).toBe('fr')
    expect(chooseLanguage('ESP', ['de-DE'])).toBe('es')
    expect(chooseLanguage(undefined, [])).toBe('es')
  })

  it('Spanish and French say everything English says, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort()
    const english = leaves(en)
    for (const dictionary of [es, fr]) {
      const translated = leaves(dictionary)
      expect(translated.map(([path]) => path)).toEqual(english.map(([path]) => path))
      translated.forEach(([path, text], i) => {
        expect(placeholders(text), path.join(' > ')).toEqual(placeholders(english[i]?.[1] ?? ''))
      })
    }
    expect(es.confirm).not.toBe(en.confirm)
    expect(fr.confirm).not.toBe(en.confirm)
  })

  it('French puts a no-break space before ; : ? and !, as French typography wants', () => {
    const loose = leaves(fr).filter(([, text]) =>
      /(^|[^\u00a0\u202f])[;:?!]/.test(text.replace(/https?:/g, '')),
    )
    expect(loose.map(([path, text]) => `${path.join(' > ')}: ${text}`)).toEqual([])
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('{n} cuotas de {amount}', { n: 3, amount: '86,00 €' })).toBe('3 cuotas de 86,00 €')
    expect(fill('{missing}')).toBe('{missing}')
  })
})
