import { createContext, type ReactNode, useContext } from 'react'
import { type Dictionary, en } from './en.ts'
import { es } from './es.ts'

export type Lang = 'en' | 'es'
export const LANGUAGES: readonly Lang[] = ['en', 'es']
/** Each language in its own name, for the switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', es: 'Español' }
export const DICTIONARIES: Record<Lang, Dictionary> = { en, es }
/** Number and date formats: euros and dates as in Spain; English with a European date order. */
export const LOCALES: Record<Lang, string> = { en: 'en-IE', es: 'es-ES' }

const STORAGE_KEY = 'plazo-dashboard-lang'

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The language picked with the switch before (remembered); else the browser's first one we speak; else English. */
export function chooseLanguage(saved: string | null, browser: readonly string[]): Lang {
  if (isLang(saved)) return saved
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLang(primary)) return primary
  }
  return 'en'
}

export function savedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null // storage can be blocked
  }
}

export function saveLanguage(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang)
  } catch {
    // Not kept: the choice lasts as long as the page.
  }
}

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  )
}

export interface I18n {
  lang: Lang
  t: Dictionary
  locale: string
  setLang: (lang: Lang) => void
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
