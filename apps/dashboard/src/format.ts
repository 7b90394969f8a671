// Amounts, rates and times as the dashboard's language writes them.
import type { CheckoutSession } from './api.ts'

type Money = CheckoutSession['total_price']

export function money(locale: string, amount: Money | number): string {
  const cents = typeof amount === 'number' ? amount : amount.amount
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100)
}

/** A rate given as a ratio (0.0829 → 8.29 %). */
export function rate(locale: string, ratio: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio)
}

export function dateTime(locale: string, iso: string | null | undefined): string {
  if (!iso) return '—'
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso))
}

export function time(locale: string, iso: string | Date): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(iso))
}

/** A session id short enough for a list; the whole id stays in the link's accessible name. */
export function shortId(id: string): string {
  return id.slice(0, 8)
}

/**
 * Euros as typed (`12.50`, `12,50`, `1.234,56`, `1,234.56`, `20 €`) to cents, or undefined when it is not a
 * positive amount of at most two decimals. The decimal separator is the last one followed by one or two digits;
 * any other separator must be the other character, between groups of three digits. A lone separator followed by
 * three digits (`12.505`: twelve thousand or twelve and a half?) is refused rather than guessed.
 */
export function parseEuros(text: string): number | undefined {
  const compact = text.trim().replace(/[\s\u00a0\u202f€]/g, '')
  const match = /^(\d[\d.,]*?)(?:([.,])(\d{1,2}))?$/.exec(compact)
  if (!match) return undefined
  const [, whole = '', decimalSeparator, decimals = ''] = match
  const groups = whole.split(/[.,]/)
  const groupSeparators = new Set(whole.replace(/\d/g, ''))
  if (groups.length > 1) {
    const [group] = [...groupSeparators]
    const ambiguous = decimalSeparator === undefined && groups.length === 2
    if (groupSeparators.size > 1 || group === decimalSeparator || ambiguous) return undefined
    if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))
      return undefined
  }
  const cents = Number(groups.join('')) * 100 + Number(decimals.padEnd(2, '0'))
  return cents > 0 && Number.isSafeInteger(cents) ? cents : undefined
}
