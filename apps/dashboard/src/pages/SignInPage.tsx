import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { ApiProblem, api, type DashboardAccount } from '../api.ts'
import { Problem } from '../components/Problem/index.tsx'
import { fill, useI18n } from '../i18n/index.tsx'

const minutes = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 60) / 60))

/** Sign-in with the account's e-mail and password: the API's login, its throttle's 429 said plainly. */
export function SignInPage({ onSignedIn }: { onSignedIn: (account: DashboardAccount) => void }) {
  const { t } = useI18n()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<ApiProblem | undefined>()
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setProblem(undefined)
    try {
      onSignedIn(await api.signIn(String(form.get('email')), String(form.get('password'))))
    } catch (error) {
      setProblem(error instanceof ApiProblem ? error : new ApiProblem(0, 'error', String(error)))
      setBusy(false)
    }
  }
  const message =
    problem?.status === 429
      ? fill(t.signIn.tooMany, { minutes: minutes(problem.retryAfter) })
      : problem?.status === 403
        ? t.signIn.wrong
        : undefined
  return (
    <div className="card narrow">
      <h1>{t.signIn.title}</h1>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="email">{t.signIn.email}</label>
          <input id="email" name="email" type="email" autoComplete="username" required />
        </div>
        <div className="field">
          <label htmlFor="password">{t.signIn.password}</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <Problem problem={problem} {...(message ? { message } : {})} />
        <button type="submit" disabled={busy}>
          {t.signIn.submit}
        </button>
      </form>
      <p>
        {t.signIn.noAccount} <Link href="/sign-up">{t.signIn.signUp}</Link>
      </p>
    </div>
  )
}
