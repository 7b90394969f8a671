import { type FormEvent, useEffect, useState } from 'react'
import { Link } from 'wouter'
import { ApiProblem, api, type DashboardAccount } from '../api.ts'
import { Problem } from '../components/Problem/index.tsx'
import { CONTRACT } from '../contract.ts'
import { fill, useI18n } from '../i18n/index.tsx'

type FieldName = 'business_name' | 'email' | 'password' | 'default_country' | 'signup_code'

/** Sign-up: business name, e-mail, password (12 characters or more), default country, and the code when asked. */
export function SignUpPage({ onSignedIn }: { onSignedIn: (account: DashboardAccount) => void }) {
  const { t } = useI18n()
  const [codeRequired, setCodeRequired] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<ApiProblem | undefined>()
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})

  useEffect(() => {
    // Without the answer the form still works: a sandbox that wants a code says so when the form is sent.
    api.config().then(
      (config) => setCodeRequired(config.signup_code_required),
      (error: unknown) => setProblem(error instanceof ApiProblem ? error : undefined),
    )
  }, [])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: Record<string, string> = {}
    for (const name of ['business_name', 'email', 'password', 'default_country', 'signup_code'] as const) {
      const value = form.get(name)
      if (typeof value === 'string' && (name !== 'signup_code' || codeRequired)) body[name] = value
    }
    if ([...(body.password ?? '')].length < CONTRACT.passwordMinLength) {
      setErrors({ password: fill(t.signUp.tooShort, { n: CONTRACT.passwordMinLength }) })
      document.getElementById('password')?.focus()
      return
    }
    setBusy(true)
    setProblem(undefined)
    setErrors({})
    try {
      onSignedIn(await api.signUp(body))
    } catch (error) {
      const caught = error instanceof ApiProblem ? error : new ApiProblem(0, 'error', String(error))
      const byField: Partial<Record<FieldName, string>> = {}
      if (caught.exception === 'plazo.dashboard.email_taken') byField.email = t.signUp.taken
      else if (caught.exception === 'plazo.dashboard.signup_code_invalid')
        byField.signup_code = t.signUp.badCode
      else
        for (const e of caught.schemaErrors)
          byField[e.field.slice(1) as FieldName] = `${e.field.slice(1)} ${e.message}`
      setErrors(byField)
      if (Object.keys(byField).length === 0) setProblem(caught)
      const first = Object.keys(byField)[0]
      if (first)
        document
          .getElementById(first === 'business_name' ? 'business-name' : first.replace('_', '-'))
          ?.focus()
      setBusy(false)
    }
  }

  const described = (name: FieldName, hint?: string) => {
    const ids = [hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ')
    return { 'aria-describedby': ids || undefined, 'aria-invalid': errors[name] ? true : undefined }
  }
  const error = (name: FieldName) =>
    errors[name] ? (
      <span id={`${name}-error`} className="field-error">
        {errors[name]}
      </span>
    ) : null

  return (
    <div className="card narrow">
      <h1>{t.signUp.title}</h1>
      <p className="muted">{t.signUp.intro}</p>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="business-name">{t.signUp.businessName}</label>
          <input
            id="business-name"
            name="business_name"
            autoComplete="organization"
            required
            maxLength={100}
            {...described('business_name')}
          />
          {error('business_name')}
        </div>
        <div className="field">
          <label htmlFor="email">{t.signUp.email}</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            {...described('email', 'hint')}
          />
          <span id="email-hint" className="hint">
            {t.signUp.emailHint}
          </span>
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor="password">{t.signUp.password}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={CONTRACT.passwordMinLength}
            {...described('password', 'hint')}
          />
          <span id="password-hint" className="hint">
            {fill(t.signUp.passwordHint, { n: CONTRACT.passwordMinLength })}
          </span>
          {error('password')}
        </div>
        <div className="field">
          <label htmlFor="default-country">{t.signUp.country}</label>
          <select id="default-country" name="default_country" defaultValue="ESP">
            {CONTRACT.countries.map((country) => (
              <option key={country} value={country}>
                {t.signUp.countries[country]}
              </option>
            ))}
          </select>
        </div>
        {codeRequired ? (
          <div className="field">
            <label htmlFor="signup-code">{t.signUp.code}</label>
            <input
              id="signup-code"
              name="signup_code"
              required
              autoComplete="off"
              {...described('signup_code', 'hint')}
            />
            <span id="signup_code-hint" className="hint">
              {t.signUp.codeHint}
            </span>
            {error('signup_code')}
          </div>
        ) : null}
        <Problem
          problem={problem}
          {...(problem?.status === 429
            ? {
                message: fill(t.signUp.tooMany, {
                  minutes: Math.max(1, Math.ceil((problem.retryAfter ?? 60) / 60)),
                }),
              }
            : {})}
        />
        <button type="submit" disabled={busy}>
          {t.signUp.submit}
        </button>
      </form>
      <p>
        {t.signUp.haveAccount} <Link href="/sign-in">{t.signUp.signIn}</Link>
      </p>
    </div>
  )
}
