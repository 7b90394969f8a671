// Phone numbers as people type them, to the international form the API takes (E.164: +34600123456).
//
// Hand-written for Spain and France rather than libphonenumber-js: its smallest build (`/min` metadata) adds
// 29 KB of gzip JavaScript to a first load of 74.5 KB, for the two numbering plans the shops sell in, whose
// rules fit in a few lines. A number of any other country is accepted with its + or 00 prefix, in the form
// the API checks (a country code and 7 to 15 digits in all).
//
// - Written separators are dropped: spaces of any kind, dots, dashes, slashes, parentheses, and the trunk
//   zero French numbers show in brackets after their country code ("+33 (0)6 12 34 56 78").
// - 00 is the international prefix dialled from Spain and France: 0034 600 123 456 is +34 600 123 456.
// - Spain (+34): nine digits from 6 to 9 (mobile 6 and 7, landlines 8 and 9); there is no trunk zero.
// - France (+33): nine digits after the trunk zero of the national form, 01 to 09.
// - A national number with its trunk zero (06 12 34 56 78) can only be French. Nine digits without it are
//   read in the customer's country, `country`: 612 345 678 is Spanish for a Spaniard, French for a French
//   customer who left the zero out.

export type PhoneCountry = 'ES' | 'FR'

const E164 = /^\+[1-9][0-9]{6,14}$/
const SPAIN = /^[6-9][0-9]{8}$/
const FRANCE = /^[1-9][0-9]{8}$/

/** The number in E.164 (+34600123456), or undefined when it is not a phone number we can read. */
export function normalisePhone(typed: string, country: PhoneCountry): string | undefined {
  let text = typed
    .trim()
    .replace(/\(0\)/g, '')
    .replace(/[\s./()-]/g, '')
  if (text.startsWith('00')) text = `+${text.slice(2)}`
  if (text.startsWith('+')) {
    const digits = text.slice(1)
    if (!/^[0-9]+$/.test(digits)) return undefined
    if (digits.startsWith('34')) return SPAIN.test(digits.slice(2)) ? `+${digits}` : undefined
    if (digits.startsWith('33')) {
      // "+33 06 12 34 56 78": the trunk zero kept after the country code.
      const national = digits.slice(2).replace(/^0(?=[0-9]{9}$)/, '')
      return FRANCE.test(national) ? `+33${national}` : undefined
    }
    return E164.test(text) ? text : undefined
  }
  if (!/^[0-9]+$/.test(text)) return undefined
  if (/^0[1-9][0-9]{8}$/.test(text)) return `+33${text.slice(1)}`
  if (country === 'ES' && SPAIN.test(text)) return `+34${text}`
  if (country === 'FR' && FRANCE.test(text)) return `+33${text}`
  return undefined
}

/**
 * The country a national number is read in: the page's language when it names one (the customer chose or
 * reads it), else the shop's purchase country. The client session carries no billing address to prefer.
 */
export function phoneCountryOf(lang: string, purchaseCountry: string): PhoneCountry {
  if (lang === 'es') return 'ES'
  if (lang === 'fr') return 'FR'
  return purchaseCountry === 'FRA' ? 'FR' : 'ES'
}
