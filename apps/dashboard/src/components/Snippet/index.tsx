import { useState } from 'react'
import { useI18n } from '../../i18n/index.tsx'
import styles from './styles.module.css'

/** A block of code to copy into a project or a terminal, with its title and a Copy button. */
export function Snippet({ title, code }: { title: string; code: string }) {
  const { t } = useI18n()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      // No clipboard (plain http on another host): the code can still be selected.
    }
  }
  return (
    <figure className={styles.snippet}>
      <figcaption className={styles.caption}>
        <span>{title}</span>
        <button
          type="button"
          className="secondary small"
          onClick={copy}
          aria-label={`${t.developers.copy}: ${title}`}
        >
          {copied ? t.developers.copied : t.developers.copy}
        </button>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls takes the keyboard focus (axe scrollable-region-focusable) */}
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  )
}
