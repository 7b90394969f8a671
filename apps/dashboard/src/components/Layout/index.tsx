import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import type { DashboardAccount } from '../../api.ts'
import { CONTRACT } from '../../contract.ts'
import { fill, LANGUAGE_NAMES, LANGUAGES, type Lang, useI18n } from '../../i18n/index.tsx'
import type { Theme } from '../../theme.ts'
import styles from './styles.module.css'

export interface LayoutProps {
  account: DashboardAccount | null
  theme: Theme
  setTheme: (theme: Theme) => void
  onSignOut?: () => void
  children: ReactNode
}

/** The frame of every page: the brand and account, the navigation, the language and theme switches. */
export function Layout({ account, theme, setTheme, onSignOut, children }: LayoutProps) {
  const { t, lang, setLang } = useI18n()
  const [location] = useLocation()
  const links = [
    ['/', t.nav.sessions],
    ['/webhooks', t.nav.webhooks],
    ['/logs', t.nav.logs],
    ['/developers', t.nav.developers],
    ['/checks', t.nav.checks],
  ] as const
  const current = (href: string) =>
    href === '/' ? location === '/' || location.startsWith('/sessions') : location.startsWith(href)
  return (
    <>
      <a className="skip" href="#main">
        {t.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.top}>
          <p className={styles.brand}>
            {fill(t.brand, { brand: CONTRACT.brand })}
            {account ? <span className={styles.account}>{account.business_name}</span> : null}
          </p>
          <div className={styles.controls}>
            <label className={styles.control}>
              <span>{t.language}</span>
              <select value={lang} onChange={(event) => setLang(event.target.value as Lang)}>
                {LANGUAGES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {LANGUAGE_NAMES[code]}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.control}>
              <input
                type="checkbox"
                checked={theme === 'dark'}
                onChange={(event) => setTheme(event.target.checked ? 'dark' : 'light')}
              />
              <span>{t.themeDark}</span>
            </label>
            {account && onSignOut ? (
              <button type="button" className="secondary small" onClick={onSignOut}>
                {t.signOut}
              </button>
            ) : null}
          </div>
        </div>
        {account ? (
          <nav aria-label={t.nav.label} className={styles.nav}>
            <ul>
              {links.map(([href, label]) => (
                <li key={href}>
                  <Link href={href} aria-current={current(href) ? 'page' : undefined}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
    </>
  )
}
