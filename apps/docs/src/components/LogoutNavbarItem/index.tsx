import { translate } from '@docusaurus/Translate'
import useBaseUrl from '@docusaurus/useBaseUrl'
import clsx from 'clsx'
import type { ReactNode } from 'react'
import styles from './styles.module.css'

/** The gate server's logout endpoint (apps/docs/server). A POST form, so a stray link cannot log anyone out. */
export const LOGOUT_PATH = '/__gate/logout'

/** A door with an arrow leaving it (the usual "sign out" glyph), drawn in the text colour. */
function LogoutIcon(): ReactNode {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5" />
      <path d="M21 12H9" />
    </svg>
  )
}

/**
 * The log-out button. In the bar it is an icon (its name stays the label, for screen readers and as a
 * tooltip), so the bar keeps one row from the desktop breakpoint up in both languages; below that breakpoint
 * the bar has no room for it and it is only in the menu the ☰ button opens, as a labelled entry.
 */
export default function LogoutNavbarItem({ mobile = false }: { mobile?: boolean }): ReactNode {
  const home = useBaseUrl('/')
  const label = translate({
    id: 'plazo.navbar.logout',
    message: 'Log out',
    description: 'Navbar button that ends the docs session',
  })
  const form = (
    <form
      method="post"
      action={LOGOUT_PATH}
      className={clsx(styles.form, mobile ? styles.mobile : styles.bar)}
    >
      <input type="hidden" name="return_to" value={home} />
      {mobile ? (
        <button type="submit" className={clsx(styles.button, 'menu__link')}>
          {label}
        </button>
      ) : (
        <button
          type="submit"
          className={clsx(styles.button, styles.iconButton, 'navbar__link')}
          title={label}
        >
          <LogoutIcon />
          <span className={styles.visuallyHidden}>{label}</span>
        </button>
      )}
    </form>
  )
  return mobile ? <li className="menu__list-item">{form}</li> : form
}
