import { LOCALES } from './format.ts'
import { type Settings, storage } from './storage.ts'
import type { Locale } from './types.ts'

/** The developer documentation site that `npm start` serves (DESIGN.md); pass `docsUrl` to use another. */
const DEFAULT_DOCS_URL = 'http://localhost:3000'

/**
 * Where the script tag loaded checkout.js from, so `<script src="<api>/checkout.js">` needs no `baseUrl`.
 * Read once, while the script runs: `document.currentScript` is null afterwards and in ES modules.
 */
const scriptOrigin: string | undefined = (() => {
  if (typeof document === 'undefined') return undefined
  const script = document.currentScript as HTMLScriptElement | null
  if (!script?.src) return undefined
  try {
    return new URL(script.src).origin
  } catch {
    return undefined
  }
})()

function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang.slice(0, 2).toLowerCase()
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : 'es'
}

function origin(url: string, name: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`init: ${name} must be an absolute http(s) URL, got "${url}".`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`init: ${name} must be an absolute http(s) URL, got "${url}".`)
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}

/**
 * Configures checkout-js for your agent: call it once, before any other function or component. The settings
 * are kept in {@link storage}; calling `init` again replaces them.
 *
 * - `agentId`: your agent (point of sale) id, public like a publishable key (never your API credentials).
 * - `baseUrl`: the Plazo API origin. Optional when the page loaded `<api>/checkout.js` with a script tag.
 * - `locale`: `es`, `fr` or `en` (default: the page's `<html lang>` when it is one of them, else `es`).
 * - `docsUrl`: the documentation site {@link documentation} links to.
 *
 * @returns the settings now in force.
 * @throws Error when `agentId` is missing or a URL is not an absolute http(s) URL.
 *
 * @example
 * ```html
 * <script src="http://localhost:4000/checkout.js"></script>
 * <script>
 *   PlazoCheckout.init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', locale: 'es' })
 * </script>
 * ```
 *
 * @example
 * ```ts
 * import { init } from '@plazo/checkout-js'
 * init({ agentId: 'a0a09c08-ec9b-4994-8a89-ddaf1e736565', baseUrl: 'http://localhost:4000', locale: 'en' })
 * ```
 */
export function init(options: {
  agentId: string
  baseUrl?: string
  locale?: Locale
  docsUrl?: string
}): Settings {
  if (!options || typeof options.agentId !== 'string' || options.agentId.trim() === '') {
    throw new Error('init: agentId is required (your agent id, e.g. "a0a09c08-ec9b-4994-8a89-ddaf1e736565").')
  }
  const baseUrl = options.baseUrl ?? scriptOrigin
  if (!baseUrl)
    throw new Error('init: baseUrl is required (the Plazo API origin, e.g. "http://localhost:4000").')
  if (options.locale !== undefined && !LOCALES.includes(options.locale)) {
    throw new Error(`init: locale must be one of ${LOCALES.join(', ')}, got "${String(options.locale)}".`)
  }
  const settings: Settings = {
    agentId: options.agentId.trim(),
    baseUrl: origin(baseUrl, 'baseUrl'),
    locale: options.locale ?? pageLocale(),
    docsUrl: origin(options.docsUrl ?? DEFAULT_DOCS_URL, 'docsUrl'),
  }
  if (storage.settings?.agentId !== settings.agentId || storage.settings.baseUrl !== settings.baseUrl) {
    storage.configurations.clear()
  }
  storage.settings = Object.freeze(settings)
  return settings
}
