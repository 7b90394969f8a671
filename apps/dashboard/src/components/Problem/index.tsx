import type { ApiProblem } from '../../api.ts'
import { fill, useI18n } from '../../i18n/index.tsx'
import styles from './styles.module.css'

/** An error of the sandbox, shown with its own message (and its request id, to find it in the server's log). */
export function Problem({ problem, message }: { problem: ApiProblem | undefined; message?: string }) {
  const { t } = useI18n()
  if (!problem) return null
  const text =
    message ?? (problem.status === 0 ? fill(t.networkError, { message: problem.message }) : problem.message)
  return (
    <div role="alert" className={styles.problem}>
      <p className={styles.title}>
        {problem.status > 0 ? `${problem.status} · ` : ''}
        {text}
      </p>
      {problem.schemaErrors.length > 1 ? (
        <ul>
          {problem.schemaErrors.map((error) => (
            <li key={`${error.field} ${error.message}`}>
              <code>{error.field}</code> {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      {problem.requestId ? (
        <p className={styles.meta}>{fill(t.requestId, { id: problem.requestId })}</p>
      ) : null}
    </div>
  )
}
