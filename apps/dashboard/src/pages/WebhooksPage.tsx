import { useState } from 'react'
import { Link } from 'wouter'
import { api, type EventSummary, type WebhookSecret } from '../api.ts'
import { EventDelivery } from '../components/Deliveries/index.tsx'
import { Problem } from '../components/Problem/index.tsx'
import { Status } from '../components/Status/index.tsx'
import { dateTime, shortId } from '../format.ts'
import { FOLLOW_UP_MS, SLOW_POLL_MS, useAction, useLive } from '../hooks.ts'
import { fill, useI18n } from '../i18n/index.tsx'
import { failingFirst } from '../lists.ts'

export function WebhooksPage() {
  const { t } = useI18n()
  return (
    <>
      <h1>{t.webhooks.title}</h1>
      <SigningSecret />
      <Deliveries />
    </>
  )
}

function SigningSecret() {
  const { t, locale } = useI18n()
  const [secret, setSecret] = useState<WebhookSecret | undefined>()
  const [rotated, setRotated] = useState(false)
  const action = useAction()
  return (
    <section className="card" aria-labelledby="secret-title">
      <h2 id="secret-title">{t.webhooks.secret}</h2>
      <p className="muted">{t.webhooks.secretIntro}</p>
      {secret ? (
        <p>
          <code data-testid="webhook-secret">{secret.secret}</code>
        </p>
      ) : null}
      <div className="actions">
        {secret ? (
          <button type="button" className="secondary" onClick={() => setSecret(undefined)}>
            {t.webhooks.hide}
          </button>
        ) : (
          <button
            type="button"
            className="secondary"
            disabled={action.busy}
            onClick={() => action.run(async () => setSecret((await api.secret()).payload))}
          >
            {t.webhooks.reveal}
          </button>
        )}
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              setSecret((await api.rotateSecret()).payload)
              setRotated(true)
            })
          }
        >
          {t.webhooks.rotate}
        </button>
      </div>
      {rotated && secret ? (
        <p role="status" className="notice">
          {secret.previous_secret_expires_at
            ? fill(t.webhooks.rotated, { time: dateTime(locale, secret.previous_secret_expires_at) })
            : t.webhooks.rotatedNow}
        </p>
      ) : null}
      <Problem problem={action.error} />
    </section>
  )
}

function Deliveries() {
  const { t, locale } = useI18n()
  // Every event of the stream may change this list; attempts are not on the stream, so they are also read every
  // SLOW_POLL_MS (and once more FOLLOW_UP_MS after an event, when its first try has answered).
  const latest = useLive(() => api.latestEvents(100), 'latest', {
    when: (message) => message.kind === 'event',
    followUpMs: FOLLOW_UP_MS,
    pollMs: SLOW_POLL_MS,
  })
  const [open, setOpen] = useState<string | undefined>()
  const events = failingFirst(latest.data?.payload ?? [])
  return (
    <section className="card" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">{t.webhooks.deliveries}</h2>
      <p className="muted">{t.webhooks.deliveriesIntro}</p>
      <Problem problem={latest.error} />
      {latest.data && events.length === 0 ? <p>{t.webhooks.none}</p> : null}
      {events.length > 0 ? (
        <table className="responsive">
          <thead>
            <tr>
              <th scope="col">{t.events.type}</th>
              <th scope="col">{t.events.session}</th>
              <th scope="col">{t.events.delivery}</th>
              <th scope="col" className="number">
                {t.events.attempts}
              </th>
              <th scope="col">{t.events.created}</th>
              <th scope="col">
                <span className="visually-hidden">{t.events.attempts}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <EventRow
                key={event.event_id}
                event={event}
                open={open === event.event_id}
                toggle={() => setOpen((now) => (now === event.event_id ? undefined : event.event_id))}
                created={dateTime(locale, event.created_at)}
                onChange={() => void latest.reload()}
              />
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}

function EventRow(props: {
  event: EventSummary
  open: boolean
  toggle: () => void
  created: string
  onChange: () => void
}) {
  const { t } = useI18n()
  const { event } = props
  return (
    <>
      <tr data-event-id={event.event_id}>
        <td data-label={t.events.type}>
          <code>{event.type}</code>
        </td>
        <td data-label={t.events.session}>
          <Link
            href={`/sessions/${event.checkout_session_id}`}
            aria-label={`${t.events.session} ${event.checkout_session_id}`}
          >
            <code>{shortId(event.checkout_session_id)}</code>
          </Link>
        </td>
        <td data-label={t.events.delivery}>
          <Status value={event.status} />
        </td>
        <td data-label={t.events.attempts} className="number">
          {event.attempt_count}
        </td>
        <td data-label={t.events.created}>{props.created}</td>
        <td data-label={t.events.attempts}>
          <button type="button" className="secondary small" aria-expanded={props.open} onClick={props.toggle}>
            {fill(t.events.showAttempts, { type: event.type })}
          </button>
        </td>
      </tr>
      {props.open ? (
        <tr>
          <td colSpan={6} className="block">
            <EventDetail event={event} onChange={props.onChange} />
          </td>
        </tr>
      ) : null}
    </>
  )
}

/** One event's tries, read from its session's delivery log and kept fresh (live) while it is open. */
function EventDetail({ event, onChange }: { event: EventSummary; onChange: () => void }) {
  const { t } = useI18n()
  const detail = useLive(() => api.events(event.checkout_session_id), `detail ${event.event_id}`, {
    when: (message) => message.checkout_session_id === event.checkout_session_id,
    followUpMs: FOLLOW_UP_MS,
    pollMs: SLOW_POLL_MS,
  })
  const record = detail.data?.payload.find((e) => e.event_id === event.event_id)
  return (
    <div>
      <Problem problem={detail.error} />
      {!detail.data && !detail.error ? <p>{t.loading}</p> : null}
      {record ? (
        <EventDelivery
          event={record}
          onChange={() => {
            void detail.reload()
            onChange()
          }}
        />
      ) : null}
    </div>
  )
}
