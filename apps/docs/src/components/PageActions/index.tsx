import { useLocation } from '@docusaurus/router'
import { translate } from '@docusaurus/Translate'
import { type ReactNode, useEffect, useState } from 'react'
import styles from './styles.module.css'

type CopyState = 'idle' | 'copied' | 'failed'

/** The page's Markdown twin: its URL plus `.md` (built by scripts/markdown). */
export function markdownUrl(pathname: string): string {
  return `${pathname.replace(/\/$/, '')}.md`
}

/** Clipboard API where the page is a secure context (HTTPS, localhost); a selected textarea elsewhere. */
async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy refused')
}

/** "Copy page" (the guide's Markdown, fetched when clicked) and a link to the Markdown itself. */
export default function PageActions(): ReactNode {
  const { pathname } = useLocation()
  const [state, setState] = useState<CopyState>('idle')
  const url = markdownUrl(pathname)

  useEffect(() => {
    if (state === 'idle') return
    const reset = setTimeout(() => setState('idle'), 2_000)
    return () => clearTimeout(reset)
  }, [state])

  const copy = async () => {
    try {
      const response = await fetch(url, { credentials: 'same-origin' })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      await copyText(await response.text())
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  const label = {
    idle: translate({ id: 'plazo.pageActions.copy', message: 'Copy page' }),
    copied: translate({ id: 'plazo.pageActions.copied', message: 'Copied' }),
    failed: translate({ id: 'plazo.pageActions.failed', message: 'Could not copy' }),
  }[state]

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={copy}
        title={translate({
          id: 'plazo.pageActions.copyTitle',
          message: 'Copy this page as Markdown, for your notes or an AI assistant',
        })}
      >
        {label}
      </button>
      <span aria-live="polite" className={styles.status}>
        {state === 'idle' ? '' : label}
      </span>
      <a className={styles.link} href={url}>
        {translate({ id: 'plazo.pageActions.markdown', message: 'View as Markdown' })}
      </a>
    </div>
  )
}
