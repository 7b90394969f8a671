import { translate } from '@docusaurus/Translate'
import { ThemeClassNames, useThemeConfig } from '@docusaurus/theme-common'
import { useAnnouncementBar } from '@docusaurus/theme-common/internal'
import AnnouncementBarContent from '@theme/AnnouncementBar/Content'
import clsx from 'clsx'
import type { ReactNode } from 'react'
import styles from './styles.module.css'

/**
 * The theme's announcement bar, as a labelled region (a named section) instead of a second `banner` landmark beside the
 * navbar's (a page has one banner). Ours cannot be closed, so the close button is left out.
 */
export default function AnnouncementBar(): ReactNode {
  const { announcementBar } = useThemeConfig()
  const { isActive } = useAnnouncementBar()
  if (!isActive || !announcementBar) return null
  return (
    <section
      className={clsx(ThemeClassNames.announcementBar.container, styles.announcementBar)}
      style={{ backgroundColor: announcementBar.backgroundColor, color: announcementBar.textColor }}
      aria-label={translate({
        id: 'plazo.announcementBar.label',
        message: 'Earlier API documentation',
        description: 'Accessible name of the banner that links to the older BNPL-only documentation',
      })}
    >
      <AnnouncementBarContent className={styles.announcementBarContent} />
    </section>
  )
}
