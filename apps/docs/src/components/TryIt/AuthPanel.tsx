import { type FormEvent, type ReactNode, useId, useState } from 'react'
import AnswerView from './Answer.tsx'
import type { Labels } from './labels.ts'
import {
  type AccountChoice,
  type Answer,
  chooseAccount,
  pasteToken,
  SANDBOX_ACCOUNTS,
  type SandboxState,
  signIn,
} from './sandbox.ts'
import styles from './styles.module.css'

/**
 * Whose token the calls carry, shared by every console of the visit: a sandbox account (the console signs
 * in itself on the first Send), the visitor's own credentials, or a pasted token.
 */
export default function AuthPanel({ sandbox, t }: { sandbox: SandboxState; t: Labels }): ReactNode {
  const id = useId()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<Answer>()

  async function onSignIn(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setFailed(undefined)
    const answer = await signIn(username, password, 'own')
    setBusy(false)
    if (answer.status !== 200) setFailed(answer)
    else setPassword('')
  }

  const status = sandbox.username
    ? t.signedInAs(sandbox.username)
    : sandbox.account === 'demo' || sandbox.account === 'other'
      ? t.signsInOnSend
      : undefined

  return (
    <fieldset className={styles.group}>
      <legend>{t.account}</legend>
      <div className={styles.field}>
        <label htmlFor={`${id}-account`} className={styles.visuallyHidden}>
          {t.account}
        </label>
        <select
          id={`${id}-account`}
          className={styles.input}
          value={sandbox.account}
          onChange={(event) => chooseAccount(event.target.value as AccountChoice)}
        >
          {Object.entries(SANDBOX_ACCOUNTS).map(([key, account]) => (
            <option key={key} value={key}>
              {account.merchant} ({account.username})
            </option>
          ))}
          <option value="own">{t.ownAccount}</option>
          <option value="token">{t.pastedToken}</option>
        </select>
      </div>
      {sandbox.account === 'own' && !sandbox.token ? (
        <form className={styles.credentials} onSubmit={(event) => void onSignIn(event)}>
          <div className={styles.field}>
            <label htmlFor={`${id}-username`}>{t.username}</label>
            <input
              id={`${id}-username`}
              className={styles.input}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="username"
              required
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-password`}>{t.password}</label>
            <input
              id={`${id}-password`}
              className={styles.input}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              required
            />
          </div>
          <button type="submit" className="button button--sm button--primary" disabled={busy}>
            {busy ? t.signingIn : t.signIn}
          </button>
        </form>
      ) : null}
      {sandbox.account === 'token' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-token`}>{t.token}</label>
          <input
            id={`${id}-token`}
            className={styles.input}
            value={sandbox.token ?? ''}
            onChange={(event) => pasteToken(event.target.value)}
            aria-describedby={`${id}-token-hint`}
            autoComplete="off"
            spellCheck={false}
          />
          <span id={`${id}-token-hint`} className={styles.hint}>
            {t.tokenHint}
          </span>
        </div>
      ) : null}
      {status ? <p className={styles.hint}>{status}</p> : null}
      {failed ? (
        <>
          <p role="alert" className={styles.problem}>
            {t.signInFailed}
          </p>
          <AnswerView answer={failed} t={t} />
        </>
      ) : null}
    </fieldset>
  )
}
