import { useEffect, useRef } from 'react'
import styles from './styles.module.css'

export interface StatusPageProps {
  title: string
  text?: string | undefined
  tone?: 'neutral' | 'success' | 'warning'
  action?: { label: string; href?: string | null | undefined; onClick?: () => void } | undefined
}

/** A whole-page message (expired, cancelled, completed, not found…): focused so screen readers announce it. */
export function StatusPage({ title, text, tone = 'neutral', action }: StatusPageProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <section className={`${styles.status} ${styles[tone]}`} aria-labelledby="plazo-status-title">
      <h1 id="plazo-status-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {text ? <p>{text}</p> : null}
      {action?.href ? (
        <a className={styles.action} href={action.href}>
          {action.label}
        </a>
      ) : action?.onClick ? (
        <button type="button" className={styles.action} onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </section>
  )
}
