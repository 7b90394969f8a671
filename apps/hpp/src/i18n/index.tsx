import { createContext, type ReactNode, useContext } from 'react'
import { type Dictionary, en } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'

export type Lang = 'es' | 'fr' | 'en'
export const LANGUAGES: readonly Lang[] = ['es', 'fr', 'en']
/** Each language in its own name, for the switcher. */
export const LANGUAGE_NAMES: Record<Lang, string> = { es: 'Español', fr: 'Français', en: 'English' }
export const DICTIONARIES: Record<Lang, Dictionary> = { es, fr, en }
/** Number and date formats: euros as in Spain and France; English with a European date order. */
export const LOCALES: Record<Lang, string> = { es: 'es-ES', fr: 'fr-FR', en: 'en-IE' }

const COUNTRY_LANGUAGE: Record<string, Lang> = { ESP: 'es', FRA: 'fr' }
const STORAGE_KEY = 'plazo-checkout-lang'

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The language to show: the one the customer picked on the page before; else the browser's first
 * preference we speak (a French customer of a Spanish shop reads French); else the purchase country's.
 */
export function chooseLanguage(country: string | undefined, browser: readonly string[]): Lang {
  const saved = readSaved()
  if (saved) return saved
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLang(primary)) return primary
  }
  return (country && COUNTRY_LANGUAGE[country]) || 'es'
}

function readSaved(): Lang | undefined {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY)
    return isLang(value) ? value : undefined
  } catch {
    return undefined // storage can be blocked (private modes, sandboxed frames)
  }
}

export function saveLanguage(lang: Lang): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, lang)
  } catch {
    // Not kept: the choice lasts until the page is left.
  }
}

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  )
}

/** A text with a count: the language's plural form for `n` (Intl's rules: French 0 and 1 are singular). */
export function plural(locale: string, forms: { one: string; other: string }, n: number): string {
  return fill(new Intl.PluralRules(locale).select(n) === 'one' ? forms.one : forms.other, { n })
}

export interface I18n {
  lang: Lang
  t: Dictionary
  locale: string
  setLang: (lang: Lang) => void
  /** The purchase country, once the session is loaded: it decides the language when the browser does not. */
  setCountry: (country: string) => void
}

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n outside I18nProvider')
  return value
}
