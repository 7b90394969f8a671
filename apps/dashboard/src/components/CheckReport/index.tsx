import type { IntegrationCheckResult, IntegrationCheckRun } from '../../api.ts'
import { cliCommand, docsUrlIn, noAnswerReason } from '../../checks.ts'
import { fill, useI18n } from '../../i18n/index.tsx'
import { Snippet } from '../Snippet/index.tsx'
import styles from './styles.module.css'

const MARKS: Record<string, { mark: string; tone: string }> = {
  pass: { mark: '✓', tone: 'good' },
  fail: { mark: '✗', tone: 'bad' },
  warn: { mark: '!', tone: 'warn' },
  skip: { mark: '–', tone: 'neutral' },
}

/** A check's status as a word with a mark; the colour only helps. */
export function CheckStatus({ status }: { status: string }) {
  const { t } = useI18n()
  const { mark, tone } = MARKS[status] ?? { mark: '?', tone: 'neutral' }
  return (
    <span className={`badge badge-${tone}`} data-status={status}>
      <span aria-hidden="true">{mark} </span>
      {t.checks.statuses[status] ?? status}
    </span>
  )
}

/**
 * A finished run's report: the totals, then every check in the API's order with its id, status, title, what the
 * sandbox saw, and its section of the guide. When the handler never answered, why (the API's own words) comes
 * first, with the CLI command that checks a handler the sandbox cannot reach.
 */
export function CheckReport({ run, target }: { run: IntegrationCheckRun; target?: string | undefined }) {
  const { t, lang } = useI18n()
  const skipped = run.checks.length - run.passed - run.failed - run.warned
  const reason = noAnswerReason(run)
  return (
    <div className={styles.report}>
      <p className={styles.totals} data-testid="check-totals">
        {fill(t.checks.totals, {
          n: run.checks.length,
          passed: run.passed,
          failed: run.failed,
          warned: run.warned,
          skipped,
        })}
      </p>
      {reason ? (
        <div role="alert" className={styles.noAnswer}>
          <p>{fill(t.checks.noAnswer, { reason })}</p>
          <p>{t.checks.unreachable}</p>
          <Snippet title={t.checks.cli} code={cliCommand(target ?? '')} />
        </div>
      ) : null}
      <ol className={styles.checks}>
        {run.checks.map((check) => (
          <CheckItem key={check.id} check={check} docsUrl={docsUrlIn(check.docs_url, lang)} />
        ))}
      </ol>
    </div>
  )
}

function CheckItem({ check, docsUrl }: { check: IntegrationCheckResult; docsUrl: string }) {
  const { t } = useI18n()
  return (
    <li className={styles.check} data-check-id={check.id}>
      <div className={styles.head}>
        <CheckStatus status={check.status} />
        <h3 className={styles.title}>
          <code>{check.id}</code> <span>{t.checks.titles[check.id] ?? check.title}</span>
        </h3>
      </div>
      <p className={styles.detail}>{check.detail}</p>
      <a href={docsUrl} target="_blank" rel="noopener noreferrer">
        {fill(t.checks.guide, { id: check.id })}
        <span className="visually-hidden"> {t.checks.opensNewTab}</span>
      </a>
    </li>
  )
}
