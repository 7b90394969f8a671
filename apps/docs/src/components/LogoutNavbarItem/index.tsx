import { translate } from '@docusaurus/Translate'
import useBaseUrl from '@docusaurus/useBaseUrl'
import clsx from 'clsx'
import type { ReactNode } from 'react'
import styles from './styles.module.css'

/** The gate server's logout endpoint (apps/docs/server). A POST form, so a stray link cannot log anyone out. */
export const LOGOUT_PATH = '/__gate/logout'

export default function LogoutNavbarItem({ mobile = false }: { mobile?: boolean }): ReactNode {
  const home = useBaseUrl('/')
  const label = translate({
    id: 'plazo.navbar.logout',
    message: 'Log out',
    description: 'Navbar button that ends the docs session',
  })
  const form = (
    <form method="post" action={LOGOUT_PATH} className={clsx(styles.form, mobile && styles.mobile)}>
      <input type="hidden" name="return_to" value={home} />
      <button type="submit" className={clsx(styles.button, mobile ? 'menu__link' : 'navbar__link')}>
        {label}
      </button>
    </form>
  )
  return mobile ? <li className="menu__list-item">{form}</li> : form
}
