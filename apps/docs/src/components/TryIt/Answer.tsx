import type { ReactNode } from 'react'
import type { Labels } from './labels.ts'
import type { Answer } from './sandbox.ts'
import styles from './styles.module.css'

/** `npm run start:api` in a message becomes code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <code key={part}>{part}</code> : part))
}

function schemaErrorsOf(json: unknown): Array<{ field: string; message: string }> {
  const errors = (json as { schema_errors?: unknown } | undefined)?.schema_errors
  return Array.isArray(errors)
    ? errors.filter((error): error is { field: string; message: string } => typeof error?.field === 'string')
    : []
}

/** The API's answer: status, time, headers and the pretty-printed body (or why there is none). */
export default function AnswerView({ answer, t }: { answer: Answer; t: Labels }): ReactNode {
  const problem =
    answer.problem === 'sandbox-down'
      ? t.sandboxDown
      : answer.problem === 'docs-session'
        ? t.docsSession
        : answer.problem === 'network'
          ? t.network
          : undefined
  const schemaErrors = schemaErrorsOf(answer.json)
  const ok = answer.status >= 200 && answer.status < 300
  return (
    <div className={styles.answer} data-status={answer.status}>
      <p className={styles.statusLine}>
        <span>{t.response}</span>{' '}
        {answer.status > 0 ? (
          <strong className={ok ? styles.valid : styles.invalid}>
            {answer.status} {answer.statusText}
          </strong>
        ) : null}{' '}
        <span className={styles.hint}>{t.time(answer.ms)}</span>
      </p>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {withCode(problem)}
        </p>
      ) : null}
      {schemaErrors.length > 0 ? (
        <div className={styles.schemaErrors}>
          <p>{t.schemaErrors}</p>
          <ul className={styles.errors}>
            {schemaErrors.map((error) => (
              <li key={`${error.field}|${error.message}`}>
                <code>{error.field}</code> {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {answer.headers.length > 0 ? (
        <details className={styles.headers}>
          <summary>
            {t.headers} ({answer.headers.length})
          </summary>
          <dl>
            {answer.headers.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {answer.text ? (
        <pre className={styles.pre}>
          {answer.json === undefined ? answer.text : JSON.stringify(answer.json, null, 2)}
        </pre>
      ) : null}
    </div>
  )
}
