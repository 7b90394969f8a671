import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en.ts'
import { es } from '../i18n/es.ts'
import { fr } from '../i18n/fr.ts'
import { chooseLanguage, fill, plural } from '../i18n/index.tsx'

/** Every leaf of a dictionary with its path (keys can contain dots, so paths are arrays). */
function leaves(value: unknown, path: string[] = []): Array<[string[], string]> {
  if (typeof value !== 'object' || value === null) return [[path, String(value)]]
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))
}

/**
 * Where French text breaks its typography: a ; : ? ! or » not preceded by a no-break space (U+00A0 or the
 * narrow U+202F), a « not followed by one. URLs are not prose.
 */
function frenchSpacingFaults(text: string): string[] {
  const prose = text.replace(/https?:\/\/\S+/g, '')
  return [...prose.matchAll(/(^|[^\u00a0\u202f])[;:?!»]|«(?![\u00a0\u202f])./g)].map((m) => m[0])
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

  it('French puts a no-break space before ; : ? ! and », and after «, as French typography wants', () => {
    const loose = leaves(fr).filter(([, text]) => frenchSpacingFaults(text).length > 0)
    expect(loose.map(([path, text]) => `${path.join(' > ')}: ${text}`)).toEqual([])
    // The check itself: it finds what it is meant to find.
    expect(frenchSpacingFaults('Payez ici : « Carte »')).toEqual([' :', '« ', ' »'])
    expect(frenchSpacingFaults('https://plazo.test/a?b=1')).toEqual([])
  })

  it('names every method with a noun, which the denial sentence quotes whole', () => {
    // Issue 41 item 8: "Tarjeta no ha sido aprobado", "Paga a plazos no ha sido aprobado".
    expect(fill(es.deniedNotice, { method: es.methods.card_payment })).toBe(
      'No se ha aprobado el pago con «Tarjeta». Elige otra forma de pago.',
    )
    expect(fill(fr.deniedNotice, { method: fr.methods.bnpl_instalments })).toBe(
      'Le paiement par «\u00a0Paiement en plusieurs fois\u00a0» n’a pas été accepté. Choisissez un autre mode de paiement.',
    )
    // No imperative among the names (Paga, Divide; Payez, Fractionnez).
    expect(Object.values(es.methods).filter((name) => /^(Paga|Divide|Elige)\b/.test(name))).toEqual([])
    expect(Object.values(fr.methods).filter((name) => /^\p{L}+ez\b/u.test(name))).toEqual([])
  })

  it('says when an instalment is due in months after the purchase, singular and plural', () => {
    expect(plural('es-ES', es.scheduleMonth, 1)).toBe('1 mes después de la compra')
    expect(plural('es-ES', es.scheduleMonth, 2)).toBe('2 meses después de la compra')
    expect(plural('fr-FR', fr.scheduleMonth, 1)).toBe('1 mois après l’achat')
    expect(plural('fr-FR', fr.scheduleMonth, 12)).toBe('12 mois après l’achat')
    expect(plural('en-IE', en.scheduleMonth, 1)).toBe('1 month after purchase')
    expect(plural('en-IE', en.scheduleMonth, 3)).toBe('3 months after purchase')
    // "Échéance | Date" over "mois 1": no column called a date over cells that are not.
    expect(fr.scheduleDue).not.toBe('Date')
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('{n} cuotas de {amount}', { n: 3, amount: '86,00 €' })).toBe('3 cuotas de 86,00 €')
    expect(fill('{missing}')).toBe('{missing}')
  })
})
