import type { Money } from './api.ts'

export function money(locale: string, value: Money | number): string {
  const cents = typeof value === 'number' ? value : value.amount
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100)
}

/** A ratio (0.0799) as a percentage with two decimals (7,99 %). */
export function percent(locale: string, ratio: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio)
}

export function dateTime(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))
}
