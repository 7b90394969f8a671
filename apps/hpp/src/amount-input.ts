// Amounts of money as people type them in the page's language, to cents, and back for display.
//
// Hand-written rather than a library: the parsers on npm (e.g. @internationalized/number's NumberParser) are
// lenient by design, reading "2.5" on a Spanish page as 25 or 2,5 rather than refusing it, and a wrong guess
// here is a loan decided on a tenth or a thousandth of the customer's income. The separators are learnt from
// Intl.NumberFormat's formatToParts, so the parser reads exactly what the page itself writes.
//
// The rules, strict wherever two readings are possible:
// - the locale's decimal separator (es, fr: comma; en: point), at most two decimals;
// - group separators: any space (plain, U+00A0, U+202F: what Intl writes in French), and the locale's own
//   (es: point; en: comma). On a comma-decimal page (es, fr) a point is read as a group separator only, since
//   "1.200 €" is how rents are written in Spain and often in France, and a point there never means decimals;
// - where a group separator is used, groups are exact: one to three digits, then groups of three. So on a
//   Spanish page "2.500" is 2500 €, while "2.5", "2.50" and "2500.50" are refused with a message saying which
//   separator is which: the shopper may mean 2,50 € or 2500 €, and only they know;
// - a decimal part of exactly three digits after one to three digits ("2,500" on a Spanish page, "2.500" on an
//   English one) is the other convention's thousands: refused with the same message, never read as 2,5;
// - a euro sign before or after is allowed; a minus sign is refused as a negative amount.

export type AmountProblem = 'grouping' | 'decimals' | 'format' | 'negative'
export type AmountReading = { ok: true; cents: number } | { ok: false; problem: AmountProblem }

interface Separators {
  decimal: string
  groups: string[]
}

const cache = new Map<string, Separators>()

function separatorsOf(locale: string): Separators {
  let known = cache.get(locale)
  if (!known) {
    // Five digits: Spanish groups only from 10 000 (Intl's minimum grouping digits).
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
    const group = (parts.find((p) => p.type === 'group')?.value ?? ' ').replace(SPACE, ' ')
    const groups = new Set([' ', group])
    if (decimal === ',') groups.add('.')
    known = { decimal, groups: [...groups] }
    cache.set(locale, known)
  }
  return known
}

/** Every space a keyboard, a copy-paste or Intl may put between digit groups. */
const SPACE = /[\s\u00a0\u2007\u2009\u202f]+/g
/** Up to 100 000 million euros: far beyond any income, and still exact in cents through Intl's formatting. */
const MAX_INTEGER_DIGITS = 11

/** Reads an amount typed on a page in `locale` ("es-ES", "fr-FR", "en-IE"): cents, or why it cannot be read. */
export function parseAmount(typed: string, locale: string): AmountReading {
  const { decimal, groups } = separatorsOf(locale)
  let text = typed.replace(SPACE, ' ').trim()
  text = text.replace(/^€ ?/, '').replace(/ ?€$/, '')
  if (/^[-\u2212]/.test(text)) return { ok: false, problem: 'negative' }
  if (!/^[0-9., ]+$/.test(text)) return { ok: false, problem: 'format' }

  const [integer = '', fraction, ...more] = text.split(decimal)
  if (more.length > 0) {
    // Two decimal separators: "2,500,000" on a Spanish page is the English way of writing millions.
    return { ok: false, problem: 'grouping' }
  }
  if (fraction !== undefined && !/^[0-9]+$/.test(fraction)) {
    return { ok: false, problem: /^[0-9]+$/.test(fraction.replace(/[., ]/g, '')) ? 'grouping' : 'format' }
  }
  const digits = integerDigits(integer, groups)
  if (digits === undefined) return { ok: false, problem: 'grouping' }
  if (digits === '') return { ok: false, problem: 'format' }
  if (fraction !== undefined && fraction.length > 2) {
    // "2,500" on a Spanish page is grouped the English way; "2500,505" is no grouping at all.
    const foreignThousands = fraction.length === 3 && /^[0-9]{1,3}$/.test(integer)
    return { ok: false, problem: foreignThousands ? 'grouping' : 'decimals' }
  }
  if (digits.replace(/^0+(?=.)/, '').length > MAX_INTEGER_DIGITS) return { ok: false, problem: 'format' }
  return { ok: true, cents: Number(digits) * 100 + Number((fraction ?? '').padEnd(2, '0')) }
}

/**
 * The digits of an integer part, or undefined when its grouping is not exact: one separator kind only,
 * a first group of one to three digits, then groups of three.
 */
function integerDigits(integer: string, groups: string[]): string | undefined {
  const used = groups.filter((g) => integer.includes(g))
  if (used.length === 0) return /^[0-9]*$/.test(integer) ? integer : undefined
  const [separator] = used
  if (used.length > 1 || separator === undefined) return undefined
  const parts = integer.split(separator)
  const [first = '', ...rest] = parts
  if (!/^[0-9]{1,3}$/.test(first) || !rest.every((p) => /^[0-9]{3}$/.test(p))) return undefined
  return parts.join('')
}

/** An amount in cents as the page shows it in `locale`: decimals only when there are cents (2500; 2500,50). */
export function formatAmount(cents: number, locale: string): string {
  const digits = cents % 100 === 0 ? 0 : 2
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(
    cents / 100,
  )
}

/** What was typed, shown back in the locale when it can be read; as typed otherwise, for the shopper to fix. */
export function tidyAmount(typed: string, locale: string): string {
  const read = parseAmount(typed, locale)
  return read.ok ? formatAmount(read.cents, locale) : typed
}
