import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { api } from '../api.ts'
import { Problem } from '../components/Problem/index.tsx'
import { dateTime } from '../format.ts'
import { usePoll } from '../hooks.ts'
import { fill, useI18n } from '../i18n/index.tsx'
import { sessionOf } from '../lists.ts'

const json = (value: unknown) =>
  value === null || value === undefined
    ? undefined
    : typeof value === 'string'
      ? value
      : JSON.stringify(value, null, 2)

/** The account's API calls: method, path, status, duration, request id, Idempotency-Key and both bodies. */
export function LogsPage() {
  const { t, locale } = useI18n()
  const [status, setStatus] = useState('')
  const [pathText, setPathText] = useState('')
  const [path, setPath] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setPath(pathText.trim()), 300)
    return () => clearTimeout(timer)
  }, [pathText])
  const log = usePoll(
    () => api.requestLog({ ...(status ? { status } : {}), ...(path ? { path } : {}), limit: 200 }),
    `${status} ${path}`,
    2000,
  )
  const entries = log.data?.payload ?? []
  return (
    <>
      <h1>{t.logs.title}</h1>
      <p className="muted">{t.logs.intro}</p>
      <section className="card filters" aria-label={t.sessions.filters}>
        <div className="field">
          <label htmlFor="log-status">{t.logs.status}</label>
          <select id="log-status" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{t.logs.any}</option>
            {['2xx', '4xx', '5xx', '400', '401', '404', '409', '429'].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="log-path">{t.logs.path}</label>
          <input
            id="log-path"
            value={pathText}
            placeholder="/checkout"
            onChange={(event) => setPathText(event.target.value)}
          />
        </div>
      </section>
      <Problem problem={log.error} />
      {log.data && entries.length === 0 ? <p>{t.logs.none}</p> : null}
      <ol className="log" aria-label={t.logs.title}>
        {entries.map((entry) => {
          const session = sessionOf(entry)
          return (
            <li key={`${entry.request_id}-${entry.created_at}`} className="card log-entry">
              <p className="log-line">
                <strong>{entry.method}</strong> <code>{entry.path}</code>{' '}
                <span
                  className={`badge ${entry.status >= 500 ? 'badge-bad' : entry.status >= 400 ? 'badge-warn' : 'badge-good'}`}
                >
                  {entry.status}
                </span>{' '}
                <span className="muted">{entry.duration_ms} ms</span>
              </p>
              <dl className="facts small-text">
                <dt>{t.logs.time}</dt>
                <dd>{dateTime(locale, entry.created_at)}</dd>
                <dt>{t.logs.requestId}</dt>
                <dd>
                  <code>{entry.request_id}</code>
                </dd>
                <dt>{t.logs.idempotencyKey}</dt>
                <dd>{entry.idempotency_key ? <code>{entry.idempotency_key}</code> : '—'}</dd>
              </dl>
              {session ? (
                <p>
                  <Link href={`/sessions/${session}`}>{t.logs.session}</Link>
                </p>
              ) : null}
              <details>
                <summary>{fill(t.logs.details, { method: entry.method, path: entry.path })}</summary>
                <h3>{t.logs.request}</h3>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls takes the keyboard focus (axe scrollable-region-focusable) */}
                <pre tabIndex={0}>
                  <code>{json(entry.request_body) ?? t.logs.empty}</code>
                </pre>
                <h3>{t.logs.response}</h3>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls takes the keyboard focus (axe scrollable-region-focusable) */}
                <pre tabIndex={0}>
                  <code>{json(entry.response_body) ?? t.logs.empty}</code>
                </pre>
              </details>
            </li>
          )
        })}
      </ol>
    </>
  )
}
