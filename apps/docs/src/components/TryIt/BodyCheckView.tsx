import type { ReactNode } from 'react'
import type { Labels } from './labels.ts'
import styles from './styles.module.css'
import type { BodyCheck } from './validator.ts'

/** What the request schema says about the body being typed (announced politely, not on every key). */
export function BodyCheckView({
  id,
  check,
  t,
}: {
  id: string
  check: BodyCheck | 'pending'
  t: Labels
}): ReactNode {
  let content: ReactNode
  if (check === 'pending') content = <span className={styles.hint}>{t.checking}</span>
  else if (check.kind === 'empty') content = <span className={styles.hint}>{t.noBody}</span>
  else if (check.kind === 'valid') content = <span className={styles.valid}>{t.valid}</span>
  else if (check.kind === 'not-json') {
    content = (
      <span className={styles.invalid}>
        {t.notJson} {check.message}
      </span>
    )
  } else {
    content = (
      <>
        <span className={styles.invalid}>{t.invalid(check.errors.length)}</span>
        <ul className={styles.errors}>
          {check.errors.map((error) => (
            <li key={`${error.field}|${error.message}`}>
              <code>{error.field}</code> {error.message}
            </li>
          ))}
        </ul>
      </>
    )
  }
  return (
    <div
      id={id}
      className={styles.check}
      aria-live="polite"
      data-check={check === 'pending' ? 'pending' : check.kind}
    >
      {content}
    </div>
  )
}
