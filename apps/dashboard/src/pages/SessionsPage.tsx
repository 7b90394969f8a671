import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { api, type CheckoutSession } from '../api.ts'
import { Problem } from '../components/Problem/index.tsx'
import { Status } from '../components/Status/index.tsx'
import { CONTRACT } from '../contract.ts'
import { dateTime, money, shortId, time } from '../format.ts'
import { useLive } from '../hooks.ts'
import { fill, useI18n } from '../i18n/index.tsx'

const PAGE = 20

/** A date input's day as the start (from) or the end (to) of that day, in the browser's time zone. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** The account's sessions, newest first, live: one created through the API appears at once, without a reload. */
export function SessionsPage() {
  const { t, locale } = useI18n()
  const [status, setStatus] = useState('')
  const [mode, setMode] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [limit, setLimit] = useState(PAGE)

  // The search waits until typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300)
    return () => clearTimeout(timer)
  }, [search])

  const filters = { status, mode, created_from: dayBound(from, false), created_to: dayBound(to, true), limit }
  // Read again on every message of the live stream: a new session, or an event that changed one's status.
  const list = useLive(
    async () => {
      if (query !== '') {
        const found = await api.search(query)
        return { payload: found.payload, has_more: false }
      }
      return api.sessions(filters)
    },
    JSON.stringify({ ...filters, query }),
  )
  const sessions: CheckoutSession[] = list.data?.payload ?? []

  return (
    <>
      <h1>{t.sessions.title}</h1>
      <section className="card" aria-labelledby="filters-title">
        <h2 id="filters-title">{t.sessions.filters}</h2>
        <div className="field">
          <label htmlFor="search">{t.sessions.search}</label>
          <input
            id="search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="filters">
          <div className="field">
            <label htmlFor="status">{t.sessions.status}</label>
            <select id="status" value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="">{t.sessions.any}</option>
              {CONTRACT.sessionStatuses.map((value) => (
                <option key={value} value={value}>
                  {t.statuses[value] ?? value}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mode">{t.sessions.mode}</label>
            <select id="mode" value={mode} onChange={(event) => setMode(event.target.value)}>
              <option value="">{t.sessions.any}</option>
              {CONTRACT.modes.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="from">{t.sessions.from}</label>
            <input id="from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="to">{t.sessions.to}</label>
            <input id="to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </div>
        </div>
      </section>
      <section className="card" aria-label={t.sessions.title}>
        <p className="muted small-text">
          {t.sessions.live}
          {list.at ? ` ${fill(t.refreshed, { time: time(locale, list.at) })}` : ''}
        </p>
        <Problem problem={list.error} />
        {list.data && sessions.length === 0 ? (
          <p>
            {query || status || mode || from || to ? t.sessions.noMatch : <CodeText text={t.sessions.none} />}
          </p>
        ) : null}
        {sessions.length > 0 ? (
          <table className="responsive">
            <thead>
              <tr>
                <th scope="col">{t.sessions.created}</th>
                <th scope="col">{t.sessions.session}</th>
                <th scope="col">{t.sessions.order}</th>
                <th scope="col">{t.sessions.status}</th>
                <th scope="col">{t.sessions.mode}</th>
                <th scope="col" className="number">
                  {t.sessions.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id} data-session-id={session.id}>
                  <td data-label={t.sessions.created}>{dateTime(locale, session.created_at)}</td>
                  <td data-label={t.sessions.session}>
                    <Link href={`/sessions/${session.id}`} aria-label={`${t.sessions.session} ${session.id}`}>
                      <code>{shortId(session.id)}</code>
                    </Link>
                  </td>
                  <td data-label={t.sessions.order}>{session.merchant.order_reference_1}</td>
                  <td data-label={t.sessions.status}>
                    <Status value={session.status} />
                  </td>
                  <td data-label={t.sessions.mode}>{session.mode}</td>
                  <td data-label={t.sessions.amount} className="number">
                    {money(locale, session.total_price)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {list.data?.has_more && limit < 100 ? (
          <button
            type="button"
            className="secondary"
            onClick={() => setLimit((n) => Math.min(100, n + PAGE))}
          >
            {t.sessions.more}
          </button>
        ) : null}
      </section>
    </>
  )
}

/** A text whose `back-quoted` parts are code. */
export function CodeText({ text }: { text: string }) {
  let offset = 0
  const parts = text.split(/(`[^`]+`)/).map((part) => {
    const at = offset
    offset += part.length
    return { part, at }
  })
  return (
    <>
      {parts.map(({ part, at }) =>
        part.startsWith('`') ? <code key={at}>{part.slice(1, -1)}</code> : <span key={at}>{part}</span>,
      )}
    </>
  )
}
