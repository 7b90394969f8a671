import { type FormEvent, useState } from 'react'
import { useAccount } from '../account.tsx'
import { api } from '../api.ts'
import { Problem } from '../components/Problem/index.tsx'
import { Snippet } from '../components/Snippet/index.tsx'
import { CONTRACT } from '../contract.ts'
import { dateTime } from '../format.ts'
import { useAction } from '../hooks.ts'
import { fill, useI18n } from '../i18n/index.tsx'
import { snippets } from '../lists.ts'

export function DevelopersPage() {
  const { t } = useI18n()
  const { account } = useAccount()
  const code = snippets(account.api_url, account.email)
  return (
    <>
      <h1>{t.developers.title}</h1>
      <div className="grid">
        <section className="card" aria-labelledby="access-title">
          <h2 id="access-title">{t.developers.access}</h2>
          <dl className="facts">
            <dt>{t.developers.username}</dt>
            <dd>
              <code>{account.email}</code>
            </dd>
            <dt>{t.developers.apiUrl}</dt>
            <dd>
              <code>{account.api_url}</code>
            </dd>
          </dl>
          <p className="muted small-text">{t.developers.passwordNote}</p>
        </section>
        <Clock />
      </div>
      <section className="card" aria-labelledby="snippets-title">
        <h2 id="snippets-title">{t.developers.snippets}</h2>
        <Snippet title={t.developers.sdk} code={code.sdk} />
        <Snippet title={t.developers.cli} code={code.cli} />
        <Snippet title={t.developers.mcp} code={code.mcp} />
      </section>
      <div className="grid">
        <Password />
        <DeleteAccount />
      </div>
    </>
  )
}

function Password() {
  const { t } = useI18n()
  const action = useAction()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const target = event.currentTarget
    const form = new FormData(target)
    if (
      await action.run(
        () => api.changePassword(String(form.get('current')), String(form.get('next'))),
        t.developers.changed,
      )
    )
      target.reset()
  }
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t.developers.password}</h2>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="current-password">{t.developers.current}</label>
          <input
            id="current-password"
            name="current"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <div className="field">
          <label htmlFor="new-password">{t.developers.next}</label>
          <input
            id="new-password"
            name="next"
            type="password"
            autoComplete="new-password"
            required
            minLength={CONTRACT.passwordMinLength}
            aria-describedby="new-password-hint"
          />
          <span id="new-password-hint" className="hint">
            {fill(t.signUp.passwordHint, { n: CONTRACT.passwordMinLength })}
          </span>
        </div>
        <button type="submit" disabled={action.busy}>
          {t.developers.change}
        </button>
      </form>
      {action.done ? (
        <p role="status" className="notice">
          {action.done}
        </p>
      ) : null}
      <Problem
        problem={action.error}
        {...(action.error?.status === 403 ? { message: t.developers.wrongCurrent } : {})}
      />
    </section>
  )
}

function Clock() {
  const { t, locale } = useI18n()
  const { account, refresh } = useAccount()
  const action = useAction()
  const [minutes, setMinutes] = useState('60')
  const [ran, setRan] = useState<number | undefined>()
  const advance = async (by: number) => {
    await action.run(async () => {
      const moved = await api.advanceClock(by)
      setRan(moved.payload.timers_run)
      await refresh()
    })
  }
  return (
    <section className="card" aria-labelledby="clock-title">
      <h2 id="clock-title">{t.developers.clock}</h2>
      <p className="muted small-text">{t.developers.clockIntro}</p>
      <dl className="facts">
        <dt>{t.developers.clockNow}</dt>
        <dd data-testid="sandbox-time">{dateTime(locale, account.clock.now)}</dd>
        <dd className="muted">{fill(t.developers.clockOffset, { minutes: account.clock.offset_minutes })}</dd>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void advance(Number(minutes))
        }}
      >
        <div className="field">
          <label htmlFor="advance-minutes">{t.developers.advanceBy}</label>
          <input
            id="advance-minutes"
            type="number"
            min={1}
            max={525600}
            step={1}
            required
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
          />
        </div>
        <div className="actions">
          <button type="submit" disabled={action.busy}>
            {t.developers.advance}
          </button>
          {(
            [
              [60, t.developers.hour],
              [1440, t.developers.day],
              [43200, t.developers.month],
            ] as const
          ).map(([by, label]) => (
            <button
              key={by}
              type="button"
              className="secondary"
              disabled={action.busy}
              onClick={() => advance(by)}
            >
              {label}
            </button>
          ))}
        </div>
      </form>
      {ran !== undefined && !action.error ? (
        <p role="status" className="notice">
          {fill(t.developers.advanced, { n: ran })}
        </p>
      ) : null}
      <Problem problem={action.error} />
    </section>
  )
}

function DeleteAccount() {
  const { t } = useI18n()
  const { account, signedOut } = useAccount()
  const [typed, setTyped] = useState('')
  const action = useAction()
  const matches = typed.trim().toLowerCase() === account.email
  return (
    <section className="card" aria-labelledby="delete-title">
      <h2 id="delete-title">{t.developers.danger}</h2>
      {account.seeded ? (
        <p>{fill(t.developers.seeded, { name: account.business_name })}</p>
      ) : (
        <form
          onSubmit={async (event) => {
            event.preventDefault()
            if (await action.run(() => api.deleteAccount(typed))) signedOut()
          }}
        >
          <p>{t.developers.deleteIntro}</p>
          <div className="field">
            <label htmlFor="confirm-email">{fill(t.developers.confirmEmail, { email: account.email })}</label>
            <input
              id="confirm-email"
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <button type="submit" className="danger" disabled={!matches || action.busy}>
            {t.developers.delete}
          </button>
        </form>
      )}
      <Problem problem={action.error} />
    </section>
  )
}
