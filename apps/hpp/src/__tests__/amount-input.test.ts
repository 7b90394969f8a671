// Amounts typed in Spanish, French and English (issue 41, item 1): what each reads as, what is refused and
// why, and, over thousands of random amounts, that whatever Intl writes in a language reads back to the same
// cents, while what one language writes is never read as another amount in the other two.
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../../test-support/seeded-random.ts'
import { formatAmount, parseAmount } from '../amount-input.ts'

const LOCALES = { es: 'es-ES', fr: 'fr-FR', en: 'en-IE' } as const
type Lang = keyof typeof LOCALES

const NBSP = '\u00a0'
const NNBSP = '\u202f'

const READ: Array<[Lang, string, number]> = [
  ['es', '2.500,50', 250050],
  ['es', '2500,50', 250050],
  ['es', '2.500', 250000],
  ['es', '1.200', 120000],
  ['es', '2500', 250000],
  ['es', '2500,5', 250050],
  ['es', '0,99', 99],
  ['es', '0', 0],
  ['es', '1.234.567,89', 123456789],
  ['es', '2 500,50', 250050], // the RAE's own way of grouping thousands
  ['es', ' 2.500 € ', 250000],
  ['es', '2.500,00\u00a0€', 250000], // copied from the page's own prices
  ['fr', `2 500,50`, 250050],
  ['fr', `2${NBSP}500,50`, 250050],
  ['fr', `2${NNBSP}500,50`, 250050],
  ['fr', `1${NNBSP}234${NNBSP}567,8`, 123456780],
  ['fr', '2500,5', 250050],
  ['fr', '2 500', 250000],
  ['fr', '1.200', 120000], // a point between thousands, as French rents are often written
  ['en', '2,500.50', 250050],
  ['en', '2500.5', 250050],
  ['en', '2,500', 250000],
  ['en', '€2,500.00', 250000],
  ['en', '2 500.50', 250050],
]

const REFUSED: Array<[Lang, string, string]> = [
  // A point with other than three digits after it: 2,50 € or 2500 €? Only the shopper knows.
  ['es', '2.5', 'grouping'],
  ['es', '2.50', 'grouping'],
  ['es', '2500.50', 'grouping'],
  ['es', '25.00', 'grouping'],
  ['es', '2.5000', 'grouping'],
  ['es', '1.234.56', 'grouping'],
  ['es', '2,500', 'grouping'], // English thousands on a Spanish page, never 2,5
  ['es', '2,500,000', 'grouping'],
  ['es', '1.234 567', 'grouping'], // two kinds of group separator
  ['es', '2500,505', 'decimals'],
  ['es', '2,5555', 'decimals'],
  ['es', 'dos mil', 'format'],
  ['es', '2500,', 'format'],
  ['es', ',50', 'format'],
  ['es', '', 'format'],
  ['es', '12345678901234', 'format'],
  ['es', '-2.500', 'negative'],
  ['es', '−25', 'negative'],
  ['fr', '2500.5', 'grouping'],
  ['fr', '2 50', 'grouping'],
  ['fr', '25 00,50', 'grouping'],
  ['fr', '2,500', 'grouping'],
  ['fr', '2 500,505', 'decimals'],
  ['en', '2,5', 'grouping'],
  ['en', '2500,50', 'grouping'],
  ['en', '2.500', 'grouping'], // Spanish thousands on an English page, never 2.5
  ['en', '2,500.505', 'decimals'],
  ['en', '1.234.567', 'grouping'],
]

describe('amounts as typed', () => {
  it.each(READ)('%s %j is %i cents', (lang, typed, cents) => {
    expect(parseAmount(typed, LOCALES[lang])).toEqual({ ok: true, cents })
  })

  it.each(REFUSED)('%s %j is refused (%s)', (lang, typed, problem) => {
    expect(parseAmount(typed, LOCALES[lang])).toEqual({ ok: false, problem })
  })

  it('is shown back as Intl writes it, decimals only when there are cents', () => {
    expect(formatAmount(250000, 'es-ES')).toBe('2500')
    expect(formatAmount(2500000, 'es-ES')).toBe('25.000')
    expect(formatAmount(250050, 'es-ES')).toBe('2500,50')
    expect(formatAmount(250050, 'fr-FR')).toBe(`2${NNBSP}500,50`)
    expect(formatAmount(250050, 'en-IE')).toBe('2,500.50')
  })
})

/** Amounts in cents of every size, from cents to 100 000 million euros, with round ones among them. */
function amounts(count: number, seed: number): number[] {
  const next = seededRandom(seed)
  const list = [0, 1, 99, 100, 999, 1000, 99999, 100000, 1000000, 99999999999, 9999999999999]
  while (list.length < count) {
    const digits = 1 + Math.floor(next() * 13)
    const cents = Math.floor(next() * 10 ** digits)
    list.push(next() < 0.3 ? cents - (cents % 100) : cents)
  }
  return list
}

/** The ways a number in `locale` is written: the page's own formats, without grouping, as a price. */
function writings(cents: number, locale: string): string[] {
  const euros = cents / 100
  const written = [
    formatAmount(cents, locale),
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(euros),
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(euros),
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(euros),
  ]
  // Typed on a keyboard, the French group separator is a plain space or a no-break one.
  if (locale === 'fr-FR')
    written.push(written[0]?.replaceAll(NNBSP, ' ') ?? '', written[1]?.replaceAll(NNBSP, NBSP) ?? '')
  return written
}

describe('amounts, property: whatever a language writes', () => {
  const sample = amounts(3000, 41)

  it.each(Object.entries(LOCALES))('%s: reads back to the same cents', (_, locale) => {
    for (const cents of sample) {
      for (const text of writings(cents, locale)) {
        expect(parseAmount(text, locale), `${cents} written ${JSON.stringify(text)}`).toEqual({
          ok: true,
          cents,
        })
      }
    }
  })

  it('is never read as another amount in another language: the same cents, or refused', () => {
    const locales = Object.values(LOCALES)
    for (const cents of sample) {
      for (const from of locales) {
        for (const text of writings(cents, from)) {
          for (const to of locales) {
            const read = parseAmount(text, to)
            if (read.ok) expect(read.cents, `${JSON.stringify(text)} (${from}) read in ${to}`).toBe(cents)
          }
        }
      }
    }
  })
})
