import type { CSSProperties, ReactNode } from 'react'
import type { ClientSession } from '../../api.ts'
import { fill, isLang, LANGUAGE_NAMES, LANGUAGES, useI18n } from '../../i18n/index.tsx'
import { RULES } from '../../rules.ts'
import styles from './styles.module.css'

const RADIUS = { rectangular: '0', rounded: '0.5rem', pill: '999px' } as const
const BOX_RADIUS = { rectangular: '0', rounded: '0.75rem', pill: '1.25rem' } as const

/** The merchant's colours and shape (ui.customization) as the CSS variables the styles use. */
export function themeStyle(customization: ClientSession['customization']): CSSProperties {
  const c = customization ?? {}
  const vars: Record<string, string> = {}
  if (c.color_text) vars['--color-text'] = c.color_text
  if (c.color_brand) vars['--color-brand'] = c.color_brand
  if (c.color_brand_foreground) vars['--color-brand-foreground'] = c.color_brand_foreground
  if (c.color_border) vars['--color-border'] = c.color_border
  if (c.color_background) vars['--color-background'] = c.color_background
  if (c.shape) {
    vars['--radius'] = RADIUS[c.shape]
    vars['--radius-box'] = BOX_RADIUS[c.shape]
  }
  return vars as CSSProperties
}

export interface LayoutProps {
  session?: Pick<ClientSession, 'customization' | 'logo_url' | 'page_title' | 'merchant_name'> | undefined
  /** The embedded checkout sits in the merchant's page: no header of its own. */
  embedded?: boolean
  children: ReactNode
}

export function Layout({ session, embedded = false, children }: LayoutProps) {
  const { t } = useI18n()
  const title = session?.page_title ?? session?.merchant_name
  return (
    <div
      className={embedded ? styles.embedded : styles.page}
      style={themeStyle(session?.customization ?? null)}
    >
      {embedded ? (
        <div className={styles.embeddedBar}>
          <LanguageSwitcher />
        </div>
      ) : (
        <header className={styles.header}>
          {session?.logo_url ? (
            <div className={styles.logo}>
              <img src={session.logo_url} alt={session.merchant_name} />
            </div>
          ) : null}
          {title ? <p className={styles.title}>{title}</p> : null}
          <LanguageSwitcher />
        </header>
      )}
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>{fill(t.paymentBy, { brand: RULES.brand })}</footer>
    </div>
  )
}

function LanguageSwitcher() {
  const { t, lang, setLang } = useI18n()
  return (
    <div className={styles.language}>
      <label htmlFor="plazo-language">{t.language}</label>
      <select
        id="plazo-language"
        value={lang}
        onChange={(e) => {
          if (isLang(e.target.value)) setLang(e.target.value)
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  )
}
