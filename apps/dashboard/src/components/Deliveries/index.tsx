import { api, type WebhookEventRecord } from '../../api.ts'
import { dateTime, time } from '../../format.ts'
import { useAction } from '../../hooks.ts'
import { fill, useI18n } from '../../i18n/index.tsx'
import { Problem } from '../Problem/index.tsx'
import { Status } from '../Status/index.tsx'
import styles from './styles.module.css'

/** One event: its delivery status, every attempt (time, status code, duration, error, the answer's first 2 KB), Resend. */
export function EventDelivery({ event, onChange }: { event: WebhookEventRecord; onChange: () => void }) {
  const { t, locale } = useI18n()
  const resend = useAction()
  const noUrl = event.status === 'failed' && event.attempts.length === 0
  return (
    <article className={styles.event} aria-label={`${event.type} ${dateTime(locale, event.created_at)}`}>
      <header className={styles.head}>
        <h3 className={styles.type}>
          <code>{event.type}</code>
        </h3>
        <Status value={event.status} />
        <span className="muted small-text">{dateTime(locale, event.created_at)}</span>
      </header>
      {event.status === 'pending' ? (
        <p className="muted small-text">
          {event.next_attempt_at
            ? fill(t.events.nextAttempt, { time: time(locale, event.next_attempt_at) })
            : t.events.waiting}
        </p>
      ) : null}
      {noUrl ? <p className="muted small-text">{t.events.noUrl}</p> : null}
      {event.attempts.length > 0 ? (
        <table className="responsive">
          <caption className={styles.caption}>
            {t.events.attempts}: {event.attempts.length}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t.events.time}</th>
              <th scope="col">{t.events.statusCode}</th>
              <th scope="col" className="number">
                {t.events.duration}
              </th>
              <th scope="col">{t.events.error}</th>
            </tr>
          </thead>
          <tbody>
            {event.attempts.map((attempt) => (
              <tr key={`${attempt.attempted_at}-${attempt.duration_ms}`}>
                <td data-label={t.events.time}>{time(locale, attempt.attempted_at)}</td>
                <td data-label={t.events.statusCode}>{attempt.status_code ?? t.events.noAnswer}</td>
                <td data-label={t.events.duration} className="number">
                  {attempt.duration_ms} ms
                </td>
                <td data-label={t.events.error} className="block">
                  {attempt.error ?? '—'}
                  {attempt.response_excerpt ? (
                    <details>
                      <summary>{t.events.excerpt}</summary>
                      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls takes the keyboard focus (axe scrollable-region-focusable) */}
                      <pre tabIndex={0}>
                        <code>{attempt.response_excerpt}</code>
                      </pre>
                    </details>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="secondary small"
          disabled={resend.busy}
          aria-label={`${t.events.resend} ${event.type}`}
          onClick={async () => {
            if (await resend.run(() => api.redeliver(event.event_id), t.events.resent)) onChange()
          }}
        >
          {t.events.resend}
        </button>
        {resend.done ? (
          <span role="status" className="small-text">
            {resend.done}
          </span>
        ) : null}
      </div>
      <Problem problem={resend.error} />
    </article>
  )
}
