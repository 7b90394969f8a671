import type { ReactNode } from 'react'
import type { ClientSession } from '../../api.ts'
import { fill, isLang, LANGUAGE_NAMES, LANGUAGES, useI18n } from '../../i18n/index.tsx'
import { RULES } from '../../rules.ts'
import { themeStyle } from '../../theme.ts'
import styles from './styles.module.css'

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
