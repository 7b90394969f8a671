import { describe, expect, it } from 'vitest'
import { money, parseEuros, rate } from '../format.ts'
import { chooseLanguage, DICTIONARIES } from '../i18n/index.tsx'

describe('amounts typed in a refund', () => {
  it('reads euros with either decimal separator and thousands groups, to cents', () => {
    expect(parseEuros('12.50')).toBe(1250)
    expect(parseEuros('12,5')).toBe(1250)
    expect(parseEuros(' 20 € ')).toBe(2000)
    expect(parseEuros('1.234,56')).toBe(123456)
    expect(parseEuros('1,234.56')).toBe(123456)
  })

  it('refuses what is not a positive amount of at most two decimals', () => {
    for (const text of ['', '0', '0,00', '-5', '12.345.6', '1,2,3', 'abc', '12.505'])
      expect(parseEuros(text), text).toBeUndefined()
  })
})

describe('figures in each language', () => {
  it('writes money and the TAE as Spain and the English page do', () => {
    expect(money('es-ES', 9900)).toMatch(/^99,00\s€$/)
    expect(money('en-IE', { amount: 9900, currency: 'EUR' })).toBe('€99.00')
    expect(rate('es-ES', 0.0828)).toMatch(/^8,28\s%$/)
  })
})

describe('the language', () => {
  it('is the one chosen with the switch, else the browser\u2019s first one the dashboard speaks, else English', () => {
    expect(chooseLanguage('es', ['en-GB'])).toBe('es')
    expect(chooseLanguage(null, ['fr-FR', 'es-ES', 'en'])).toBe('es')
    expect(chooseLanguage('de', ['de-DE'])).toBe('en')
  })

  it('has every text in Spanish, none left in English by mistake', () => {
    const flat = (value: unknown, path = ''): Array<[string, string]> =>
      typeof value === 'string'
        ? [[path, value]]
        : Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => flat(v, `${path}.${key}`))
    const en = new Map(flat(DICTIONARIES.en))
    const es = new Map(flat(DICTIONARIES.es))
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort())
    // Words that are the same in both languages (names, codes, a unit).
    const same = new Set([
      '.nav.webhooks',
      '.webhooks.title',
      '.signIn.email',
      '.signUp.email',
      '.session.email',
      '.events.error',
      '.logs.idempotencyKey',
      '.session.total',
      '.session.lineTotal',
      '.developers.cli',
      '.session.no',
      '.session.apr',
      '.statuses.paid',
      '.statuses.challenge',
    ])
    expect(
      [...en].filter(([key, text]) => es.get(key) === text && !same.has(key)).map(([key]) => key),
    ).toEqual([])
  })
})
