import Translate from '@docusaurus/Translate'
import { type ReactNode, useEffect, useState } from 'react'
import type { LoadingComponentProps } from 'react-loadable'
import { errorText, reloadOnce } from '../../lib/chunk-reload.ts'
import styles from './styles.module.css'

/**
 * Shown while a route's chunks load and when they fail. A failure reloads the page once; if the chunk still
 * cannot be loaded, the error text and a Retry button stay on screen instead of a reload loop.
 */
export default function Loading({ error, retry, pastDelay }: LoadingComponentProps): ReactNode {
  const [showError, setShowError] = useState(false)

  useEffect(() => {
    if (error && !reloadOnce(error)) setShowError(true)
  }, [error])

  if (error) {
    if (!showError) return null
    return (
      <div className={styles.fallback} role="alert">
        <p>{errorText(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          <Translate
            id="plazo.loading.retry"
            description="Button that retries loading a page whose code failed to load"
          >
            Retry
          </Translate>
        </button>
      </div>
    )
  }
  if (!pastDelay) return null
  return (
    <div className={styles.loading}>
      <div className={styles.spinner} role="status">
        <span className={styles.visuallyHidden}>
          <Translate id="plazo.loading.label" description="Screen-reader text while a page loads">
            Loading…
          </Translate>
        </span>
      </div>
    </div>
  )
}
