import { type FormEvent, useState } from 'react'
import { api, type IntegrationCheckRequest, type IntegrationCheckRun } from '../../api.ts'
import { cliCommand, isLoopbackUrl, sinceMinutes } from '../../checks.ts'
import { useAction } from '../../hooks.ts'
import { useI18n } from '../../i18n/index.tsx'
import { CodeText } from '../../pages/SessionsPage.tsx'
import { Problem } from '../Problem/index.tsx'
import { Snippet } from '../Snippet/index.tsx'
import styles from './styles.module.css'

/** Called with the API's answer to a run started here, and what was checked in the tester's words. */
export type OnStarted = (run: IntegrationCheckRun, target: string) => void

/** Starts a run; the API's error, if any, is shown under the form with its message. */
function useStart(onStarted: OnStarted) {
  const action = useAction()
  const start = (body: IntegrationCheckRequest, target: string) =>
    action.run(async () => onStarted(await api.startIntegrationCheck(body), target))
  return { ...action, start }
}

/**
 * A webhooks run with the sandbox delivering (`deliver: "sandbox"`): the handler must be reachable from the
 * sandbox's machine. A browser cannot POST the prepared notifications to a localhost handler itself (another
 * origin, custom headers), so a handler the sandbox cannot reach is checked with the CLI, which can.
 */
export function WebhooksCheckForm({ onStarted }: { onStarted: OnStarted }) {
  const { t } = useI18n()
  const [url, setUrl] = useState('')
  const action = useStart(onStarted)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void action.start({ kind: 'webhooks', url: url.trim() }, url.trim())
  }
  return (
    <section className="card" aria-labelledby="webhooks-check-title">
      <h2 id="webhooks-check-title">{t.checks.webhooks}</h2>
      <p className="muted small-text">{t.checks.webhooksIntro}</p>
      {/* No browser validation: what the API says about the URL is shown, in its words. */}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="check-url">{t.checks.url}</label>
          <input
            id="check-url"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://shop.example/webhooks"
            required
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-describedby="check-url-hint"
          />
          <span id="check-url-hint" className="hint">
            <CodeText text={t.checks.urlHint} />
          </span>
        </div>
        {isLoopbackUrl(url) ? (
          <div className={styles.localhost} data-testid="localhost-hint">
            <p>{t.checks.localhost}</p>
            <Snippet title={t.checks.cli} code={cliCommand(url)} />
          </div>
        ) : null}
        <button type="submit" disabled={action.busy}>
          {t.checks.runWebhooks}
        </button>
      </form>
      <Problem problem={action.error} />
    </section>
  )
}

/** A flow run over one session, or over the calls of a recent period (as `plazo check flow --since`). */
export function FlowCheckForm({
  onStarted,
  initialSession,
}: {
  onStarted: OnStarted
  initialSession: string
}) {
  const { t } = useI18n()
  const [scope, setScope] = useState<'since' | 'session'>(initialSession ? 'session' : 'since')
  const [since, setSince] = useState('1h')
  const [session, setSession] = useState(initialSession)
  const [sinceError, setSinceError] = useState(false)
  const action = useStart(onStarted)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (scope === 'session') {
      void action.start({ kind: 'flow', checkout_session_id: session.trim() }, session.trim())
      return
    }
    const minutes = sinceMinutes(since)
    setSinceError(minutes === undefined)
    if (minutes !== undefined) void action.start({ kind: 'flow', since_minutes: minutes }, since.trim())
  }
  return (
    <section className="card" aria-labelledby="flow-check-title">
      <h2 id="flow-check-title">{t.checks.flow}</h2>
      <p className="muted small-text">{t.checks.flowIntro}</p>
      <form onSubmit={submit} noValidate>
        <fieldset className={styles.scope}>
          <legend>{t.checks.scope}</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="flow-scope"
              value="since"
              checked={scope === 'since'}
              onChange={() => setScope('since')}
            />
            {t.checks.recent}
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="flow-scope"
              value="session"
              checked={scope === 'session'}
              onChange={() => setScope('session')}
            />
            {t.checks.oneSession}
          </label>
        </fieldset>
        {scope === 'since' ? (
          <div className="field">
            <label htmlFor="check-since">{t.checks.since}</label>
            <input
              id="check-since"
              type="text"
              required
              value={since}
              onChange={(event) => setSince(event.target.value)}
              aria-invalid={sinceError}
              aria-describedby={sinceError ? 'check-since-error check-since-hint' : 'check-since-hint'}
            />
            <span id="check-since-hint" className="hint">
              {t.checks.sinceHint}
            </span>
            {sinceError ? (
              <span id="check-since-error" className="field-error">
                {t.checks.badSince}
              </span>
            ) : null}
          </div>
        ) : (
          <div className="field">
            <label htmlFor="check-session">{t.checks.session}</label>
            <input
              id="check-session"
              type="text"
              required
              spellCheck={false}
              autoComplete="off"
              value={session}
              onChange={(event) => setSession(event.target.value)}
              aria-describedby="check-session-hint"
            />
            <span id="check-session-hint" className="hint">
              <CodeText text={t.checks.sessionHint} />
            </span>
          </div>
        )}
        <button type="submit" disabled={action.busy}>
          {t.checks.runFlow}
        </button>
      </form>
      <Problem problem={action.error} />
    </section>
  )
}
