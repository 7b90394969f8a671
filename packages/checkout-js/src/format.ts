import type { Locale } from './types.ts'

/** The BCP 47 tag each locale formats with: euro countries, so amounts read as customers expect. */
const TAGS: Record<Locale, string> = { es: 'es-ES', fr: 'fr-FR', en: 'en-IE' }

const moneyFormats = new Map<Locale, Intl.NumberFormat>()
const percentFormats = new Map<Locale, Intl.NumberFormat>()

/** Cents as EUR in the locale: `es` "33,33 €", `fr` "33,33 €", `en` "€33.33". */
export function formatMoney(cents: number, locale: Locale): string {
  let format = moneyFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency: 'EUR' })
    moneyFormats.set(locale, format)
  }
  return format.format(cents / 100)
}

/** A ratio as a percentage with two decimals: 0.0829 → `es` "8,29 %", `en` "8.29%". */
export function formatPercent(ratio: number, locale: Locale): string {
  let format = percentFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(TAGS[locale], {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    percentFormats.set(locale, format)
  }
  return format.format(ratio)
}

/** The texts components show, per locale. */
export const MESSAGES = {
  es: {
    months: (n: number) => (n === 1 ? '1 mes' : `${n} meses`),
    payIn: (text: string) => `Paga en ${text}`,
    interestFree: 'sin intereses',
    simulator: 'Simulador de financiación',
    term: 'Plazo',
    instalment: 'Cuota mensual',
    apr: 'TAE',
    interest: 'TIN',
    totalCost: 'Coste total del crédito',
    totalPayable: 'Importe total adeudado',
    documentation: 'Documentación',
    checkout: 'Pago con Plazo',
  },
  fr: {
    months: (n: number) => `${n} mois`,
    payIn: (text: string) => `Payez en ${text}`,
    interestFree: 'sans frais',
    simulator: 'Simulateur de financement',
    term: 'Durée',
    instalment: 'Mensualité',
    apr: 'TAEG',
    interest: 'Taux débiteur',
    totalCost: 'Coût total du crédit',
    totalPayable: 'Montant total dû',
    documentation: 'Documentation',
    checkout: 'Paiement Plazo',
  },
  en: {
    months: (n: number) => (n === 1 ? '1 month' : `${n} months`),
    payIn: (text: string) => `Pay in ${text}`,
    interestFree: 'interest-free',
    simulator: 'Financing simulator',
    term: 'Term',
    instalment: 'Monthly instalment',
    apr: 'APR',
    interest: 'Nominal interest',
    totalCost: 'Total cost of credit',
    totalPayable: 'Total payable',
    documentation: 'Documentation',
    checkout: 'Plazo checkout',
  },
} as const satisfies Record<Locale, Record<string, unknown>>

export const LOCALES: readonly Locale[] = ['es', 'fr', 'en']
