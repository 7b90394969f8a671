import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useAccount } from '../account.tsx'
import { ApiProblem, api, type IntegrationCheckRun } from '../api.ts'
import { loadRecent, type RecentRun, remember, saveRecent, updateRecent } from '../checks.ts'
import { FlowCheckForm, WebhooksCheckForm } from '../components/CheckForms/index.tsx'
import { CheckReport } from '../components/CheckReport/index.tsx'
import { Problem } from '../components/Problem/index.tsx'
import { dateTime } from '../format.ts'
import { fill, useI18n } from '../i18n/index.tsx'
import { CodeText } from './SessionsPage.tsx'

/** How often a running webhooks run is read again: a run takes a few seconds (13 notifications, then 2 s). */
const POLL_MS = 1000

/**
 * The integration checks (issue 39, docs/adr/0017), run by the API's one grading engine: a form per kind, the
 * run shown at `?run=<id>` (read again until it is done), and the runs this tab started, since the API keeps
 * runs but does not list them. `?session=<id>` fills in the flow form (the session page links here).
 */
export function ChecksPage() {
  const { t } = useI18n()
  const { account } = useAccount()
  const params = new URLSearchParams(useSearch())
  const runId = params.get('run') ?? undefined
  const [, navigate] = useLocation()
  const [recent, setRecent] = useState<RecentRun[]>(() => loadRecent(account.merchant_id))
  // A run just started: shown from the API's answer, without reading it again.
  const [started, setStarted] = useState<IntegrationCheckRun | undefined>()

  const keep = useCallback(
    (change: (list: RecentRun[]) => RecentRun[]) =>
      setRecent((list) => {
        const next = change(list)
        saveRecent(account.merchant_id, next)
        return next
      }),
    [account.merchant_id],
  )

  const onStarted = (run: IntegrationCheckRun, target: string) => {
    const { id, kind, created_at, status, passed, failed, warned } = run
    keep((list) => remember(list, { id, kind, target, created_at, status, passed, failed, warned }))
    setStarted(run)
    navigate(`/checks?run=${run.id}`)
  }
  const onRead = useCallback((run: IntegrationCheckRun) => keep((list) => updateRecent(list, run)), [keep])

  return (
    <>
      <h1>{t.checks.title}</h1>
      <p className="muted">
        <CodeText text={t.checks.intro} />
      </p>
      {runId ? (
        <RunView
          key={runId}
          id={runId}
          initial={started?.id === runId ? started : undefined}
          target={recent.find((entry) => entry.id === runId)?.target}
          onRead={onRead}
        />
      ) : null}
      <div className="grid">
        <WebhooksCheckForm onStarted={onStarted} />
        <FlowCheckForm onStarted={onStarted} initialSession={params.get('session') ?? ''} />
      </div>
      <RecentRuns runs={recent} current={runId} />
    </>
  )
}

/** A run read from the API until it is done, with its elapsed time while it runs, then its report. */
function RunView(props: {
  id: string
  initial: IntegrationCheckRun | undefined
  target: string | undefined
  onRead: (run: IntegrationCheckRun) => void
}) {
  const { t, locale } = useI18n()
  const { id, onRead } = props
  const [run, setRun] = useState<IntegrationCheckRun | undefined>(props.initial)
  const [problem, setProblem] = useState<ApiProblem | undefined>()
  const [now, setNow] = useState(() => Date.now())
  const heading = useRef<HTMLHeadingElement>(null)
  const running = run === undefined || run.status === 'running'

  // Read now (unless the start's answer is here), then every second while it runs. A failed read is shown and
  // retried: the run goes on in the sandbox whatever this page sees.
  useEffect(() => {
    if (!running) return
    let stopped = false
    const read = async () => {
      try {
        const next = await api.integrationCheck(id)
        if (stopped) return
        setRun(next)
        setProblem(undefined)
        onRead(next)
      } catch (error) {
        if (stopped) return
        setProblem(error instanceof ApiProblem ? error : new ApiProblem(0, 'error', String(error)))
      }
      setNow(Date.now())
    }
    const timer = setTimeout(read, run === undefined ? 0 : POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [id, run, running, onRead])

  // A run started from a form takes the focus, so its progress and report are in view and read out.
  useEffect(() => {
    if (props.initial) heading.current?.focus()
  }, [props.initial])

  const seconds = run ? Math.max(0, Math.round((now - Date.parse(run.created_at)) / 1000)) : 0
  return (
    <section className="card" aria-labelledby="report-title" data-run-id={id}>
      <h2 id="report-title" ref={heading} tabIndex={-1}>
        {run ? `${t.checks.report}: ${t.checks.reportOf[run.kind] ?? run.kind}` : t.checks.report}
      </h2>
      {run ? (
        <p className="muted small-text">
          {fill(t.checks.started, { time: dateTime(locale, run.created_at) })}
          {props.target ? (
            <>
              {' · '}
              <code>{props.target}</code>
            </>
          ) : null}
        </p>
      ) : null}
      <Problem problem={problem} />
      {!run && !problem ? <p>{t.loading}</p> : null}
      {run?.status === 'running' ? (
        <div>
          <progress aria-label={t.checks.progress} />
          <p role="status">{fill(t.checks.running, { seconds })}</p>
        </div>
      ) : null}
      {run?.status === 'done' ? <CheckReport run={run} target={props.target} /> : null}
    </section>
  )
}

function RecentRuns({ runs, current }: { runs: RecentRun[]; current: string | undefined }) {
  const { t, locale } = useI18n()
  return (
    <section className="card" aria-labelledby="runs-title">
      <h2 id="runs-title">{t.checks.runs}</h2>
      <p className="muted small-text">{t.checks.runsIntro}</p>
      {runs.length === 0 ? <p>{t.checks.noRuns}</p> : null}
      {runs.length > 0 ? (
        <table className="responsive">
          <thead>
            <tr>
              <th scope="col">{t.checks.when}</th>
              <th scope="col">{t.checks.kind}</th>
              <th scope="col">{t.checks.target}</th>
              <th scope="col">{t.checks.result}</th>
              <th scope="col">
                <span className="visually-hidden">{t.checks.open}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => {
              const when = dateTime(locale, run.created_at)
              return (
                <tr key={run.id} data-recent-run={run.id}>
                  <td data-label={t.checks.when}>{when}</td>
                  <td data-label={t.checks.kind}>{t.checks.reportOf[run.kind] ?? run.kind}</td>
                  <td data-label={t.checks.target}>
                    <code>{run.target}</code>
                  </td>
                  <td data-label={t.checks.result}>
                    {run.status === 'running'
                      ? t.checks.resultRunning
                      : fill(t.checks.resultDone, {
                          passed: run.passed,
                          failed: run.failed,
                          warned: run.warned,
                        })}
                  </td>
                  <td data-label={t.checks.open}>
                    {run.id === current ? (
                      <span className="muted">{t.checks.showing}</span>
                    ) : (
                      <Link
                        href={`/checks?run=${run.id}`}
                        aria-label={fill(t.checks.openRun, { time: when })}
                      >
                        {t.checks.open}
                      </Link>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
